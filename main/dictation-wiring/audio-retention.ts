/**
 * Deletes the recordings of completed dictations once they are older than the retention
 * setting: the recording's key first, so no copy of it can be read again. The manifest and
 * the result stay; partial, failed and unsent dictations keep their audio so they can
 * still be sent.
 */
import type { Clock } from '../core/clock';
import type { DictationStore } from '../dictations/dictation-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `clock`: when it is now; `deleted`: told which recordings went (the audit trail). */
export function purgeExpiredAudio(store: DictationStore, retentionDays: number, clock: Pick<Clock, 'now'>, deleted?: (ids: string[]) => void): number {
  if (retentionDays <= 0) return 0;
  const now = clock.now();
  const expired = store
    .list()
    .filter((manifest) => manifest.state === 'completed' && !manifest.audioDeletedAt && manifest.finishedAt)
    .filter((manifest) => now - Date.parse(manifest.finishedAt!) >= retentionDays * DAY_MS)
    .map((manifest) => manifest.id);
  if (expired.length === 0) return 0;
  store.deleteAudio(expired);
  for (const id of expired) store.writeOrKeepInMemory(id, { audioDeletedAt: new Date(now).toISOString() });
  deleted?.(expired);
  return expired.length;
}
