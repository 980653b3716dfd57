/**
 * The whole check of a source tree against the layer table: every file placed, every import
 * allowed, no circle, no unit test reaching Electron, no JavaScript file the table does not
 * name, and no function over the line limit. `npm run layers` and the unit test
 * of the layers (test/unit/architecture/layers.test.ts) both run it, the test also on small
 * trees it writes itself to show that a forbidden import fails.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKED_FOLDERS, FUNCTION_FOLDERS, FUNCTION_LINE_LIMIT, JAVASCRIPT_FILES, JAVASCRIPT_FOLDERS, LAYERS, UNIT_TESTS, type Layer } from './layer-table';
import { importGraph, JAVASCRIPT, reachedGraph, sourceFiles, type ImportEdge } from './import-graph';
import { electronReachedFrom, layerProblems } from './check-layers';
import { longFunctions } from './long-functions';

export interface TreeCheck {
  files: string[];
  edges: ImportEdge[];
  /** Empty when the tree keeps to the table. */
  problems: string[];
}

const TABLE = 'scripts/layers/layer-table.ts';

/** JavaScript files the table does not name: the check reads TypeScript only, so one could import anything. */
function javascriptProblems(root: string): string[] {
  const atRoot = readdirSync(root).filter((name) => JAVASCRIPT.test(name) && statSync(join(root, name)).isFile());
  return [...atRoot, ...sourceFiles(root, JAVASCRIPT_FOLDERS, JAVASCRIPT)]
    .filter((file) => !(file in JAVASCRIPT_FILES))
    .map((file) => `${file} is JavaScript, which the layer check does not read: write it in TypeScript, or name it and why it must be JavaScript in ${TABLE}`);
}

function longFunctionProblems(root: string): string[] {
  return longFunctions(root, sourceFiles(root, FUNCTION_FOLDERS), FUNCTION_LINE_LIMIT).map(
    ({ file, name, line, lines }) => `${file}:${line} the function ${name} is ${lines} lines long: a function has at most ${FUNCTION_LINE_LIMIT} (${TABLE})`,
  );
}

export function checkTree(root: string, layers: Layer[] = LAYERS): TreeCheck {
  const files = sourceFiles(root, CHECKED_FOLDERS);
  const edges = importGraph(root, files);
  const tests = sourceFiles(root, [UNIT_TESTS]).filter((file) => /\.test\.tsx?$/.test(file));
  const problems = [
    ...layerProblems(files, edges, layers),
    ...electronReachedFrom(tests, reachedGraph(root, tests)),
    ...javascriptProblems(root),
    ...longFunctionProblems(root),
  ];
  return { files, edges, problems };
}
