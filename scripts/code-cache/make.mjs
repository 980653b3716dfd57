// Main's code cache, made when the app is built (main/shell/code-cache.ts reads it): Electron
// itself compiles each chunk of main's bundle once. A build where Electron cannot run still
// works; its app compiles its code at each start, and the build says so in one line.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { electronExecutable } from '../electron-path.mjs';

const MAKER = fileURLToPath(new URL('./maker.cjs', import.meta.url));

/** Makes the cache for the build in `builtDir` (out/main); answers how many chunks have one. */
export function makeCodeCache(builtDir) {
  const env = { ...process.env, SCRIBE_CODE_CACHE_BUILT: builtDir };
  delete env.ELECTRON_RUN_AS_NODE;
  let result;
  try {
    // No window and no web content: Chromium's headless platform, no display, no sandbox needed.
    result = spawnSync(electronExecutable(), [MAKER, '--no-sandbox', '--ozone-platform=headless'], { env, encoding: 'utf8', timeout: 60_000 });
  } catch (error) {
    result = { status: null, stderr: error.message };
  }
  const made = Number(result.stdout?.trim().split('\n').pop());
  if (result.status === 0 && made > 0) return made;
  const why = (result.stderr ?? '').trim().split('\n').pop() || `Electron ended with ${result.status ?? result.signal}`;
  console.warn(`main's code cache not made (${why}): the app will compile its code at each start.`);
  return 0;
}
