/**
 * The whole check of a source tree against the layer table: every file placed, every import
 * allowed, no circle, and no unit test reaching Electron. `npm run layers` and the unit test
 * of the layers (test/unit/architecture/layers.test.ts) both run it, the test also on small
 * trees it writes itself to show that a forbidden import fails.
 */
import { CHECKED_FOLDERS, LAYERS, UNIT_TESTS, type Layer } from './layer-table';
import { importGraph, reachedGraph, sourceFiles, type ImportEdge } from './import-graph';
import { electronReachedFrom, layerProblems } from './check-layers';

export interface TreeCheck {
  files: string[];
  edges: ImportEdge[];
  /** Empty when the tree keeps to the table. */
  problems: string[];
}

export function checkTree(root: string, layers: Layer[] = LAYERS): TreeCheck {
  const files = sourceFiles(root, CHECKED_FOLDERS);
  const edges = importGraph(root, files);
  const tests = sourceFiles(root, [UNIT_TESTS]).filter((file) => /\.test\.tsx?$/.test(file));
  const problems = [...layerProblems(files, edges, layers), ...electronReachedFrom(tests, reachedGraph(root, tests))];
  return { files, edges, problems };
}
