/**
 * Time comes from one Clock (docs/architecture.md): the app's code reads the time only through
 * a clock it is handed, never from `new Date()`, `Date()`, `Date.now` or `performance.now`
 * itself, so that a test moves the time instead of waiting for it. The clocks themselves are the
 * only places that read it, each named here with why. A read anywhere else fails, naming the
 * file, the line and what it read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
/** The app's code: what runs in its processes. */
const APP_FOLDERS = ['contract', 'main', 'preload', 'renderer'];

/** The only files that read the time themselves, and why. */
const CLOCKS: Record<string, string> = {
  'main/core/clock.ts': "main's clocks: the system's, the app's (moved by the tests' offset) and the process's own time, handed from the composition root",
  'renderer/app/clock.ts': "the page's clock: the browser's time and timers, handed from the page's root (stores.ts) and read by its views",
};

/** The reads of the time in a file's text: `new Date()` without an argument, `Date()`, `Date.now`, `performance.now`; each as "line: what". */
function timeReads(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const reads: string[] = [];
  const isNamed = (node: ts.Node, name: string) => (ts.isIdentifier(node) && node.text === name) || (ts.isPropertyAccessExpression(node) && node.name.text === name && (ts.isIdentifier(node.expression) ? node.expression.text === 'globalThis' || node.expression.text === 'window' : false));
  const visit = (node: ts.Node) => {
    const read =
      (ts.isNewExpression(node) && isNamed(node.expression, 'Date') && (node.arguments?.length ?? 0) === 0) ||
      (ts.isCallExpression(node) && isNamed(node.expression, 'Date')) ||
      (ts.isPropertyAccessExpression(node) && node.name.text === 'now' && (isNamed(node.expression, 'Date') || isNamed(node.expression, 'performance')));
    if (read) reads.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('reading the time', () => {
  it('is found however it is written', () => {
    const probes = [
      'export const made = new Date();',
      'export const made = new Date;',
      'export const stamp = Date();',
      'export const at = Date.now();',
      'export const now: () => number = Date.now;',
      'export function make(now = () => Date.now()) { return now; }',
      'export const at = performance.now();',
      'export const at = globalThis.performance.now();',
      'export const at = new globalThis.Date();',
      'export const at = window.Date.now();',
    ];
    for (const probe of probes) expect(timeReads('probe.ts', probe), probe).toHaveLength(1);
    expect(timeReads('probe.tsx', 'export const View = () => <time>{new Date().toISOString()}</time>;')).toEqual(['1: new Date()']);
  });

  it('is not a date made from a given time, parsing, or words about the time', () => {
    const allowed = [
      'export const at = (clock: { now(): number }) => new Date(clock.now());',
      "export const day = new Date('2026-11-27T05:12:00.000Z');",
      "export const ms = Date.parse('Fri, 31 Dec 9999 23:59:59 GMT') + Date.UTC(2026, 0, 1);",
      '// Date.now() and new Date() are read by the clock alone.',
      "export const words = 'performance.now()';",
      'export const read = (clock: { now(): number }) => clock.now();',
    ];
    for (const text of allowed) expect(timeReads('probe.ts', text), text).toEqual([]);
  });

  it('happens in the clocks alone, in all of the app’s code', () => {
    const files = APP_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(400);
    const found = files.flatMap((file) => {
      const path = relative(ROOT, file).split('\\').join('/');
      return path in CLOCKS ? [] : timeReads(path, readFileSync(file, 'utf8')).map((read) => `${path}:${read}`);
    });
    expect(found, 'read the time from the clock you are handed (main/core/clock.ts, renderer/app/clock.ts), not from Date or performance').toEqual([]);
  });

  it('is still done by each named clock (a clock that no longer reads it is taken off the list)', () => {
    for (const path of Object.keys(CLOCKS)) expect(timeReads(path, readFileSync(join(ROOT, path), 'utf8')), path).not.toEqual([]);
  });
});
