import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wavHeader } from '../../../main/audio/wav-file';
import { DictationStore } from '../../../main/dictations/dictation-store';
import { ItemKeyring } from '../../../main/storage/item-keyring';
import { SealedFileWriter, checkSealedFile } from '../../../main/storage/sealed-file';
import { tempFolder } from '../../support/temp-folder';
import { readSealed } from '../../support/sealed-reading';
import { recorded, testKeyring } from '../../support/store-fixture';
import { systemClock } from '../../../main/core/clock';

function storeIn(folder: string, masterKey: Buffer): DictationStore {
  return new DictationStore(join(folder, 'dictations'), testKeyring(folder, masterKey), systemClock);
}

/** Every file under a folder, as bytes and as text. */
function everything(folder: string): Buffer {
  const parts: Buffer[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) parts.push(readFileSync(join(entry.parentPath, entry.name)));
  }
  return Buffer.concat(parts);
}

describe('DictationStore', () => {
  it('creates a folder with a manifest and a txn id fixed from the start; the label is kept encrypted, not in the manifest', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const store = storeIn(folder, master);
    const created = store.create({ mode: 'dictation', label: 'Mrs Sharma, bed 4' });
    expect(created).toMatchObject({ state: 'recording', label: 'Mrs Sharma, bed 4', txnId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const onDisk = JSON.parse(readFileSync(join(store.folderOf(created.id), 'manifest.json'), 'utf8'));
    expect(onDisk).toMatchObject({ txnId: created.txnId, label: '' });
    expect(everything(folder).includes('Sharma')).toBe(false);
    const again = storeIn(folder, master);
    again.load();
    expect(again.get(created.id)?.label).toBe('Mrs Sharma, bed 4');
  });

  it('after a crash: completes and recovers a recording, requeues an interrupted upload, skips a damaged folder', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const first = storeIn(folder, master);
    const { id, audioKey } = first.newFolder();
    const recording = first.create({ id, mode: 'dictation', label: 'A' });
    const writer = SealedFileWriter.create(first.audioPath(recording.id), audioKey, { parcelBytes: 16_000 });
    for (let i = 0; i < 100; i += 1) writer.append(new Uint8Array(new Int16Array(512).fill(300).buffer));
    writer.flush(); // as the recorder does twice a second; then the process is killed (never finished)
    const uploading = first.create({ mode: 'consultation', label: 'B' });
    first.update(uploading.id, { state: 'uploading', durationMs: 1000, uploadStartedAt: new Date().toISOString() });
    const empty = first.create({ mode: 'dictation', label: 'C' });
    mkdirSync(join(first.root, 'not-a-dictation'));
    writeFileSync(join(first.root, 'not-a-dictation', 'manifest.json'), '{"broken":');

    const second = storeIn(folder, master);
    expect(second.load()).toEqual({ loaded: 3, recovered: expect.arrayContaining([recording.id, empty.id]), unreadable: 1 });
    expect(second.get(recording.id)).toMatchObject({ state: 'recorded', recovered: true, durationMs: 3200 });
    expect(second.get(uploading.id)).toMatchObject({ state: 'recorded', uploadStartedAt: expect.any(String), txnId: uploading.txnId });
    expect(second.get(empty.id)).toMatchObject({ state: 'failed', recovered: true });
    expect(checkSealedFile(second.audioPath(recording.id), audioKey)).toMatchObject({ plainBytes: 102_400, complete: true, damagedParcels: 0 });
  });

  it('a flipped byte in one parcel of a recording is found at recovery and reported; the other parcels are kept', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const first = storeIn(folder, master);
    const { id, audioKey } = first.newFolder();
    first.create({ id, mode: 'dictation', label: 'A' });
    const writer = SealedFileWriter.create(first.audioPath(id), audioKey, { parcelBytes: 16_000 });
    writer.append(Buffer.alloc(16_000 * 4, 7)); // four half-second parcels
    writer.flush();
    const bytes = readFileSync(first.audioPath(id));
    bytes[16 + 12 + 16_000 + 16 + 12 + 100]! ^= 0x01; // inside the second parcel's ciphertext
    writeFileSync(first.audioPath(id), bytes);

    const second = storeIn(folder, master);
    second.load();
    expect(second.get(id)).toMatchObject({ state: 'recorded', durationMs: 1500, problem: expect.stringContaining('1 part of the recording') });
  });

  it('encrypts what an earlier version left in clear, label included, and survives being interrupted', async () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const root = join(folder, 'dictations');
    const id = '0b0e5b1c-6c1e-4d4e-9a55-7e8f00000001';
    mkdirSync(join(root, id), { recursive: true });
    const pcm = Buffer.alloc(32_000, 3);
    writeFileSync(join(root, id, 'manifest.json'), JSON.stringify({ version: 1, id, txnId: 't', createdAt: '2026-01-01T00:00:00Z', label: 'Mr Verma', mode: 'dictation', state: 'completed', durationMs: 1000 }));
    writeFileSync(join(root, id, 'audio.wav'), Buffer.concat([wavHeader(pcm.length), pcm]));
    writeFileSync(join(root, id, 'result.json'), JSON.stringify({ state: 'failed', code: 'x', message: 'Paracetamol' }));
    // An earlier attempt was cut off after its encrypted copy was written, before the clear one was deleted.
    writeFileSync(join(root, id, 'audio.sealed.migrating'), 'half');

    const store = storeIn(folder, master);
    store.load();
    expect(store.get(id)?.label).toBe('Mr Verma');
    expect(store.sealLegacyFiles(id)).toBe(true);
    expect(store.sealLegacyFiles(id)).toBe(false);
    expect(existsSync(join(root, id, 'audio.wav')) || existsSync(join(root, id, 'result.json'))).toBe(false);
    const all = everything(folder);
    for (const secret of ['Mr Verma', 'Paracetamol', 'RIFF']) expect(all.includes(secret)).toBe(false);
    expect(await readSealed(store.audioPath(id), store.audioKeyOf(id))).toEqual(pcm);
    expect(store.readResult(id)).toMatchObject({ state: 'failed', message: 'Paracetamol' });
  });

  it('a deleted dictation cannot be read from a copy of its files, even with the master key', async () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const store = storeIn(folder, master);
    const item = recorded(store, 'Mrs Rao');
    store.saveResult(item.id, { format: 'voice-v3', state: 'failed', error: { code: 'x', msg: 'Amoxicillin' } });
    const audioKey = store.audioKeyOf(item.id);
    const copy = join(tempFolder(), 'copy');
    cpSync(store.folderOf(item.id), copy, { recursive: true });
    expect((await readSealed(join(copy, 'audio.sealed'), audioKey)).length).toBeGreaterThan(0);

    store.delete(item.id);
    const keyring = new ItemKeyring(join(folder, 'keys.sealed'), master);
    expect(keyring.keysOf(item.id)).toBeNull();
    expect(keyring.ids()).toEqual([]);
    // Nothing left that could open the copy: the only keys there are belong to other items.
    expect(everything(folder).includes(audioKey)).toBe(false);
  });

  it('retention deletes the audio key first: the result stays readable, a copy of the audio does not', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const store = storeIn(folder, master);
    const item = recorded(store, 'x');
    store.saveResult(item.id, { format: 'voice-v3', state: 'failed', error: { code: 'x', msg: 'kept' } });
    store.deleteAudio([item.id]);
    expect(existsSync(store.audioPath(item.id))).toBe(false);
    expect(() => store.audioKeyOf(item.id)).toThrow(/deleted/);
    expect(new ItemKeyring(join(folder, 'keys.sealed'), master).keysOf(item.id)).toMatchObject({ audioKey: null });
    expect(store.readResult(item.id)).toMatchObject({ state: 'failed', message: 'The transcription failed: kept' });
  });

  it('when the keys cannot be opened: lists what is there, refuses to record, rewrites nothing', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const first = storeIn(folder, master);
    const item = first.create({ mode: 'dictation', label: 'kept' });
    const manifest = readFileSync(join(first.folderOf(item.id), 'manifest.json'));
    const locked = new DictationStore(join(folder, 'dictations'), { problem: 'The keyring changed.' }, systemClock);
    expect(locked.load().loaded).toBe(1);
    expect(() => locked.newFolder()).toThrow('The keyring changed.');
    expect(readFileSync(join(first.folderOf(item.id), 'manifest.json'))).toEqual(manifest);
  });

  it('keeps the number of parts and of damaged parcels on disk under the names earlier versions read (chunkCount, damagedChunks), and reads them back', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const store = storeIn(folder, master);
    const created = store.create({ mode: 'dictation', label: 'Bed 7', api: 'sessions' });
    store.update(created.id, { state: 'recorded', partCount: 3, plainBytes: 48_000, damagedParcels: 1 });
    const file = join(store.folderOf(created.id), 'manifest.json');
    const onDisk = JSON.parse(readFileSync(file, 'utf8'));
    expect(onDisk).toMatchObject({ chunkCount: 3, damagedChunks: 1 });
    expect(onDisk).not.toHaveProperty('partCount');
    expect(onDisk).not.toHaveProperty('damagedParcels');
    const again = storeIn(folder, master);
    again.load();
    expect(again.get(created.id)).toMatchObject({ partCount: 3, damagedParcels: 1 });
    // As an earlier version wrote it: the same counts.
    writeFileSync(file, JSON.stringify({ ...onDisk, chunkCount: 5, damagedChunks: 2 }));
    const earlier = storeIn(folder, master);
    earlier.load();
    expect(earlier.get(created.id)).toMatchObject({ partCount: 5, damagedParcels: 2 });
  });

  it('lists newest first and forgets deleted dictations', () => {
    let clock = Date.parse('2026-11-21T08:00:00Z');
    const folder = tempFolder();
    const store = new DictationStore(join(folder, 'dictations'), testKeyring(folder), { now: () => (clock += 1000) });
    const a = store.create({ mode: 'dictation', label: 'a' });
    const b = store.create({ mode: 'dictation', label: 'b' });
    expect(store.list().map((m) => m.label)).toEqual(['b', 'a']);
    const removed: string[] = [];
    store.onRemove((id) => removed.push(id));
    store.delete(a.id);
    expect(store.list().map((m) => m.id)).toEqual([b.id]);
    expect(removed).toEqual([a.id]);
  });
});
