// Run by Electron's main process (never by Node, whose V8 flags differ: Electron would refuse
// its cache): V8's code cache for each chunk of main's bundle (cache-file.cjs), in
// `code-cache/` beside them. The build's folder: SCRIBE_CODE_CACHE_BUILT.
const { app } = require('electron');
const { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { cacheFileOf } = require('./cache-file.cjs');

try {
  const built = process.env.SCRIBE_CODE_CACHE_BUILT;
  const chunks = join(built, 'chunks');
  const caches = join(built, 'code-cache');
  rmSync(caches, { recursive: true, force: true });
  mkdirSync(caches);
  let made = 0;
  for (const name of readdirSync(chunks).filter((file) => file.endsWith('.cjs'))) {
    const filename = join(chunks, name);
    writeFileSync(join(caches, `${name}.bin`), cacheFileOf(readFileSync(filename, 'utf8'), filename));
    made += 1;
  }
  process.stdout.write(`${made}\n`);
  app.exit(0);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  app.exit(1);
}
