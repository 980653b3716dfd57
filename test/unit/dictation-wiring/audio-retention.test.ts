import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { purgeExpiredAudio } from '../../../main/dictation-wiring/audio-retention';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { tempFolder } from '../../support/temp-folder';
import { testStore, writeRecording } from '../../support/store-fixture';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-21T12:00:00Z');

function finished(store: DictationStore, state: 'completed' | 'partial', daysAgo: number) {
  const manifest = store.create({ mode: 'dictation', label: `${state} ${daysAgo}` });
  writeRecording(store, manifest.id);
  return store.update(manifest.id, { state, durationMs: 32, finishedAt: new Date(NOW - daysAgo * DAY).toISOString() });
}

describe('purgeExpiredAudio', () => {
  it('deletes only the recordings of completed dictations older than the retention, keeping their results', () => {
    const store = testStore(tempFolder());
    const old = finished(store, 'completed', 40);
    const recent = finished(store, 'completed', 10);
    const partial = finished(store, 'partial', 90);
    expect(purgeExpiredAudio(store, 30, { now: () => NOW })).toBe(1);
    expect(existsSync(store.audioPath(old.id))).toBe(false);
    expect(existsSync(join(store.folderOf(old.id), 'manifest.json'))).toBe(true);
    expect(store.get(old.id)).toMatchObject({ state: 'completed', audioDeletedAt: new Date(NOW).toISOString() });
    expect(existsSync(store.audioPath(recent.id))).toBe(true);
    expect(existsSync(store.audioPath(partial.id))).toBe(true);
    expect(purgeExpiredAudio(store, 30, { now: () => NOW })).toBe(0);
  });

  it('keeps everything when the retention is 0', () => {
    const store = testStore(tempFolder());
    const old = finished(store, 'completed', 400);
    expect(purgeExpiredAudio(store, 0, { now: () => NOW })).toBe(0);
    expect(existsSync(store.audioPath(old.id))).toBe(true);
  });
});
