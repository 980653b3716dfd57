/**
 * docs/architecture.md as the layer table says: its list of layers and rooms is the one
 * `npm run layers` writes from the table, and every room of the table has a row in "Where each
 * behaviour lives". A doc written by hand beside the table fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, layerList, roomsWithoutRow, withLayerList } from '../../../scripts/layers/layer-doc';
import { LAYERS } from '../../../scripts/layers/layer-table';

const DOC = readFileSync(resolve(import.meta.dirname, '../../..', ARCHITECTURE_DOC), 'utf8');

describe('docs/architecture.md, from the layer table', () => {
  it('lists the layers and rooms as the table has them (run `npm run layers` to write the list)', () => {
    expect(withLayerList(DOC)).toBe(DOC);
  });

  it('names every room of the table in its list, with its folder', () => {
    const list = layerList();
    for (const layer of LAYERS) for (const [room, { folder }] of Object.entries(layer.rooms)) expect(list).toContain(`| ${layer.name} | ${room} | \`${folder}\` |`);
  });

  it('gives every room of the table a row in "Where each behaviour lives"', () => {
    expect(roomsWithoutRow(DOC)).toEqual([]);
  });

  it('finds a room with no row, and a list that is not the table’s', () => {
    const withoutStatus = DOC.split('\n').filter((line) => !line.endsWith('| status (features) |')).join('\n');
    expect(roomsWithoutRow(withoutStatus)).toEqual(['status']);
    const handWritten = DOC.replace('| features | status | `main/status/` |', '| features | status | `main/state/` |');
    expect(withLayerList(handWritten)).not.toBe(handWritten);
  });
});
