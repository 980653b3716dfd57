/**
 * Dictation, assembled: the store on disk, the recording session, the outbox and the
 * global shortcut, and the IPC handlers the renderer calls. Follows the settings by itself.
 */
import { BrowserWindow, Notification } from 'electron';
import { join } from 'node:path';
import { noteTime } from '../../contract/clinical-note';
import { FINISHED_STATES, MODE_NAMES, PENDING_STATES, UNTITLED, type DictationDetail } from '../../contract/dictation';
import { exportStem } from '../../contract/export-name';
import { Recorder } from '../audio/recorder';
import type { RecorderHost } from '../audio/recorder-host';
import { unpacked } from '../audio/unpacked-path';
import { ensureMicrophonePermission } from '../audio/microphone-access';
import { prepareUploadAudio, wavSource, workerMp3Encoding, type RecordingFiles } from '../audio/upload-audio';
import type { UploadSource } from '../api/upload-source';
import { refuse } from '../core/refusal';
import type { OperationHandlers } from '../ipc/register-operations';
import { log } from '../log';
import { UPLOAD_UNDER_WAY } from '../outbox/upload-busy';
import type { ServiceFeature } from '../service/service-feature';
import type { SettingsService } from '../settings/settings-service';
import { DesktopShortcuts } from '../shortcuts/desktop-shortcuts';
import { saveJsonExport } from '../windows/save-json-export';
import type { KeysOrProblem } from '../storage/data-keys';
import { storageProblem } from '../storage/storage-problem';
import { testClockOffsetMs } from '../test-clock';
import type { WindowEvents } from '../windows/app-window';
import { purgeExpiredAudio } from './audio-retention';
import { summaryOf, type DictationManifest } from './dictation-manifest';
import { DictationOutbox } from './dictation-outbox';
import { DictationStore, chunkProblem } from './dictation-store';
import { PatientClipboard, noteOf } from './note-clipboard';
import { correctionToKeep } from './note-corrections';
import { noteExport } from './note-export';
import { RecordingSession } from './recording-session';
import { shortcutRecorder } from './shortcut-recorder';

export interface DictationFeatureDeps {
  userData: string;
  builtDir: string;
  /** The recorder process, started by the entry before anything else (it takes longest to start). */
  recorderHost: RecorderHost;
  service: Pick<ServiceFeature, 'client' | 'health' | 'onResume'>;
  settings: SettingsService;
  /** The dictations' keys, or why they cannot be opened. */
  keys: KeysOrProblem;
  isOnline(): boolean;
  window: WindowEvents;
}

type DictationHandlers = Pick<
  OperationHandlers,
  | 'listMicrophones'
  | 'getRecorder'
  | 'startRecording'
  | 'pauseRecording'
  | 'resumeRecording'
  | 'stopRecording'
  | 'discardRecording'
  | 'listDictations'
  | 'getDictation'
  | 'retryDictation'
  | 'cancelDictation'
  | 'deleteDictation'
  | 'exportOutput'
  | 'copyText'
  | 'copyNote'
  | 'setRecordingDraft'
  | 'exportNote'
  | 'showingDictation'
  | 'renameDictation'
  | 'saveNoteCorrection'
  | 'undoNoteCorrections'
  | 'setNoteReviewed'
>;

/** A dictation as a notification or a refusal names it: its label and when it was recorded. */
function nameOf(manifest: DictationManifest): string {
  return `"${manifest.label || UNTITLED}" (${MODE_NAMES[manifest.mode]}, recorded ${noteTime(manifest.createdAt)})`;
}

const NOT_REVIEWED = 'Your administrator requires each note to be marked reviewed before it leaves Scribe Desk. Open the dictation, check its note and press "Mark reviewed".';

