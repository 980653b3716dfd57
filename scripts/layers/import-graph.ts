/**
 * The import graph of the source tree, as the TypeScript compiler reads each file: static
 * imports and re-exports, `import()`, `require()` and any name it is given, and calls of a
 * `createRequire` result (named, inline, or `module.createRequire`). Each import is resolved by
 * TypeScript's own module resolution (as the bundler resolves it: `./log.js` is `./log.ts`) to
 * a file of the tree, or named as a package; one by a computed name (`import(variable)`) is
 * kept as such, since nobody can tell what it loads. Pure apart from reading the files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type Target =
  | { kind: 'file'; path: string }
  | { kind: 'package'; name: string }
  | { kind: 'unresolved'; specifier: string }
  /** Loaded by a computed name: the specifier is the expression as written. */
  | { kind: 'computed' };

export interface ImportEdge {
  from: string;
  to: Target;
  specifier: string;
  /** Only `import type` / `export type`: erased when compiled, so nothing is loaded. */
  typeOnly: boolean;
}

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
export const JAVASCRIPT = /\.(?:js|jsx|mjs|cjs)$/;
/** How the project's bundler (Vite) and type check resolve a module. */
const RESOLUTION: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowJs: true, resolveJsonModule: true, allowImportingTsExtensions: true, noEmit: true };

/** The TypeScript files (or those whose name `kind` matches) under the folders, as paths from the root. */
export function sourceFiles(root: string, folders: string[], kind = SOURCE): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder))) {
      const path = join(folder, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (kind.test(name)) found.push(path.split('\\').join('/'));
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(folder);
  return found.sort();
}

/** Node's own modules, with or without `node:`. */
function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || (ts.sys && ['fs', 'path', 'os', 'crypto', 'child_process', 'stream', 'url', 'module', 'http', 'net', 'zlib', 'worker_threads', 'events', 'util', 'assert'].includes(specifier.split('/')[0]!));
}

/** The package a specifier loads: `a/node_modules/b/x` loads `b`, the copy of it nested in `a`. */
function packageName(specifier: string): string {
  if (isBuiltin(specifier)) return `node:${specifier.replace(/^node:/, '')}`;
  const parts = specifier.split('/node_modules/').at(-1)!.split('/');
  return parts[0]!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** `createRequire(import.meta.url)` itself, or `module.createRequire(…)`. */
function isCreateRequire(node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  return (ts.isIdentifier(callee) && callee.text === 'createRequire') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 'createRequire');
}

/**
 * Calls that load a module: `import(x)`, `require(x)`, `createRequire(…)(x)`, and `load(x)`
 * where `load` is `require` or a `createRequire(…)` result under another name (`const load =
 * require`, `let load; load = createRequire(…)`), however many times renamed.
 */
function loaderCalls(source: ts.SourceFile): ts.CallExpression[] {
  const loaders = new Set(['require']);
  const calls: ts.CallExpression[] = [];
  const isLoader = (node: ts.Expression): boolean => {
    const inner = ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) ? node.expression : node;
    return isCreateRequire(inner) || (ts.isIdentifier(inner) && loaders.has(inner.text));
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isLoader(node.initializer)) loaders.add(node.name.text);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && isLoader(node.right)) loaders.add(node.left.text);
    if (ts.isCallExpression(node)) calls.push(node);
    ts.forEachChild(node, visit);
  };
  // Twice: a name made a loader after its first use (a function declared above its assignment) is found on the second pass.
  visit(source);
  calls.length = 0;
  visit(source);
  return calls.filter(
    ({ expression }) => expression.kind === ts.SyntaxKind.ImportKeyword || isCreateRequire(expression) || (ts.isIdentifier(expression) && loaders.has(expression.text)),
  );
}

export interface Specifiers {
  /** The module specifiers a file imports in any way, as written. */
  named: string[];
  /** The expressions of the imports by a computed name (`import(variable)`), as written. */
  computed: string[];
}

/** `import(x)` and `require(x)`, which the compiler's own reading finds when `x` is a string. */
function readByCompiler(call: ts.CallExpression): boolean {
  return call.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(call.expression) && call.expression.text === 'require');
}

/** What `fileName` (its extension: `.tsx` is read as TSX) imports. */
export function specifiersOf(text: string, fileName = 'file.ts'): Specifiers {
  const named = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
  const computed: string[] = [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  // The compiler's pre-reading misses `export * as name from`.
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !named.includes(statement.moduleSpecifier.text)) named.push(statement.moduleSpecifier.text);
  }
  for (const call of loaderCalls(source)) {
    const [argument] = call.arguments;
    if (!argument) continue;
    if (!ts.isStringLiteralLike(argument)) computed.push(argument.getText(source));
    else if (!readByCompiler(call) || !named.includes(argument.text)) named.push(argument.text);
  }
  return { named, computed };
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

