/**
 * Main's chunks compiled from the code cache made at build time (main/shell/code-cache.ts,
 * scripts/code-cache/cache-file.cjs), in Node processes of their own: the cache changes how a
 * process loads CommonJS. As at build time, the cache is made in one process and read in
 * another (a V8 that compiled a chunk already finds it in memory, and never reads the cache).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CODE_CACHE = resolve('main/shell/code-cache.ts');
const CACHE_FILE = resolve('scripts/code-cache/cache-file.cjs');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

interface Chunk {
  content: string;
  /** The code the cache was made from: the chunk's own unless said. */
  cachedFrom?: string;
  cache?: 'none' | 'another V8';
}

/** A built folder: `chunks/<name>` for each chunk, and each one's cache, made in another process. */
function builtFolder(chunks: Record<string, Chunk>): string {
  const built = mkdtempSync(join(tmpdir(), 'scribe-code-cache-'));
  folders.push(built);
  mkdirSync(join(built, 'chunks'));
  mkdirSync(join(built, 'code-cache'));
  const made = Object.entries(chunks).flatMap(([name, chunk]) => {
    writeFileSync(join(built, 'chunks', name), chunk.content);
    return chunk.cache === 'none' ? [] : [{ name, from: chunk.cachedFrom ?? chunk.content, anotherV8: chunk.cache === 'another V8' }];
  });
  inNewProcess(`
    import { writeFileSync } from 'node:fs';
    import { createRequire } from 'node:module';
    import { join } from 'node:path';
    const { cacheFileOf } = createRequire(import.meta.url)(${JSON.stringify(CACHE_FILE)});
    for (const { name, from, anotherV8 } of ${JSON.stringify(made)}) {
      const bytes = cacheFileOf(from, join(${JSON.stringify(built)}, 'chunks', name));
      // Made by another V8: the right digest, then data this one refuses.
      writeFileSync(join(${JSON.stringify(built)}, 'code-cache', name + '.bin'), anotherV8 ? Buffer.concat([bytes.subarray(0, 32), Buffer.from('not a V8 cache of this version')]) : bytes);
    }
  `);
  return built;
}

/** The cache in use, then `chunks/entry.cjs` loaded: its export, and what the cache says of it. */
function load(built: string): { value: unknown; used: number; refused: string[] } {
  const loaded = inNewProcess(`
    import { createRequire } from 'node:module';
    import { join } from 'node:path';
    import { compileFromCodeCache } from ${JSON.stringify(CODE_CACHE)};
    const use = compileFromCodeCache(${JSON.stringify(built)});
    const value = createRequire(import.meta.url)(join(${JSON.stringify(built)}, 'chunks', 'entry.cjs'));
    process.stdout.write(JSON.stringify({ value, used: use.used, refused: use.refused }));
  `);
  return JSON.parse(loaded) as { value: unknown; used: number; refused: string[] };
}

/** Runs `script` (an ES module) in a new Node process with tsx; answers what it printed. */
function inNewProcess(script: string): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

describe("main's chunks from the code cache made at build time", () => {
  it('a chunk and the chunks it requires are compiled from their caches, and run as Node runs them', () => {
    const built = builtFolder({
      'entry.cjs': { content: `const { part } = require('./other.cjs'); module.exports = { part, file: require('node:path').basename(__filename), self: this === module.exports };` },
      'other.cjs': { content: `exports.part = 'from the other chunk';` },
    });
    expect(load(built)).toEqual({ value: { part: 'from the other chunk', file: 'entry.cjs', self: true }, used: 2, refused: [] });
  });

  it('a chunk changed since its cache was made, even to the same length, is compiled from its own code', () => {
    const built = builtFolder({ 'entry.cjs': { content: `module.exports = 'the new code';`, cachedFrom: `module.exports = 'the old code';` } });
    expect(load(built)).toEqual({ value: 'the new code', used: 0, refused: [] });
  });

  it("a cache another Electron's V8 made is refused, said, and the chunk compiled as usual", () => {
    const built = builtFolder({ 'entry.cjs': { content: `module.exports = 'works';`, cache: 'another V8' } });
    expect(load(built)).toEqual({ value: 'works', used: 0, refused: ['entry.cjs'] });
  });

  it('a chunk without a cache is compiled as usual', () => {
    const built = builtFolder({ 'entry.cjs': { content: `module.exports = 'no cache';`, cache: 'none' } });
    expect(load(built)).toEqual({ value: 'no cache', used: 0, refused: [] });
  });
});
