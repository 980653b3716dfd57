/**
 * What a recording holds is counted when it ends or is recovered, and kept in its manifest:
 * an upload or a playback then decrypts the recording once (as it is sent), not first to
 * count it. The clear files of an earlier version are encrypted at the start, not looked for
 * at every upload and playback.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readWhole } from '../../../main/api/upload-source';
import type { Recorder, RecordingTarget } from '../../../main/audio/recorder';
import { inlineMp3Encoding, prepareUploadAudio, wavSource } from '../../../main/audio/upload-audio';
import { WAV_HEADER_BYTES, wavHeader } from '../../../main/audio/wav-file';
import { DictationStore } from '../../../main/dictations/dictation-store';
import * as sealedFile from '../../../main/storage/sealed-file';
import { tempFolder } from '../../support/temp-folder';
import { recorded, testKeyring, testRecordingControl, testStore, writeRecording } from '../../support/store-fixture';
import { systemClock } from '../../../main/core/clock';

vi.mock('../../../main/storage/sealed-file', async (original) => {
  const actual = await original<typeof sealedFile>();
  return { ...actual, checkSealedFile: vi.fn(actual.checkSealedFile) };
});
const counted = vi.mocked(sealedFile.checkSealedFile);
afterEach(() => counted.mockClear());

/** A recording session whose recorder writes `seconds` of sound, as the recorder process does. */
function recordingControl(store: DictationStore) {
  let target: RecordingTarget | null = null;
  const recorder = {
    start: async (to: RecordingTarget) => {
      target = to;
      return { device: 'Test microphone', callSound: null };
    },
    stop: async () => {
      const id = store.list().find((manifest) => store.audioPath(manifest.id) === target!.path)!.id;
      const durationMs = writeRecording(store, id, 2);
      // As the recorder process reports it: the bytes it wrote, none damaged.
      const plainBytes = (durationMs / 1000) * 16_000 * 2;
      return { dataBytes: plainBytes, durationMs, parts: 0, size: { plainBytes, damagedParcels: 0 } };
    },
  } as unknown as Recorder;
  return testRecordingControl(store, recorder);
}

describe("a recording's size", () => {
  it('is written to the manifest when the recording ends, as the recorder reported it, without decrypting it to count', async () => {
    const store = testStore(tempFolder());
    const session = recordingControl(store);
    const { dictationId } = await session.start({ label: 'x', mode: 'dictation' });
    await session.stop();
    expect(counted).not.toHaveBeenCalled();
    const plain = sealedFile.checkSealedFile(store.audioPath(dictationId!), store.audioKeyOf(dictationId!)).plainBytes;
    expect(plain).toBeGreaterThan(0);
    expect(store.get(dictationId!)).toMatchObject({ state: 'recorded', plainBytes: plain, damagedParcels: 0 });
  });

  it('is written at recovery, damaged parcels counted', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const open = () => new DictationStore(join(folder, 'dictations'), testKeyring(folder, master), systemClock);
    const first = open();
    const { id, audioKey } = first.newFolder();
    first.create({ id, mode: 'dictation', label: 'A' });
    const writer = sealedFile.SealedFileWriter.create(first.audioPath(id), audioKey, { parcelBytes: 16_000 });
    writer.append(Buffer.alloc(16_000 * 4, 7));
    writer.flush(); // the app is killed before the recording ends
    const bytes = readFileSync(first.audioPath(id));
    bytes[16 + 12 + 16_000 + 16 + 12 + 100]! ^= 0x01; // inside the second parcel
    writeFileSync(first.audioPath(id), bytes);

    const second = open();
    second.load();
    expect(second.get(id)).toMatchObject({ state: 'recorded', recovered: true, plainBytes: 48_000, damagedParcels: 1 });
  });

  it('kept: an upload or a playback reads the recording once, without counting it first', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store, 'x', 2);
    const { plainBytes } = sealedFile.checkSealedFile(store.audioPath(item.id), store.audioKeyOf(item.id));
    store.update(item.id, { plainBytes, damagedParcels: 0 });
    counted.mockClear();

    const playback = wavSource(store.recordingFiles(item.id));
    expect(playback.size).toBe(WAV_HEADER_BYTES + plainBytes);
    expect((await readWhole(playback)).subarray(0, WAV_HEADER_BYTES)).toEqual(wavHeader(plainBytes));
    const { source, damagedParcels } = await prepareUploadAudio(store.recordingFiles(item.id), 'wav', inlineMp3Encoding);
    expect(damagedParcels).toBe(0);
    expect((await readWhole(source)).length).toBe(source.size);
    expect(counted).not.toHaveBeenCalled();
  });

  it('not kept (a manifest of an earlier version): counted at the first upload or playback, once, and kept', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store, 'x', 1);
    expect(item).toMatchObject({ plainBytes: null, damagedParcels: null });
    counted.mockClear();
    const first = wavSource(store.recordingFiles(item.id));
    expect(counted).toHaveBeenCalledTimes(1);
    expect(store.get(item.id)).toMatchObject({ plainBytes: first.size - WAV_HEADER_BYTES, damagedParcels: 0 });
    wavSource(store.recordingFiles(item.id));
    expect(counted).toHaveBeenCalledTimes(1);
  });

  it('no longer matching the recording (damaged since): the read fails rather than send a wrong size, and it is counted again next time', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store, 'x', 2);
    const { plainBytes } = sealedFile.checkSealedFile(store.audioPath(item.id), store.audioKeyOf(item.id));
    store.update(item.id, { plainBytes, damagedParcels: 0 });
    const bytes = readFileSync(store.audioPath(item.id));
    bytes[16 + 12 + 100]! ^= 0x01; // inside the first parcel
    writeFileSync(store.audioPath(item.id), bytes);

    await expect(readWhole(wavSource(store.recordingFiles(item.id)))).rejects.toThrow(/changed on the disk/);
    expect(store.get(item.id)).toMatchObject({ plainBytes: null, damagedParcels: null });
    const again = wavSource(store.recordingFiles(item.id));
    expect(again.damagedParcels).toBe(1);
    expect((await readWhole(again)).length).toBe(again.size);
  });
});

