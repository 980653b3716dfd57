import { CHECKED_FOLDERS } from '../scripts/layers/layer-table';
import { importGraph, sourceFiles } from '../scripts/layers/import-graph';
import { layerProblems } from '../scripts/layers/check-layers';
const root = process.cwd();
const files = sourceFiles(root, CHECKED_FOLDERS);
const problems = layerProblems(files, importGraph(root, files));
console.log(problems.join('\n')); console.log(problems.length, 'problems');
