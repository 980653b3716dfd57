/**
 * Every page file opens with a line saying what it is (docs/architecture.md): a comment before
 * its first import or statement, in words. A file that opens with code, with an empty comment,
 * or with only a tool's directive fails, naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const PAGE = join(ROOT, 'renderer');

/** A comment that is an instruction to a tool, not a line for a reader. */
const DIRECTIVE = /^(eslint|@ts-|prettier-|istanbul|c8 )/;

/** The words of a file's opening comment; null when it opens with anything else (code, nothing, a directive). */
function openingLine(text: string): string | null {
  const opening = /^\s*(?:\/\*+([\s\S]*?)\*\/|\/\/([^\n]*))/.exec(text);
  if (!opening) return null;
  const words = (opening[1] ?? opening[2] ?? '').replace(/^\s*\*/gm, ' ').replace(/\s+/g, ' ').trim();
  return words === '' || DIRECTIVE.test(words) ? null : words;
}

function pageFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return pageFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("a page file's opening line", () => {
  it('is a comment in words before anything else', () => {
    expect(openingLine('/** The navigation between screens. */\nimport { useRef } from "react";\n')).toBe('The navigation between screens.');
    expect(openingLine('\n/**\n * The page\'s clock:\n * its time and timers.\n */\nexport {};\n')).toBe("The page's clock: its time and timers.");
    expect(openingLine('// The page\'s entry.\nimport "./styles.css";\n')).toBe("The page's entry.");
  });

  it('is missing when the file opens with code, an empty comment or a directive', () => {
    expect(openingLine("import { useRef } from 'react';\n/** The navigation. */\nexport function NavBar() {}\n")).toBeNull();
    expect(openingLine('/** */\nexport {};\n')).toBeNull();
    expect(openingLine('/* eslint-disable react-hooks/exhaustive-deps */\nexport {};\n')).toBeNull();
    expect(openingLine('// @ts-nocheck\nexport {};\n')).toBeNull();
    expect(openingLine('')).toBeNull();
  });

  it('opens every file of the page', () => {
    const files = pageFiles(PAGE);
    expect(files.length).toBeGreaterThan(80);
    const lacking = files.filter((file) => openingLine(readFileSync(file, 'utf8')) === null).map((file) => relative(ROOT, file));
    expect(lacking, 'these page files do not open with a line saying what they are').toEqual([]);
  });
});
