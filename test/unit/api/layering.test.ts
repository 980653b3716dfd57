/**
 * main/api is transport and wire schemas: nothing it imports, directly or through other
 * modules, is a feature or a view of an answer. Lint refuses a direct import
 * (eslint.config.js); this follows the imports all the way, so no cycle between the api and a
 * feature can hide behind a third module.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const FEATURES = ['main/dictations/', 'main/lab-reports/', 'main/registration/', 'main/results/'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function sourcesIn(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name).split('\\').join('/'));
}

/** The files of this repository a module imports (packages and Node's modules left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    if (!specifier.startsWith('.')) continue;
    const base = resolve(ROOT, dirname(file), specifier);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (target) found.push(relative(ROOT, target).split('\\').join('/'));
  }
  return found;
}

/** Every module reached from `start`, with the path that reached it. */
function reachedFrom(start: string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>(start.map((file) => [file, [file]]));
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of importsOf(file)) {
      if (reached.has(next)) continue;
      reached.set(next, [...reached.get(file)!, next]);
      queue.push(next);
    }
  }
  return reached;
}

describe('the layers', () => {
  it('main/api reaches no feature and no result view, however indirectly', () => {
    const api = sourcesIn('main/api');
    expect(api.length).toBeGreaterThan(10);
    const reached = reachedFrom(api);
    const intoFeatures = [...reached].filter(([file]) => FEATURES.some((feature) => file.startsWith(feature))).map(([, path]) => path.join(' → '));
    expect(intoFeatures).toEqual([]);
  });

  it('the features do use the api (so the check above looks at the right files)', () => {
    expect(importsOf('main/dictations/stored-result.ts')).toContain('main/api/voice-api.ts');
    expect(importsOf('main/lab-reports/lab-result.ts')).toContain('main/results/output-content.ts');
  });
});
