/**
 * Each room's unit tests are in `test/unit/<room>/`, named as main's folder (docs/architecture.md):
 * every folder of main has one, and every folder of tests is a folder of main or one named here
 * with what it holds. A room without its tests' folder, or a folder of tests that is no room's,
 * fails, naming it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

/** The folders of tests that are no folder of main's, and what each holds. */
const OTHER_FOLDERS: Record<string, string> = {
  contract: "the contract's rules (contract/)",
  renderer: "the page's modules (renderer/) other than its stores",
  'renderer-stores': "the page's stores, each on a fake bridge",
  architecture: 'the layer table, lint and the page script, the rules every file keeps (scripts/layers/)',
  packaging: "the installers' and release scripts (scripts/)",
  property: "generated answers through several rooms' code at once",
};

const folders = (path: string) =>
  readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const tests = (folder: string) => readdirSync(join(ROOT, 'test/unit', folder)).filter((name) => name.endsWith('.test.ts'));

describe("the rooms' test folders", () => {
  it('every folder of main has its tests in test/unit/<its name>/', () => {
    const tested = new Set(folders(join(ROOT, 'test/unit')));
    expect(folders(join(ROOT, 'main')).filter((room) => !tested.has(room) || tests(room).length === 0)).toEqual([]);
  });

  it('every folder of tests is a folder of main, or one named with what it holds', () => {
    const rooms = new Set(folders(join(ROOT, 'main')));
    expect(folders(join(ROOT, 'test/unit')).filter((folder) => !rooms.has(folder) && !(folder in OTHER_FOLDERS))).toEqual([]);
  });
});
