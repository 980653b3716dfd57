/**
 * The built bundles are ASCII (electron.vite.config.ts): V8 keeps a source with one character
 * outside Latin-1 in two bytes a character, and reads and scans it more slowly; Chromium keeps a
 * style sheet the same way. Licence comments (`/*! … *\/`) keep their authors' names as written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../support/e2e/launch-app';

const OUT = join(ROOT, 'out');
const SCRIPT = /\.(c?js)$/;
const PAGE_TEXT = /\.(css|html)$/;
const LICENCE_COMMENT = /\/\*![\s\S]*?\*\//g;

/** Each file with a character outside ASCII (once `ignored` is taken out), named with the text around the first one. */
function notAscii(paths: string[], ignored?: RegExp): string[] {
  return paths.flatMap((path) => {
    const whole = readFileSync(path, 'utf8');
    const text = ignored ? whole.replace(ignored, '') : whole;
    const at = text.search(/[\u0080-\uffff]/);
    return at < 0 ? [] : [`${relative(OUT, path)}: "${text.slice(Math.max(0, at - 30), at + 10)}"`];
  });
}

test('every script the app runs is ASCII, but for licence comments', () => {
  const all = readdirSync(OUT, { recursive: true, encoding: 'utf8' }).filter((name) => SCRIPT.test(name)).map((name) => join(OUT, name));
  expect(all.length).toBeGreaterThan(20);
  expect(notAscii(all, LICENCE_COMMENT)).toEqual([]);
});

test("the page's style sheet and HTML are ASCII", () => {
  const all = readdirSync(join(OUT, 'renderer'), { recursive: true, encoding: 'utf8' }).filter((name) => PAGE_TEXT.test(name)).map((name) => join(OUT, 'renderer', name));
  expect(all.map((path) => relative(OUT, path)).sort()).toEqual(expect.arrayContaining(['renderer/index.html', expect.stringMatching(/^renderer\/assets\/index-.*\.css$/)]));
  expect(notAscii(all)).toEqual([]);
});
