/**
 * Dictation, assembled: the store on disk, the recording session, the outbox and the
 * global shortcut, and the IPC handlers the renderer calls. Follows the settings by itself.
 */
import { BrowserWindow, clipboard, Notification } from 'electron';
import { join } from 'node:path';
import { PENDING_STATES } from '../../contract/dictation';
import { Recorder } from '../audio/recorder';
import type { RecorderHost } from '../audio/recorder-host';
import { unpacked } from '../audio/unpacked-path';
import { ensureMicrophonePermission } from '../audio/microphone-access';
import { prepareUploadAudio, wavSource, workerMp3Encoding, type RecordingFiles } from '../audio/upload-audio';
import type { UploadSource } from '../api/upload-source';
import { fail } from '../ipc/app-failure';
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
import { latestNote, noteOf, writeNote } from './note-clipboard';
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
>;

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
    onResult: notifyReady,
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
        const latest = latestNote(store);
        if (!latest) return { copied: false, reason: 'No dictation has a result to copy yet.' };
        await writeNote(latest.note);
        log.info('copy: the newest note was copied by the shortcut');
        return { copied: true, recordedAt: new Date(latest.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) };
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
        fail('unexpected', 'The microphones could not be listed. Check that a microphone is connected, then open Settings again.');
      }
    },
    getRecorder: () => session.status(),
    startRecording: (input) => session.start(input),
    pauseRecording: () => session.pause(),
    resumeRecording: () => session.resume(),
    stopRecording: () => session.stop(),
    discardRecording: () => session.discard(),
    listDictations: () => store.list().map((manifest) => summaryOf(manifest, outbox.progressOf(manifest.id))),
    getDictation: ({ id }) => {
      const manifest = store.get(id);
      if (!manifest) fail('not-found', 'This dictation no longer exists.');
      return {
        ...summaryOf(manifest, outbox.progressOf(id)),
        result: store.readResult(id),
        audioUrl: manifest.state === 'recording' || manifest.audioDeletedAt ? null : `app://scribe/recordings/${id}.wav`,
      };
    },
    retryDictation: ({ id }) => outbox.retry(id),
    cancelDictation: ({ id }) => outbox.cancel(id),
    deleteDictation: ({ id }) => {
      if (session.status().dictationId === id) fail('busy', 'This dictation is being recorded. Stop or discard it first.');
      outbox.remove(id);
    },
    exportOutput: async ({ id, templateId }) => {
      const result = store.readResult(id);
      const output = result && 'outputs' in result ? result.outputs.find((item) => item.templateId === templateId) : undefined;
      if (!output || (output.content.kind !== 'fhir' && output.content.kind !== 'json' && output.content.kind !== 'prescription')) {
        fail('not-found', 'There is no JSON output to export for this template.');
      }
      // The JSON text main made when the output arrived (checked again when read back): exported as it is.
      const name = `${output.content.kind === 'fhir' ? 'fhir' : templateId}-${store.get(id)?.createdAt.slice(0, 10) ?? 'export'}.json`;
      return saveJsonExport(deps.window.current, name, output.content.json);
    },
    copyText: ({ text }) => clipboard.writeText(text),
    copyNote: async ({ id }) => {
      if (!store.get(id)) fail('not-found', 'This dictation no longer exists.');
      const note = noteOf(store, id);
      if (!note) fail('not-found', 'This dictation has no result a note could be made of.');
      await writeNote(note);
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
      if (retentionTimer) clearInterval(retentionTimer);
    },
  };
}
