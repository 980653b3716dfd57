/**
 * The dictations read after Record's first answer (folder-store.ts, `loadLater`): a slice at a
 * time, finished at once by any use of the store, never seen half-read, and a failure said by
 * every use.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/core/clock';
import { DictationStore, type LoadReport } from '../../../main/dictations/dictation-store';
import { SealedFileWriter } from '../../../main/storage/sealed-file';
import { testKeyring } from '../../support/store-fixture';
import { tempFolder } from '../../support/temp-folder';

function storeIn(folder: string, master: Buffer): DictationStore {
  return new DictationStore(join(folder, 'dictations'), testKeyring(folder, master), systemClock);
}

/** A folder holding `count` finished dictations and one recording a crash cut short. */
function folderWith(count: number): { folder: string; master: Buffer; cutShort: string } {
  const folder = tempFolder();
  const master = randomBytes(32);
  const store = storeIn(folder, master);
  for (let i = 0; i < count; i += 1) store.update(store.create({ mode: 'dictation', label: `Label ${i}` }).id, { state: 'completed', durationMs: 1000 });
  const { id, audioKey } = store.newFolder();
  store.create({ id, mode: 'dictation', label: 'Cut short' });
  const writer = SealedFileWriter.create(store.audioPath(id), audioKey, { parcelBytes: 16_000 });
  for (let i = 0; i < 20; i += 1) writer.append(new Uint8Array(new Int16Array(512).fill(300).buffer));
  writer.flush();
  return { folder, master, cutShort: id };
}

describe('dictations read after the first answer', () => {
  it('are not read when left for later; in slices, one after another, then the report, and the listeners hear nothing of the repair', async () => {
    const { folder, master, cutShort } = folderWith(250);
    const store = storeIn(folder, master);
    const reports: LoadReport[] = [];
    store.loadAtFirstUse((report) => reports.push(report));
    const heard: string[] = [];
    store.onChange((manifest) => heard.push(manifest.id));
    expect(store.isLoaded()).toBe(false);
    let slices = 0;
    while (store.loadSlice()) slices += 1;
    expect(slices).toBeGreaterThanOrEqual(2);
    expect(store.isLoaded()).toBe(true);
    await store.whenLoaded();
    expect(reports).toEqual([{ loaded: 251, recovered: [cutShort], unreadable: 0 }]);
    expect(heard).toEqual([]);
    expect(store.list()).toHaveLength(251);
    expect(store.get(cutShort)).toMatchObject({ state: 'recorded', recovered: true, label: 'Cut short' });
  });

  it('any use in between finishes the reading first: a new recording is kept beside every earlier one, and the cut-short one is repaired', () => {
    const { folder, master, cutShort } = folderWith(250);
    const store = storeIn(folder, master);
    let report: LoadReport | null = null;
    store.loadAtFirstUse((read) => (report = read));
    expect(store.loadSlice()).toBe(true);
    // The list asked between two slices: every one, never the part read so far.
    expect(store.list()).toHaveLength(251);
    expect(store.isLoaded()).toBe(true);
    const other = storeIn(folder, master);
    other.loadAtFirstUse(() => undefined);
    expect(other.loadSlice()).toBe(true);
    // Record pressed between two slices.
    const { id } = other.newFolder({ label: 'New', patientId: null, consent: null });
    expect(other.isLoaded()).toBe(true);
    other.create({ id, mode: 'dictation', label: 'New' });
    expect(other.loadSlice()).toBe(false);
    expect(report).toMatchObject({ loaded: 251, recovered: [cutShort] });
    expect(other.list()).toHaveLength(252);
    const again = storeIn(folder, master);
    again.load();
    // Its label, written with its keys while the others were still to read, was not forgotten by their reading.
    expect(again.get(id)?.label).toBe('New');
    expect(again.get(cutShort)).toMatchObject({ state: 'recorded', label: 'Cut short' });
  });

  it('a reading that fails is said by every use after it, and waiting for it ends', async () => {
    const { folder, master } = folderWith(3);
    const store = storeIn(folder, master);
    store.loadAtFirstUse(() => undefined);
    // The folder gone and a file in its place (a disk gone wrong): it cannot be listed.
    rmSync(join(folder, 'dictations'), { recursive: true });
    writeFileSync(join(folder, 'dictations'), '');
    expect(() => store.list()).toThrow(/ENOTDIR/);
    expect(() => store.get('any')).toThrow(/ENOTDIR/);
    await store.whenLoaded();
    expect(store.isLoaded()).toBe(true);
  });
});
