/**
 * The import graph of the source tree, as the TypeScript compiler reads each file: static
 * imports and re-exports, `import()`, `require()`, and calls of a `createRequire` result.
 * Each import is resolved to a file of the tree or named as a package. Pure apart from reading
 * the files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type Target = { kind: 'file'; path: string } | { kind: 'package'; name: string } | { kind: 'unresolved'; specifier: string };

export interface ImportEdge {
  from: string;
  to: Target;
  specifier: string;
  /** Only `import type` / `export type`: erased when compiled, so nothing is loaded. */
  typeOnly: boolean;
}

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '/index.ts', '/index.tsx'];

export function sourceFiles(root: string, folders: string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = join(folder, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (SOURCE.test(name)) found.push(path.split('\\').join('/'));
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(folder);
  return found.sort();
}

/** Node's own modules, with or without `node:`. */
function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || (ts.sys && ['fs', 'path', 'os', 'crypto', 'child_process', 'stream', 'url', 'module', 'http', 'net', 'zlib', 'worker_threads', 'events', 'util', 'assert'].includes(specifier.split('/')[0]!));
}

function packageName(specifier: string): string {
  if (isBuiltin(specifier)) return `node:${specifier.replace(/^node:/, '')}`;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The module specifiers a file imports in any way, as written. */
export function specifiersOf(text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const found = importedFiles.map((file) => file.fileName);
  // `const load = createRequire(import.meta.url)` … `load('koffi')`
  for (const [, name] of text.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*createRequire\(/g)) {
    for (const [, specifier] of text.matchAll(new RegExp(`\\b${name}\\(\\s*['"\`]([^'"\`]+)['"\`]\\s*\\)`, 'g'))) found.push(specifier!);
  }
  return found;
}

/**
 * The specifiers a file names only in `import type` and `export type` declarations: erased when
 * compiled. One also named by a plain import, `import()` or `require` loads, and so does a
 * `{ type X }` inside a plain import (the module syntax is kept verbatim).
 */
export function typeOnlySpecifiers(text: string, specifiers: string[]): Set<string> {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, false);
  const erased = new Map<string, number>();
  for (const statement of source.statements) {
    const declaration = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement : null;
    if (!declaration?.moduleSpecifier || !ts.isStringLiteral(declaration.moduleSpecifier)) continue;
    const typeOnly = ts.isImportDeclaration(declaration) ? declaration.importClause?.isTypeOnly === true : declaration.isTypeOnly;
    if (typeOnly) erased.set(declaration.moduleSpecifier.text, (erased.get(declaration.moduleSpecifier.text) ?? 0) + 1);
  }
  const named = (specifier: string) => specifiers.filter((other) => other === specifier).length;
  return new Set([...erased].filter(([specifier, count]) => count === named(specifier)).map(([specifier]) => specifier));
}

function resolveTarget(root: string, from: string, specifier: string): Target {
  if (!specifier.startsWith('.')) return { kind: 'package', name: packageName(specifier) };
  const bare = specifier.replace(/\?.*$/, '');
  const base = resolve(root, dirname(from), bare);
  const candidates = [base, ...EXTENSIONS.map((extension) => `${base}${extension}`)];
  const file = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return file ? { kind: 'file', path: relative(root, file).split('\\').join('/') } : { kind: 'unresolved', specifier };
}

export function importGraph(root: string, files: string[]): ImportEdge[] {
  return files.flatMap((from) => {
    const text = readFileSync(join(root, from), 'utf8');
    const specifiers = specifiersOf(text);
    const typeOnly = typeOnlySpecifiers(text, specifiers);
    return specifiers.map((specifier) => ({ from, specifier, to: resolveTarget(root, from, specifier), typeOnly: typeOnly.has(specifier) }));
  });
}

/** The imports of `entries` and of every file of the tree they load, however indirectly (`import type` loads nothing). */
export function reachedGraph(root: string, entries: string[]): ImportEdge[] {
  const seen = new Set(entries);
  const queue = [...entries];
  const edges: ImportEdge[] = [];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const edge of importGraph(root, [file])) {
      edges.push(edge);
      if (edge.typeOnly || edge.to.kind !== 'file' || !SOURCE.test(edge.to.path) || seen.has(edge.to.path)) continue;
      seen.add(edge.to.path);
      queue.push(edge.to.path);
    }
  }
  return edges;
}
