/**
 * `npm run layers`: checks the tree against the layer table, draws the structure the imports
 * make, room by room, as a Mermaid flowchart, and writes the table's list of layers and rooms
 * into docs/architecture.md. Exits with 1 when anything breaks the table (or a unit test
 * reaches Electron, or a room has no row in the doc).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAYERS } from './layer-table';
import type { ImportEdge } from './import-graph';
import { placementOf } from './check-layers';
import { checkTree } from './check-tree';
import { ARCHITECTURE_DOC, roomsWithoutRow, withLayerList } from './layer-doc';

const ROOT = process.cwd();

/** The rooms' imports of each other, as a Mermaid flowchart, each layer a box. */
export function drawing(edges: ImportEdge[]): string {
  const id = (room: string) => room.replace(/[^A-Za-z0-9]/g, '_');
  const links = new Set<string>();
  for (const edge of edges) {
    if (edge.to.kind !== 'file') continue;
    const from = placementOf(edge.from);
    const to = placementOf(edge.to.path);
    if (from && to && from.room !== to.room) links.add(`  ${id(from.room)} --> ${id(to.room)}`);
  }
  const boxes = LAYERS.map((layer) => [`  subgraph ${id(layer.name)}["${layer.name}"]`, ...Object.keys(layer.rooms).map((room) => `    ${id(room)}["${room}"]`), '  end'].join('\n'));
  return ['flowchart TB', ...boxes, ...[...links].sort()].join('\n');
}

/** The doc with the table's list written in; what is wrong with it otherwise. */
function writeLayerList(): string[] {
  const path = join(ROOT, ARCHITECTURE_DOC);
  const doc = readFileSync(path, 'utf8');
  const written = withLayerList(doc);
  if (written === null) return [`${ARCHITECTURE_DOC} has no markers for the list of layers (scripts/layers/layer-doc.ts)`];
  if (written !== doc) {
    writeFileSync(path, written);
    process.stdout.write(`${ARCHITECTURE_DOC}: the list of layers written from the table.\n`);
  }
  return roomsWithoutRow(written).map((room) => `${ARCHITECTURE_DOC} has no row for the room ${room} in "Where each behaviour lives"`);
}

const { files, edges, problems: treeProblems } = checkTree(ROOT);
const problems = [...treeProblems, ...writeLayerList()];
process.stdout.write(`\`\`\`mermaid\n${drawing(edges)}\n\`\`\`\n\n`);
process.stdout.write(problems.length === 0 ? `${files.length} files, ${edges.length} imports: every one keeps to the layer table.\n` : `${problems.join('\n')}\n`);
process.exitCode = problems.length === 0 ? 0 : 1;
