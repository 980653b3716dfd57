import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WavAppender } from '../../../main/audio/wav-file';
import { DictationStore } from '../../../main/dictations/dictation-store';
import { tempFolder } from '../temp-folder';

describe('DictationStore', () => {
  it('creates a folder with a manifest and a txn id fixed from the start', () => {
    const root = tempFolder();
    const store = new DictationStore(root);
    const created = store.create({ mode: 'dictation', label: 'Bed 4' });
    expect(created).toMatchObject({ state: 'recording', label: 'Bed 4', txnId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const onDisk = JSON.parse(readFileSync(join(root, created.id, 'manifest.json'), 'utf8'));
    expect(onDisk.txnId).toBe(created.txnId);
  });

  it('after a crash: repairs and recovers a recording, requeues an interrupted upload, skips a damaged folder', async () => {
    const root = tempFolder();
    const first = new DictationStore(root);
    const recording = first.create({ mode: 'dictation', label: 'A' });
    const wav = WavAppender.create(first.audioPath(recording.id));
    for (let i = 0; i < 100; i += 1) wav.append(new Int16Array(512).fill(300));
    const uploading = first.create({ mode: 'consultation', label: 'B' });
    first.update(uploading.id, { state: 'uploading', durationMs: 1000, uploadStartedAt: new Date().toISOString() });
    const empty = first.create({ mode: 'dictation', label: 'C' });
    mkdirSync(join(root, 'not-a-dictation'));
    writeFileSync(join(root, 'not-a-dictation', 'manifest.json'), '{"broken":');

    const second = new DictationStore(root);
    expect(second.load()).toEqual({ loaded: 3, recovered: expect.arrayContaining([recording.id, empty.id]), unreadable: 1 });
    expect(second.get(recording.id)).toMatchObject({ state: 'recorded', recovered: true, durationMs: 3200 });
    expect(second.get(uploading.id)).toMatchObject({ state: 'recorded', uploadStartedAt: expect.any(String), txnId: uploading.txnId });
    expect(second.get(empty.id)).toMatchObject({ state: 'failed', recovered: true });
    expect(readFileSync(second.audioPath(recording.id)).readUInt32LE(40)).toBe(102_400);
  });

  it('lists newest first and forgets deleted dictations', () => {
    let clock = Date.parse('2026-11-21T08:00:00Z');
    const store = new DictationStore(tempFolder(), () => new Date((clock += 1000)));
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