function notifyReady(manifest: DictationManifest): void {
  if (!Notification.isSupported()) return;
  const time = new Date(manifest.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const title = manifest.state === 'completed' ? 'Dictation ready' : manifest.state === 'partial' ? 'Dictation partly ready' : 'Dictation failed';
  // No label in the notification: it may name a patient, and notifications show on a shared screen.
  new Notification({ title, body: `The dictation recorded at ${time} has ${manifest.state === 'failed' ? 'failed' : 'its result'}.`, silent: true }).show();
}

const RETENTION_CHECK_MS = 6 * 60 * 60 * 1000;

export function createDictationFeature(deps: DictationFeatureDeps) {
  const store = new DictationStore(join(deps.userData, 'dictations'), deps.keys);
  const report = store.load();
  log.info(`dictations: ${report.loaded} loaded, ${report.recovered.length} recovered, ${report.unreadable} unreadable`);
  const changeListeners = new Set<() => void>();
  const changed = () => {
    for (const listener of changeListeners) listener();
  };

  const encode = workerMp3Encoding(unpacked(join(deps.builtDir, 'mp3-encode-worker.cjs')));
  /** A dictation's recording files and their key (files an earlier version left in clear are encrypted first). */
  const recordingFiles = (id: string): RecordingFiles => {
    store.sealLegacyFiles(id);
    return store.recordingFiles(id);
  };
  const outbox: DictationOutbox = new DictationOutbox({
    store,
    client: deps.service.client,
    health: deps.service.health,
    prepareAudio: async (manifest) => {
      const { source, damagedChunks } = await prepareUploadAudio(recordingFiles(manifest.id), deps.settings.current().uploadAudioFormat, encode);
      return { ...source, notice: chunkProblem(damagedChunks) };
    },
    isOnline: deps.isOnline,
    autoSync: () => deps.settings.current().autoSync,
    sendsToSandbox: () => deps.settings.current().service === 'sandbox',
    onResult: notifyReady,
    onFault: (error) => log.error(`outbox: a fault while sending dictations (${(error as Error).name})`, error),
    onProgress: (id) => {
      const manifest = store.get(id);
      if (manifest) deps.window.send('dictationChanged', summaryOf(manifest, outbox.progressOf(id)));
    },
  });
  store.onChange((manifest) => {
    deps.window.send('dictationChanged', summaryOf(manifest, outbox.progressOf(manifest.id)));
    changed();
  });
  store.onRemove((id) => {
    deps.window.send('dictationRemoved', { id });
    changed();
  });
  deps.service.onResume(() => outbox.kick());

  const session: RecordingSession = new RecordingSession({
    store,
    createRecorder: (events) => new Recorder(deps.recorderHost, events),
    microphone: () => deps.settings.current().microphone,
    compactCopy: () => deps.settings.current().uploadAudioFormat === 'mp3',
    ensurePermission: ensureMicrophonePermission,
    shortcut: () => shortcuts.recordShortcut(),
    onStatus: (status) => deps.window.send('recorderChanged', status),
    onRecorded: () => outbox.kick(),
    onDiagnostic: (text) => log.warn(`recorder: ${text}`),
  });
  const shortcuts: DesktopShortcuts = new DesktopShortcuts({
    recorder: shortcutRecorder(session, () => deps.settings.current().recordCues, (cue) => deps.window.send('recordCue', cue)),
    copy: {
      copyLatest: async () => {
        // The dictation in view, else the newest of all: never an older one in its place.
        const target = (viewedId !== null ? store.get(viewedId) : undefined) ?? store.list()[0];
        if (!target) return { copied: false, reason: 'There is no dictation to copy yet.' };
        const refusal = noteRefusal(target);
        if (refusal) {
          log.info(`copy: the shortcut copied nothing (${noteOf(store, target.id) ? 'not reviewed' : `no note, ${target.state}`})`);
          return { copied: false, reason: `${refusal} Nothing was copied or pasted.` };
        }
        await clipboard.write(noteOf(store, target.id)!);
        log.info('copy: a note was copied by the shortcut');
        return { copied: true, which: nameOf(target) };
      },
      appHasFocus: () => BrowserWindow.getFocusedWindow() !== null,
      tell: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body, silent: true }).show();
      },
    },
    settings: () => deps.settings.current(),
    onAccess: (access) => deps.settings.reportShortcutAccess(access),
  });

  /** Recordings cut off by a crash get their compact copy again, from the repaired WAV, in the background. */
  const rebuildCompactCopies = (ids: string[]) => {
    if (deps.settings.current().uploadAudioFormat !== 'mp3') return;
    void (async () => {
      for (const id of ids) {
        if (store.get(id)?.state !== 'recorded') continue;
        await Promise.resolve()
          .then(() => prepareUploadAudio(recordingFiles(id), 'mp3', encode))
          .catch((error: unknown) => log.warn(`recovery: compact copy not made (${(error as Error).message})`));
      }
    })();
  };

  /** Files left in clear by an earlier version are encrypted in the background, one dictation at a time. */
  const sealLegacyFiles = () => {
    const ids = store.withLegacyFiles();
    if (ids.length > 0) log.info(`data: encrypting the files of ${ids.length} dictations left in clear by an earlier version`);
    void (async () => {
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
    })().catch((error: unknown) => log.warn(`data: ${storageProblem(error)}`));
  };

  /** The dictation the window shows; the copy shortcut takes its note. */
  let viewedId: string | null = null;
  const clipboard = new PatientClipboard(() => deps.settings.current().clearCopiedNote);

  /** Why this dictation's note may not leave the app now, or null. */
  const noteRefusal = (manifest: DictationManifest): string | null => {
    if (!noteOf(store, manifest.id)) {
      return FINISHED_STATES.has(manifest.state) || manifest.state === 'failed'
        ? `The dictation ${nameOf(manifest)} has no note to copy.`
        : `The note of the dictation ${nameOf(manifest)} is not ready yet.`;
    }
    if (deps.settings.current().requireReview && manifest.reviewedAt === null) return `The note of the dictation ${nameOf(manifest)} is not marked reviewed. ${NOT_REVIEWED}`;
    return null;
  };

  const existing = (id: string): DictationManifest => {
    const manifest = store.get(id);
    if (!manifest) refuse('not-found', 'This dictation no longer exists.');
    return manifest;
  };

  const detailOf = (id: string): DictationDetail => {
    const manifest = existing(id);
    return {
      ...summaryOf(manifest, outbox.progressOf(id)),
      result: store.readResult(id),
      correction: store.readCorrection(id),
      audioUrl: manifest.state === 'recording' || manifest.audioDeletedAt ? null : `app://scribe/recordings/${id}.wav`,
    };
  };

  /** The finished result a note is made of, for an edit or a review; refused while there is none. */
  const finishedOutputs = (id: string) => {
    const manifest = existing(id);
    const result = store.readResult(id);
    if (!FINISHED_STATES.has(manifest.state) || !result || !('outputs' in result)) refuse('refused', 'This dictation has no finished result to correct or review yet.');
    return result.outputs;
  };

  const applySettings = () => {
    shortcuts.apply();
    deps.window.send('recorderChanged', session.status());
    outbox.kick();
  };
  deps.settings.onChange(applySettings);

  const handlers: DictationHandlers = {
    listMicrophones: async () => {
      try {
        return await session.recorder.listDevices();
      } catch (error) {
        log.warn(`microphones: ${(error as Error).message}`);
        refuse('unexpected', 'The microphones could not be listed. Check that a microphone is connected, then open Settings again.');
      }
    },
    getRecorder: () => session.status(),
    startRecording: (input) => session.start(input ?? null),
    pauseRecording: () => session.pause(),
    resumeRecording: () => session.resume(),
    stopRecording: () => session.stop(),
    discardRecording: () => session.discard(),
    listDictations: () => store.list().map((manifest) => summaryOf(manifest, outbox.progressOf(manifest.id))),
    getDictation: ({ id }) => detailOf(id),
    retryDictation: ({ id }) => outbox.retry(id),
    cancelDictation: ({ id }) => outbox.cancel(id),
    deleteDictation: ({ id }) => {
      if (session.status().dictationId === id) refuse('busy', 'This dictation is being recorded. Stop or discard it first.');
      outbox.remove(id);
    },
    setRecordingDraft: (input) => session.setDraft(input),
    showingDictation: ({ id }) => {
      viewedId = id;
    },
    renameDictation: ({ id, label }) => {
      if (existing(id).state === 'recording') refuse('busy', 'This dictation is being recorded. Stop it first, then change its label.');
      return summaryOf(store.rename(id, label.trim()), outbox.progressOf(id));
    },
    saveNoteCorrection: ({ id, parts }) => {
      const outputs = finishedOutputs(id);
      const earlier = store.readCorrection(id);
      const outcome = correctionToKeep(outputs, earlier && 'parts' in earlier ? earlier : null, parts, new Date());
      if (!outcome.ok) refuse('refused', outcome.problem);
      if (outcome.correction !== earlier) store.saveCorrection(id, outcome.correction);
      log.info('note: a correction was saved');
      return detailOf(id);
    },
    undoNoteCorrections: ({ id }) => {
      existing(id);
      store.saveCorrection(id, null);
      log.info('note: corrections undone');
      return detailOf(id);
    },
    setNoteReviewed: ({ id, reviewed }) => {
      finishedOutputs(id);
      if (reviewed && !noteOf(store, id)) refuse('refused', 'This dictation has no note to review.');
      store.update(id, { reviewedAt: reviewed ? new Date().toISOString() : null });
      return detailOf(id);
    },
    exportOutput: async ({ id, templateId }) => {
      const manifest = existing(id);
      if (deps.settings.current().requireReview && manifest.reviewedAt === null) refuse('refused', NOT_REVIEWED);
      const result = store.readResult(id);
      const output = result && 'outputs' in result ? result.outputs.find((item) => item.templateId === templateId) : undefined;
      if (!output || (output.content.kind !== 'fhir' && output.content.kind !== 'json' && output.content.kind !== 'prescription')) {
        refuse('not-found', 'There is no JSON output to export for this template.');
      }
      // The service's JSON as it came (checked again when read back), never the doctor's corrections: named so.
      const what = output.content.kind === 'fhir' ? 'fhir' : templateId.replace(/[^A-Za-z0-9_-]+/g, '-');
      const name = `${exportStem(manifest.label, manifest.createdAt, 'dictation')}-${what}-service-original${manifest.testData ? '-TEST-DATA' : ''}.json`;
      return saveJsonExport(deps.window.current, name, output.content.json, "Export the service's original (without your corrections)");
    },
    exportNote: async ({ id }) => {
      const manifest = existing(id);
      const refusal = noteRefusal(manifest);
      if (refusal) refuse('refused', refusal);
      const correction = store.readCorrection(id);
      const exported = noteExport({ header: manifest, result: store.readResult(id), correction: correction && 'parts' in correction ? correction : null, reviewedAt: manifest.reviewedAt });
      if (!exported) refuse('not-found', 'This dictation has no note to export.');
      return saveJsonExport(deps.window.current, exported.fileName, exported.json, 'Export the note (with your corrections)');
    },
    copyText: async ({ text }) => clipboard.write({ text }),
    copyNote: async ({ id }) => {
      const refusal = noteRefusal(existing(id));
      if (refusal) refuse('refused', refusal);
      await clipboard.write(noteOf(store, id)!);
    },
  };

  let retentionTimer: NodeJS.Timeout | null = null;
  return {
    handlers,
    store,
    onChange(listener: () => void): void {
      changeListeners.add(listener);
    },
    pendingCount: () => store.list().filter((manifest) => PENDING_STATES.has(manifest.state)).length,
    /** Why the app must not restart now, or null. */
    busyReason: (): string | null =>
      session.status().state !== 'idle' ? 'A dictation is being recorded.' : outbox.uploading() ? UPLOAD_UNDER_WAY : null,
    /** For app://scribe/recordings/<id>.wav: the recording as a WAV, decrypted as it is read, or null. */
    recording: (id: string): UploadSource | null => {
      const manifest = store.get(id);
      if (!manifest || manifest.state === 'recording' || manifest.audioDeletedAt) return null;
      try {
        return wavSource(recordingFiles(id));
      } catch (error) {
        log.warn(`playback: the recording could not be opened (${(error as Error).message})`);
        return null;
      }
    },
    start(): void {
      applySettings();
      // Locked keys (Settings says why): nothing is sent, repaired or deleted until they open again.
      if (store.locked) return;
      outbox.start();
      rebuildCompactCopies(report.recovered);
      sealLegacyFiles();
      const purge = () => {
        const purged = purgeExpiredAudio(store, deps.settings.current().audioRetentionDays, Date.now() + testClockOffsetMs());
        if (purged > 0) log.info(`retention: deleted the recordings of ${purged} completed dictations`);
      };
      purge();
      retentionTimer = setInterval(purge, RETENTION_CHECK_MS);
      retentionTimer.unref();
    },
    dispose(): void {
      outbox.stop();
      session.recorder.dispose();
      shortcuts.dispose();
      void clipboard.dispose();
      if (retentionTimer) clearInterval(retentionTimer);
    },
  };
}