describe('the compact MP3 sent by the voice upload', () => {
  it('is decrypted once, as it is sent (never checked first); a copy damaged since stops the read, is removed, and is made again next time', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store, 'x', 2);
    const { plainBytes } = sealedFile.checkSealedFile(store.audioPath(item.id), store.audioKeyOf(item.id));
    store.update(item.id, { plainBytes, damagedParcels: 0 });
    const files = () => store.recordingFiles(item.id);
    const first = (await prepareUploadAudio(files(), 'mp3', inlineMp3Encoding)).source;
    counted.mockClear();
    const again = (await prepareUploadAudio(files(), 'mp3', inlineMp3Encoding)).source;
    const sent = await readWhole(again);
    expect(sent.length).toBe(again.size);
    expect(again.size).toBe(first.size);
    expect(counted).not.toHaveBeenCalled();

    const mp3 = files().mp3Path;
    const bytes = readFileSync(mp3);
    bytes[bytes.length - 40]! ^= 0x01;
    writeFileSync(mp3, bytes);
    const damaged = (await prepareUploadAudio(files(), 'mp3', inlineMp3Encoding)).source;
    await expect(readWhole(damaged)).rejects.toThrow(/made again from the recording at the next attempt/);
    expect(existsSync(mp3)).toBe(false);
    const remade = (await prepareUploadAudio(files(), 'mp3', inlineMp3Encoding)).source;
    expect(await readWhole(remade)).toEqual(sent);
  });
});

describe('the clear files of an earlier version', () => {
  function withClearRecording(root: string): string {
    const id = '0b0e5b1c-6c1e-4d4e-9a55-7e8f00000002';
    mkdirSync(join(root, id), { recursive: true });
    writeFileSync(join(root, id, 'manifest.json'), JSON.stringify({ version: 1, id, txnId: 't', createdAt: '2026-01-01T00:00:00Z', label: '', mode: 'dictation', state: 'recorded', durationMs: 1000 }));
    const pcm = Buffer.alloc(32_000, 3);
    writeFileSync(join(root, id, 'audio.wav'), Buffer.concat([wavHeader(pcm.length), pcm]));
    return id;
  }

  it('are encrypted before an upload or a playback until the start has encrypted them all; then not even looked for', () => {
    const folder = tempFolder();
    const master = randomBytes(32);
    const root = join(folder, 'dictations');
    const id = withClearRecording(root);
    const store = new DictationStore(root, testKeyring(folder, master), systemClock);
    store.load();
    // The start's maintenance has not got to it yet: the upload encrypts it first.
    expect(store.sealLegacyFilesIfAny(id)).toBe(true);
    expect(existsSync(join(root, id, 'audio.wav'))).toBe(false);
    expect(store.withLegacyFiles()).toEqual([]);
    store.markLegacyFilesSealed();

    // Once all are, they are not looked for again, in this run or the next (a clear file put back by hand stays as it is).
    writeFileSync(join(root, id, 'audio.wav'), wavHeader(0));
    expect(store.sealLegacyFilesIfAny(id)).toBe(false);
    expect(existsSync(join(root, id, 'audio.wav'))).toBe(true);
    const next = new DictationStore(root, testKeyring(folder, master), systemClock);
    next.load();
    expect(next.withLegacyFiles()).toEqual([]);
    expect(next.sealLegacyFilesIfAny(id)).toBe(false);
  });
});
