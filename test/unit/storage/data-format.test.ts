import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DATA_FORMAT_FILE,
  DATA_FORMAT_VERSION,
  MIGRATIONS,
  migrateDataFolder,
  planDataFolder,
  readDataFormat,
  refusalText,
  type DataFolderPlan,
  type MigrationStep,
} from '../../../main/storage/data-format';
import { tempFolder } from '../../support/temp-folder';

/** Every file below `folder` with its bytes and modification time: what "unchanged" is checked against. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const path = join(folder, name);
    const stat = statSync(path);
    files[name] = stat.isDirectory() ? `dir ${stat.mtimeMs}` : `${readFileSync(path, 'base64')} ${stat.mtimeMs}`;
  }
  return files;
}

/** A folder as a release before the marker left it: a dictation and the keys. */
function unmarkedFolder(): string {
  const folder = tempFolder();
  mkdirSync(join(folder, 'dictations', 'd1'), { recursive: true });
  writeFileSync(join(folder, 'dictations', 'd1', 'manifest.json'), '{"state":"recorded"}');
  mkdirSync(join(folder, 'keys'));
  writeFileSync(join(folder, 'keys', 'master.json'), '{}');
  return folder;
}

const marker = (folder: string) => JSON.parse(readFileSync(join(folder, DATA_FORMAT_FILE), 'utf8')) as unknown;

function open(plan: DataFolderPlan): DataFolderPlan & { kind: 'open' } {
  if (plan.kind !== 'open') throw new Error(`Expected the folder to open, got ${plan.kind}.`);
  return plan;
}

/** Two steps made for these tests (the app has none yet), each noting its run in a file. */
function exampleSteps(runs: string[], failAt: number | null = null): MigrationStep[] {
  return [1, 2].map((from) => ({
    from,
    does: `example step ${from}`,
    run: (folder: string) => {
      runs.push(`${from}→${from + 1}`);
      if (failAt === from) throw new Error(`step ${from} failed`);
      writeFileSync(join(folder, `step-${from}.done`), '');
    },
  }));
}

describe('the data folder format', () => {
  it('a folder without the marker is version 1: it opens, and the marker is written with the version that wrote it', () => {
    const folder = unmarkedFolder();
    expect(readDataFormat(folder)).toEqual({ kind: 'unmarked' });
    const plan = open(planDataFolder(readDataFormat(folder)));
    expect(plan).toEqual({ kind: 'open', from: 1, marked: false, steps: MIGRATIONS });
    expect(migrateDataFolder(folder, plan, '0.1.0')).toEqual(MIGRATIONS.map((step) => `format ${step.from} → ${step.from + 1}: ${step.does}`));
    expect(marker(folder)).toEqual({ formatVersion: DATA_FORMAT_VERSION, writtenBy: '0.1.0' });
    expect(readDataFormat(folder)).toEqual({ kind: 'marked', version: DATA_FORMAT_VERSION, writtenBy: '0.1.0' });
    // Written atomically: no temporary file is left beside it.
    expect(readdirSync(folder).sort()).toEqual([DATA_FORMAT_FILE, 'dictations', 'keys']);
  });

  it("a folder that never held encrypted data (the desktop's own files only) is marked at this version, no step run", () => {
    const folder = tempFolder();
    writeFileSync(join(folder, 'Preferences'), '{}');
    const plan = open(planDataFolder(readDataFormat(folder)));
    expect(migrateDataFolder(folder, plan, '0.3.0')).toEqual([`format ${DATA_FORMAT_VERSION} marked`]);
    expect(marker(folder)).toEqual({ formatVersion: DATA_FORMAT_VERSION, writtenBy: '0.3.0' });
  });

  it('a new computer (no folder yet) gets a folder holding only the marker', () => {
    const folder = join(tempFolder(), 'Scribe Desk');
    const plan = open(planDataFolder(readDataFormat(folder)));
    migrateDataFolder(folder, plan, '0.2.0');
    expect(readdirSync(folder)).toEqual([DATA_FORMAT_FILE]);
    expect(marker(folder)).toEqual({ formatVersion: DATA_FORMAT_VERSION, writtenBy: '0.2.0' });
  });

  it("a folder at this build's version opens with nothing written", () => {
    const folder = unmarkedFolder();
    migrateDataFolder(folder, open(planDataFolder(readDataFormat(folder))), '0.1.0');
    const before = snapshot(folder);
    expect(migrateDataFolder(folder, open(planDataFolder(readDataFormat(folder))), '0.3.0')).toEqual([]);
    expect(snapshot(folder)).toEqual(before);
  });

  it('a folder a newer version wrote is refused, and reading it changes nothing', () => {
    const folder = unmarkedFolder();
    writeFileSync(join(folder, DATA_FORMAT_FILE), JSON.stringify({ formatVersion: DATA_FORMAT_VERSION + 1, writtenBy: '0.9.0' }));
    const before = snapshot(folder);
    const plan = planDataFolder(readDataFormat(folder));
    expect(plan).toEqual({ kind: 'newer', version: DATA_FORMAT_VERSION + 1, writtenBy: '0.9.0' });
    expect(snapshot(folder)).toEqual(before);
    const text = refusalText(plan as DataFolderPlan & { kind: 'newer' }, folder);
    expect(text.title).toBe('Scribe Desk is older than your data');
    expect(text.message).toBe('Your Scribe Desk data was last used by Scribe Desk 0.9.0, which is newer than this one.');
    expect(text.detail).toContain('has not opened or changed anything in it');
    expect(text.detail).toContain(`Data folder: ${folder}`);
    expect(text.detail).toContain(`Data format ${DATA_FORMAT_VERSION + 1}; this version reads format ${DATA_FORMAT_VERSION} and earlier.`);
  });

  it.each([
    ['not JSON', '{"formatVersion": 2', 'it is not JSON'],
    ['no version', '{"writtenBy":"0.1.0"}', 'it holds no format version'],
    ['version 0', '{"formatVersion":0}', 'it holds no format version'],
    ['a fraction', '{"formatVersion":1.5}', 'it holds no format version'],
    ['a string', '{"formatVersion":"1"}', 'it holds no format version'],
    ['null', 'null', 'it holds no format version'],
  ])('a marker that is %s is refused as unreadable, nothing written', (_case, text, problem) => {
    const folder = unmarkedFolder();
    writeFileSync(join(folder, DATA_FORMAT_FILE), text);
    const before = snapshot(folder);
    const plan = planDataFolder(readDataFormat(folder));
    expect(plan).toEqual({ kind: 'unreadable', problem });
    expect(refusalText(plan as DataFolderPlan & { kind: 'unreadable' }, folder).message).toBe(
      `The file that says which version wrote your Scribe Desk data cannot be read: ${problem}.`,
    );
    expect(snapshot(folder)).toEqual(before);
  });

  it('a marker that cannot be opened (a folder in its place) is refused, not taken for version 1', () => {
    const folder = unmarkedFolder();
    mkdirSync(join(folder, DATA_FORMAT_FILE));
    expect(planDataFolder(readDataFormat(folder))).toEqual({ kind: 'unreadable', problem: 'it cannot be opened (EISDIR)' });
  });
});

