/**
 * `npm run layers`: checks the tree against the layer table and draws the structure the
 * imports make, room by room, as a Mermaid flowchart (docs/architecture.md carries it).
 * Exits with 1 when anything breaks the table (or a unit test reaches Electron).
 */
import { LAYERS } from './layer-table';
import type { ImportEdge } from './import-graph';
import { placementOf } from './check-layers';
import { checkTree } from './check-tree';

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

const { files, edges, problems } = checkTree(ROOT);
process.stdout.write(`\`\`\`mermaid\n${drawing(edges)}\n\`\`\`\n\n`);
process.stdout.write(problems.length === 0 ? `${files.length} files, ${edges.length} imports: every one keeps to the layer table.\n` : `${problems.join('\n')}\n`);
process.exitCode = problems.length === 0 ? 0 : 1;
