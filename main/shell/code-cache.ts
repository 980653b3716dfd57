/**
 * Main's code compiled when the app is built, not at each start: each chunk of main's bundle
 * has V8's code cache beside it, made by Electron itself at build time
 * (scripts/code-cache/make.mjs). A chunk is compiled from its cache only when the cache was made
 * from exactly that chunk (its SHA-256 first, then V8's own check of its version and flags);
 * otherwise as Node compiles it. The caches are in the app's own folder, which only an
 * administrator can change where the app is installed; never in the data folder.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

const DIGEST_BYTES = 32;

export interface CodeCacheUse {
  /** Chunks compiled from their cache. */
  used: number;
  /** Chunks whose cache V8 refused (made by another Electron): compiled as usual. */
  refused: string[];
}

type Compile = (this: Module, content: string, filename: string) => unknown;

/** From now on, main's chunks in `builtDir/chunks` are compiled from their caches where these fit; the answer says how it went, and grows. */
export function compileFromCodeCache(builtDir: string): CodeCacheUse {
  const use: CodeCacheUse = { used: 0, refused: [] };
  const chunks = join(builtDir, 'chunks');
  const prototype = Module.prototype as unknown as { _compile: Compile };
  const compile = prototype._compile;
  prototype._compile = function compileFromCache(content, filename) {
    const cached = dirname(filename) === chunks ? cacheOf(join(builtDir, 'code-cache', `${basename(filename)}.bin`), content) : null;
    if (!cached) return compile.call(this, content, filename);
    const script = new Script(Module.wrap(content), { filename, cachedData: cached });
    if (script.cachedDataRejected) use.refused.push(basename(filename));
    else use.used += 1;
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  return use;
}

/** V8's data in `file`, when it was made from `content`; null when there is none, or it was made from other code. */
function cacheOf(file: string, content: string): Buffer | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  if (bytes.length <= DIGEST_BYTES) return null;
  const digest = createHash('sha256').update(content).digest();
  return digest.equals(bytes.subarray(0, DIGEST_BYTES)) ? bytes.subarray(DIGEST_BYTES) : null;
}