describe('migrations', () => {
  it('run in order from the folder\'s version to the current one, the marker written after each', () => {
    const folder = unmarkedFolder();
    const runs: string[] = [];
    const markers: unknown[] = [];
    const steps = exampleSteps(runs).map((step) => ({ ...step, run: (at: string) => (markers.push(readDataFormat(at)), step.run(at)) }));
    const plan = open(planDataFolder(readDataFormat(folder), 3, steps));
    expect(plan.steps.map((step) => step.from)).toEqual([1, 2]);
    expect(migrateDataFolder(folder, plan, '0.5.0', 3)).toEqual(['format 1 → 2: example step 1', 'format 2 → 3: example step 2']);
    expect(runs).toEqual(['1→2', '2→3']);
    // Step 2 found the marker step 1 left.
    expect(markers).toEqual([{ kind: 'unmarked' }, { kind: 'marked', version: 2, writtenBy: '0.5.0' }]);
    expect(marker(folder)).toEqual({ formatVersion: 3, writtenBy: '0.5.0' });
  });

  it('start from the version the marker says: a folder at version 2 runs the second step only', () => {
    const folder = unmarkedFolder();
    writeFileSync(join(folder, DATA_FORMAT_FILE), JSON.stringify({ formatVersion: 2, writtenBy: '0.4.0' }));
    const runs: string[] = [];
    migrateDataFolder(folder, open(planDataFolder(readDataFormat(folder), 3, exampleSteps(runs))), '0.5.0', 3);
    expect(runs).toEqual(['2→3']);
  });

  it('a step that fails leaves the marker at the last step done; the next start runs the failed step again', () => {
    const folder = unmarkedFolder();
    const runs: string[] = [];
    expect(() => migrateDataFolder(folder, open(planDataFolder(readDataFormat(folder), 3, exampleSteps(runs, 2))), '0.5.0', 3)).toThrow('step 2 failed');
    expect(marker(folder)).toEqual({ formatVersion: 2, writtenBy: '0.5.0' });
    migrateDataFolder(folder, open(planDataFolder(readDataFormat(folder), 3, exampleSteps(runs))), '0.5.0', 3);
    expect(runs).toEqual(['1→2', '2→3', '2→3']);
    expect(marker(folder)).toEqual({ formatVersion: 3, writtenBy: '0.5.0' });
  });

  it('a missing step is a mistake in the build, said at once', () => {
    expect(() => planDataFolder({ kind: 'unmarked' }, 3, exampleSteps([]).slice(0, 1))).toThrow('No migration step from data format 2.');
  });

  it("the app's own steps take every version from 1 to the current one, in order", () => {
    expect(MIGRATIONS.map((step) => step.from)).toEqual(Array.from({ length: DATA_FORMAT_VERSION - 1 }, (_, index) => index + 1));
    expect(planDataFolder({ kind: 'unmarked' })).toMatchObject({ kind: 'open', steps: MIGRATIONS });
  });
});
