/**
 * One word for one thing (docs/architecture.md, "Glossary"): the test reads the glossary's table
 * itself, so the page and the check cannot drift. Every type, interface, class, enum, function,
 * method and exported constant declared in the app's code is split into its words; one holding a
 * word of the table (or its plural) outside the places the word's row allows fails, naming the
 * file, the name and the row.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
/** The app's code: what runs in its processes. */
const APP_FOLDERS = ['contract', 'main', 'preload', 'renderer'];
const HEADING = '## Glossary: one word for one thing';

/** A row of the glossary: its word (as words: "care context" is two), and the folders (ending in `/`) and files a name holding it may be declared in; null: anywhere. */
interface GlossaryRow {
  word: string;
  words: string[];
  places: string[] | null;
}

/** The rows of the glossary's table in the page's text. */
function glossaryRows(page: string): GlossaryRow[] {
  const start = page.indexOf(HEADING);
  if (start < 0) throw new Error(`docs/architecture.md has no "${HEADING}"`);
  const section = page.slice(start).split(/\n## /)[0]!;
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| word |'));
  return rows.map((line) => {
    const cells = line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, '').trim());
    const [word, , where] = [cells[0]!, cells[1], cells.at(-1)!];
    const places = where === 'anywhere' ? null : [...where.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    if (places?.length === 0) throw new Error(`the glossary's row "${word}" names no place: give folders and files in backticks, or "anywhere"`);
    return { word, words: word.split(/[\s-]+/).map((part) => part.toLowerCase()), places };
  });
}

/** A name's words, lower case: `copyNoteChapter` → copy, note, chapter; `NOTICE_SECTION_NAMES` → notice, section, names. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** Whether `words` holds the row's words in a row, the last one maybe plural. */
function holds(words: string[], row: GlossaryRow): boolean {
  const n = row.words.length;
  return words.some((_, at) => row.words.every((word, i) => words[at + i] === word || (i === n - 1 && words[at + i] === `${word}s`)));
}

/** The names a file declares: types, interfaces, classes, enums, functions, methods, and constants it exports. */
function declaredNames(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names: string[] = [];
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  const visit = (node: ts.Node) => {
    const declaration =
      ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node) || ts.isEnumDeclaration(node) ||
      ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isMethodSignature(node);
    if (declaration && node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) names.push(node.name.text);
    if (ts.isVariableStatement(node) && exported(node)) {
      for (const variable of node.declarationList.declarations) if (ts.isIdentifier(variable.name)) names.push(variable.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The names of a file that hold a row's word outside the row's places, each as "file: name (row)". */
export function misnamed(path: string, text: string, rows: GlossaryRow[]): string[] {
  const placed = (row: GlossaryRow) => row.places === null || row.places.some((place) => (place.endsWith('/') ? path.startsWith(place) : path === place));
  const outside = rows.filter((row) => !placed(row));
  if (outside.length === 0) return [];
  return declaredNames(path, text).flatMap((name) => {
    const words = nameWords(name);
    return outside.filter((row) => holds(words, row)).map((row) => `${path}: ${name} ("${row.word}" is named only in ${row.places!.join(', ')})`);
  });
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const rows = glossaryRows(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

describe('the glossary', () => {
  it('is read from docs/architecture.md, its one-meaning words kept to their places', () => {
    const byWord = new Map(rows.map((row) => [row.word, row]));
    for (const word of ['part', 'chapter', 'field', 'section', 'session', 'recording', 'sign-in', 'recorder', 'writer']) expect(byWord.has(word), word).toBe(true);
    for (const word of ['part', 'chapter', 'session', 'recorder']) expect(byWord.get(word)!.places, word).not.toBeNull();
    expect(byWord.get('sign-in')!.words).toEqual(['sign', 'in']);
  });

  it('catches a word used for something else, and not a longer word that starts with it', () => {
    const probe = (path: string, text: string) => misnamed(path, text, rows);
    expect(probe('renderer/features/consent/notice.ts', 'export type NoticePart = {};')).toEqual([
      'renderer/features/consent/notice.ts: NoticePart ("part" is named only in ' + rows.find((row) => row.word === 'part')!.places!.join(', ') + ')',
    ]);
    expect(probe('main/service/sign-in.ts', 'export class ClientCredentialsSession {}')).toHaveLength(1);
    expect(probe('main/audit/audit-event.ts', 'export interface AuditRecorder { record(): void }')).toHaveLength(1);
    expect(probe('main/clipboard/copy.ts', 'export const NOTICE_PARTS = [];')).toHaveLength(1);
    expect(probe('contract/patients.ts', 'export function copyPatientParts(): void {}')).toHaveLength(1);
    expect(probe('main/status/status.ts', 'class Shown { copyNoteChapter(): void {} }')).toHaveLength(1);
    // Other words, locals and a word's own places are not this check's.
    expect(probe('contract/x.ts', 'export type Partial2 = Partial<{}>; export function partner(): void { const part = 1; } const PARTS = 1;')).toEqual([]);
    expect(probe('main/audio/audio-parts.ts', 'export interface AudioPart {}')).toEqual([]);
    expect(probe('renderer/features/settings/x.ts', 'export type MultipartForm = {};')).toEqual([]);
  });

  it('holds for every name declared in the app’s code', () => {
    const files = APP_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(400);
    const found = files.flatMap((file) => {
      const path = relative(ROOT, file).split('\\').join('/');
      return misnamed(path, readFileSync(file, 'utf8'), rows);
    });
    expect(found, 'name it by the glossary in docs/architecture.md, or add the place to its row if the word means the same thing there').toEqual([]);
  });
});
