/**
 * The layer table's rules as ESLint reads them (eslint.config.ts): one rule, `layers/imports`,
 * that asks of each import what `npm run layers` asks (check-layers.ts's importProblem, the import
 * resolved as import-graph.ts resolves it), so that an editor shows the same refusal, in the same
 * words, where the import is written. What needs the whole graph (a loader under another name, a
 * circle, a unit test reaching Electron) is the checker's alone.
 */
import { relative, sep } from 'node:path';
import type { ESLint, Rule } from 'eslint';
import type { Node } from 'estree';
import { importProblem } from './check-layers';
import { resolveTarget, type ImportEdge } from './import-graph';
import { CHECKED_FOLDERS } from './layer-table';

/** The files the table places, as ESLint globs. */
export const PLACED_FILES = CHECKED_FOLDERS.map((folder) => `${folder}/**/*.{ts,tsx}`);

/** The module a specifier names, as written: a string, or a template without substitutions. */
function written(source: Node): string | null {
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source.type === 'TemplateLiteral' && source.expressions.length === 0) return source.quasis[0]!.value.cooked ?? null;
  return null;
}

function edgeOf(root: string, from: string, specifier: string | null, expression: string): ImportEdge {
  if (specifier === null) return { from, specifier: expression, to: { kind: 'computed' }, typeOnly: false };
  return { from, specifier, to: resolveTarget(root, from, specifier), typeOnly: false };
}

const imports: Rule.RuleModule = {
  meta: { type: 'problem', docs: { description: 'Every import keeps to the layer table (scripts/layers/layer-table.ts)' }, schema: [] },
  create(context) {
    const from = relative(context.cwd, context.filename).split(sep).join('/');
    const check = (source: Node | null | undefined) => {
      if (!source) return;
      const problem = importProblem(edgeOf(context.cwd, from, written(source), context.sourceCode.getText(source)));
      if (problem) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

/** The plugin eslint.config.ts loads as `layers`. */
export const layersPlugin: ESLint.Plugin = { rules: { imports } };
