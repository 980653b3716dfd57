/**
 * Work on the dictations that nobody waits for, in the background: the compact copies of
 * recordings repaired after a crash, files an earlier version left in clear, and the
 * retention rule (recordings of completed dictations deleted after the days set).
 */
import { prepareUploadAudio, type Mp3Encoding, type RecordingFiles } from '../audio/upload-audio';
import { repeatOn, type Clock } from '../core/clock';
import type { EventLog } from '../core/event-log';
import { storageProblem } from '../storage/storage-problem';
import { purgeExpiredAudio } from './audio-retention';
import type { DictationStore } from '../dictations/dictation-store';

const RETENTION_CHECK_MS = 6 * 60 * 60 * 1000;

export interface MaintenanceDeps {
  store: DictationStore;
  recordingFiles(id: string): RecordingFiles;
  encode: Mp3Encoding;
  /** Whether the compact (MP3) copy is what is uploaded. */
  compactUploads(): boolean;
  retentionDays(): number;
  /** The app's clock: the time retention counts from, and the timer of its checks. */
  clock: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
  /** Recordings deleted by retention (the audit trail). */
  audioDeleted?(ids: string[]): void;
  log: EventLog;
}

/** Recordings cut off by a crash get their compact copy again, from the repaired recording. */
async function rebuildCompactCopies(deps: MaintenanceDeps, ids: string[]): Promise<void> {
  if (!deps.compactUploads()) return;
  for (const id of ids) {
    if (deps.store.get(id)?.state !== 'recorded') continue;
    await Promise.resolve()
      .then(() => prepareUploadAudio(deps.recordingFiles(id), 'mp3', deps.encode))
      .catch((error: unknown) => deps.log.warn(`recovery: compact copy not made (${(error as Error).message})`));
  }
}

/** Files left in clear by an earlier version are encrypted, one dictation at a time; once all are, never looked for again. */
async function sealLegacyFiles(store: DictationStore, log: EventLog): Promise<void> {
  const ids = store.withLegacyFiles();
  if (ids.length > 0) log.info(`data: encrypting the files of ${ids.length} dictations left in clear by an earlier version`);
  let left = 0;
  for (const id of ids) {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      if (store.get(id)) store.sealLegacyFiles(id);
    } catch (error) {
      left += 1;
      log.warn(`data: a dictation's files could not be encrypted yet (${storageProblem(error)}); tried again at the next start`);
    }
  }
  if (left === 0) store.markLegacyFilesSealed();
}

/** Starts the background work; the function returned stops it. */
export function startMaintenance(deps: MaintenanceDeps, recovered: string[]): () => void {
  void rebuildCompactCopies(deps, recovered);
  sealLegacyFiles(deps.store, deps.log).catch((error: unknown) => deps.log.warn(`data: ${storageProblem(error)}`));
  const purge = () => {
    const purged = purgeExpiredAudio(deps.store, deps.retentionDays(), deps.clock, deps.audioDeleted);
    if (purged > 0) deps.log.info(`retention: deleted the recordings of ${purged} completed dictations`);
  };
  purge();
  return repeatOn(deps.clock, RETENTION_CHECK_MS, purge);
}
