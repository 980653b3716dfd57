/**
 * The layer table as docs/architecture.md shows it: the list of layers and rooms, written there
 * by `npm run layers` between two markers, and the rooms that the doc's "Where each behaviour
 * lives" table gives no row. A unit test (test/unit/architecture/layer-doc.test.ts) fails when
 * the doc's list is not the table's or a room has no row. Pure: the doc's text is given.
 */
import { ELECTRON_FOLDERS, ELECTRON_PACKAGES, LAYERS, type Layer } from './layer-table';

export const ARCHITECTURE_DOC = 'docs/architecture.md';
const BEGIN = '<!-- layers: written by `npm run layers` from scripts/layers/layer-table.ts; edit the table, not this list -->';
const END = '<!-- /layers -->';
const BEHAVIOURS = '## Where each behaviour lives';

const code = (text: string) => `\`${text}\``;

function reachOf(layer: Layer, index: number): string {
  if (layer.reaches) return `only ${layer.reaches.join(', ')}`;
  return index === 0 ? 'no other layer' : 'the layers below';
}

function packagesOf(layer: Layer, room: string): string {
  const names = [...new Set([...layer.packages, ...(layer.rooms[room]!.packages ?? [])])].map((name) => (name === 'node:*' ? "Node's own" : code(name)));
  const folder = layer.rooms[room]!.folder;
  if (ELECTRON_FOLDERS.some((electron) => folder.startsWith(electron))) names.push("Electron's");
  return names.join(', ') || 'none';
}

/** The layers, from the bottom, one row per room. */
export function layerList(layers: Layer[] = LAYERS): string {
  const rows = layers.flatMap((layer, index) =>
    Object.entries(layer.rooms).map(([room, { folder, siblings }]) => {
      const imports = [reachOf(layer, index), ...(siblings ?? [])].join('; ');
      return `| ${layer.name} | ${room} | ${code(folder)} | ${imports} | ${packagesOf(layer, room)} |`;
    }),
  );
  return [
    BEGIN,
    'The layers, from the bottom: a room is a folder, so a path says its room and layer. A room',
    'imports the layers below it (the page and the preload only the contract) and the rooms of its',
    `own layer named here; ${ELECTRON_PACKAGES.map(code).join(', ')} only under ${ELECTRON_FOLDERS.map(code).join(' and ')}.`,
    '',
    '| layer | room | folder | imports | packages |',
    '|---|---|---|---|---|',
    ...rows,
    END,
  ].join('\n');
}

/** The doc with its list replaced by `list`; null when it has no markers to write between. */
export function withLayerList(doc: string, list: string = layerList()): string | null {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END, begin);
  if (begin < 0 || end < 0) return null;
  return `${doc.slice(0, begin)}${list}${doc.slice(end + END.length)}`;
}

/** The rooms named in the "Where each behaviour lives" table: `api (storage and api)`, or a one-room layer's name alone. */
function roomsWithRows(doc: string, layers: Layer[]): Set<string> {
  const start = doc.indexOf(BEHAVIOURS);
  if (start < 0) return new Set();
  const next = doc.indexOf('\n## ', start);
  const section = doc.slice(start, next < 0 ? undefined : next);
  const named = new Set<string>();
  for (const line of section.split('\n').filter((row) => row.startsWith('|'))) {
    const where = line.split('|')[3] ?? '';
    for (const part of where.split(/[;,→]/).map((text) => text.trim())) {
      const [, room, layer] = /^(.+?) \((.+)\)$/.exec(part) ?? [undefined, part, part];
      if (layers.some(({ name, rooms }) => name === layer && room in rooms)) named.add(room);
    }
  }
  return named;
}

/** Rooms of the table that no row of the doc's "Where each behaviour lives" table names. */
export function roomsWithoutRow(doc: string, layers: Layer[] = LAYERS): string[] {
  const named = roomsWithRows(doc, layers);
  return layers.flatMap(({ rooms }) => Object.keys(rooms)).filter((room) => !named.has(room));
}
