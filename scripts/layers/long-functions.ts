/**
 * Functions longer than a limit, as the TypeScript compiler finds them (declarations, methods,
 * arrow functions and function expressions, each counted from its first to its last line),
 * but for a test file's `describe` callback, which only groups tests. Pure apart from reading the files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  // A callback by what it is passed to: `test('title', …)`.
  if (parent && ts.isCallExpression(parent)) {
    const [first] = parent.arguments;
    return `passed to ${parent.expression.getText()}(${first && ts.isStringLiteralLike(first) ? `'${first.text}'` : '…'})`;
  }
  return '(anonymous)';
}

function groupsTests(node: ts.Node): boolean {
  return ts.isCallExpression(node.parent) && /^(?:test\.)?describe\b/.test(node.parent.expression.getText());
}

export function longFunctions(root: string, files: string[], limit: number): LongFunction[] {
  const found: LongFunction[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body && !groupsTests(node)) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        if (end - start + 1 > limit) found.push({ file, name: nameOf(node), line: start + 1, lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