const caches = new Map<string, ts.ModuleResolutionCache>();
/** One cache a tree: the tree's files share their folders' lookups. */
function resolutionCache(root: string): ts.ModuleResolutionCache {
  let cache = caches.get(root);
  if (!cache) caches.set(root, (cache = ts.createModuleResolutionCache(root, (name) => name, RESOLUTION)));
  return cache;
}

export function resolveTarget(root: string, from: string, specifier: string): Target {
  if (!specifier.startsWith('.')) return { kind: 'package', name: packageName(specifier) };
  const bare = specifier.replace(/\?.*$/, '');
  // A file named as it is (a .cjs or .html beside the code), else as TypeScript resolves it.
  const named = resolve(root, dirname(from), bare);
  if (existsSync(named) && statSync(named).isFile() && !SOURCE.test(named)) return { kind: 'file', path: relative(root, named).split('\\').join('/') };
  const resolved = ts.resolveModuleName(bare, join(root, from), RESOLUTION, ts.sys, resolutionCache(root)).resolvedModule?.resolvedFileName;
  return resolved ? { kind: 'file', path: relative(root, resolved).split('\\').join('/') } : { kind: 'unresolved', specifier };
}

export function importGraph(root: string, files: string[]): ImportEdge[] {
  return files.flatMap((from) => {
    const text = readFileSync(join(root, from), 'utf8');
    const { named, computed } = specifiersOf(text, from);
    const typeOnly = typeOnlySpecifiers(text, named);
    return [
      ...named.map((specifier) => ({ from, specifier, to: resolveTarget(root, from, specifier), typeOnly: typeOnly.has(specifier) })),
      ...computed.map((expression) => ({ from, specifier: expression, to: { kind: 'computed' } as const, typeOnly: false })),
    ];
  });
}

/** The imports of `entries` and of every file of the tree they load, however indirectly (`import type` loads nothing). */
export function reachedGraph(root: string, entries: string[]): ImportEdge[] {
  return walkGraph(root, entries, () => true);
}

/**
 * What loading `entries` loads with them, before any of their code runs on: as reachedGraph,
 * but not through `import()`, which loads a module only when the call is made.
 */
export function eagerGraph(root: string, entries: string[]): ImportEdge[] {
  const later = new Map<string, Set<string>>();
  const laterIn = (file: string) => later.get(file) ?? later.set(file, laterSpecifiers(readFileSync(join(root, file), 'utf8'), file)).get(file)!;
  return walkGraph(root, entries, (edge) => !laterIn(edge.from).has(edge.specifier));
}

/** The specifiers a file loads only by `import()` calls (`import type` loads nothing): loaded when a call is made, not with the file. */
export function laterSpecifiers(text: string, fileName = 'file.ts'): Set<string> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const withFile = new Set<string>();
  const later = new Set<string>();
  for (const statement of source.statements) {
    const declaration = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement : null;
    if (!declaration?.moduleSpecifier || !ts.isStringLiteral(declaration.moduleSpecifier)) continue;
    const typeOnly = ts.isImportDeclaration(declaration) ? declaration.importClause?.isTypeOnly === true : declaration.isTypeOnly;
    if (!typeOnly) withFile.add(declaration.moduleSpecifier.text);
  }
  for (const call of loaderCalls(source)) {
    const [argument] = call.arguments;
    if (argument && ts.isStringLiteralLike(argument)) (call.expression.kind === ts.SyntaxKind.ImportKeyword ? later : withFile).add(argument.text);
  }
  return new Set([...later].filter((specifier) => !withFile.has(specifier)));
}

/** The edges of `entries` and of every file reached through an edge `follow` takes. */
function walkGraph(root: string, entries: string[], follow: (edge: ImportEdge) => boolean): ImportEdge[] {
  const seen = new Set(entries);
  const queue = [...entries];
  const edges: ImportEdge[] = [];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const edge of importGraph(root, [file])) {
      if (!follow(edge)) continue;
      edges.push(edge);
      if (edge.typeOnly || edge.to.kind !== 'file' || !SOURCE.test(edge.to.path) || seen.has(edge.to.path)) continue;
      seen.add(edge.to.path);
      queue.push(edge.to.path);
    }
  }
  return edges;
}
