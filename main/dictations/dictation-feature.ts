/**
 * Dictation, assembled: the store on disk, the recording session, the outbox and the
 * global shortcut, and the IPC handlers the renderer calls.
 */
import { clipboard, dialog, Notification, type BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { DictationSummary, RecorderStatus } from '../../contract/dictation';
import type { OperationHandlers } from '../ipc/register-operations';
import { Recorder } from '../audio/recorder';
import { deviceIndexFor, ensureMicrophonePermission } from '../audio/microphone-access';
import { prepareUploadAudio, workerMp3Encoding } from '../audio/upload-audio';
import { log } from '../log';
import type { ServiceHealth } from '../service/service-health';
import type { SettingsService } from '../settings/settings-service';
import { RecordShortcut } from '../shortcuts/record-shortcut';
import { purgeExpiredAudio } from './audio-retention';
import { summaryOf, type DictationManifest } from './dictation-manifest';
import { DictationStore } from './dictation-store';
import { RecordingSession } from './recording-session';
import { SyncEngine, type SyncClient } from './sync-engine';

export interface DictationFeatureDeps {
  userData: string;
  builtDir: string;
  client: SyncClient;
  health: ServiceHealth;
  settings: SettingsService;
  isOnline(): boolean;
  window(): BrowserWindow | null;
  emit: {
    recorder(status: RecorderStatus): void;
    changed(summary: DictationSummary): void;
    removed(id: string): void;
  };
}

type DictationHandlers = Pick<
  OperationHandlers,
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
>;

/** Files started as processes or threads are unpacked beside the app archive when packaged. */
function unpacked(path: string): string {
  return path.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
}

function notifyReady(manifest: DictationManifest): void {
  if (!Notification.isSupported()) return;
  const time = new Date(manifest.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const title = manifest.state === 'completed' ? 'Dictation ready' : manifest.state === 'partial' ? 'Dictation partly ready' : 'Dictation failed';
  // No label in the notification: it may name a patient, and notifications show on a shared screen.
  new Notification({ title, body: `The dictation recorded at ${time} has ${manifest.state === 'failed' ? 'failed' : 'its result'}.`, silent: true }).show();
}

export async function createDictationFeature(deps: DictationFeatureDeps) {
  const store = new DictationStore(join(deps.userData, 'dictations'));
  const report = store.load();
  log.info(`dictations: ${report.loaded} loaded, ${report.recovered} recovered, ${report.unreadable} unreadable`);

  const encode = workerMp3Encoding(unpacked(join(deps.builtDir, 'mp3-encode-worker.cjs')));
  const engine: SyncEngine = new SyncEngine({
    store,
    client: deps.client,
    health: deps.health,
    prepareAudio: (manifest) => prepareUploadAudio(store.folderOf(manifest.id), deps.settings.current().uploadAudioFormat, encode),
    isOnline: deps.isOnline,
    autoSync: () => deps.settings.current().autoSync,
    onResult: notifyReady,
    onProgress: (id) => {
      const manifest = store.get(id);
      if (manifest) deps.emit.changed(summaryOf(manifest, engine.progressOf(id)));
    },
  });
  store.onChange((manifest) => deps.emit.changed(summaryOf(manifest, engine.progressOf(manifest.id))));
  store.onRemove(deps.emit.removed);

  let shortcut: RecordShortcut | null = null;
  const session = new RecordingSession({
    store,
    createRecorder: (events) => new Recorder(unpacked(join(deps.builtDir, 'recorder-process.cjs')), events),
    resolveDevice: () => deviceIndexFor(deps.settings.current().microphone),
    ensurePermission: ensureMicrophonePermission,
    shortcut: () => shortcut?.current() ?? null,
    onStatus: deps.emit.recorder,
    onRecorded: () => engine.kick(),
    onDiagnostic: (text) => log.warn(`recorder: ${text}`),
  });
  shortcut = new RecordShortcut(() => void session.toggle({ mode: 'dictation', label: '' }));

  const applySettings = (): string | null => {
    const problem = shortcut.apply(deps.settings.current().recordShortcut);
    if (problem) log.warn(`shortcut: ${problem}`);
    deps.emit.recorder(session.status());
    engine.kick();
    return problem;
  };

  const handlers: DictationHandlers = {
    getRecorder: () => session.status(),
    startRecording: (input) => session.start(input),
    pauseRecording: () => session.pause(),
    resumeRecording: () => session.resume(),
    stopRecording: () => session.stop(),
    discardRecording: () => session.discard(),
    listDictations: () => store.list().map((manifest) => summaryOf(manifest, engine.progressOf(manifest.id))),
    getDictation: ({ id }) => {
      const manifest = store.get(id);
      if (!manifest) return null;
      return {
        ...summaryOf(manifest, engine.progressOf(id)),
        result: store.readResult(id),
        audioUrl: manifest.state === 'recording' || manifest.audioDeletedAt ? null : `app://scribe/recordings/${id}.wav`,
      };
    },
    retryDictation: ({ id }) => engine.retry(id),
    cancelDictation: ({ id }) => engine.cancel(id),
    deleteDictation: ({ id }) => {
      if (session.status().dictationId === id) return;
      engine.remove(id);
    },
    exportOutput: async ({ id, templateId }) => {
      const result = store.readResult(id);
      const output = result && result.state !== 'failed' ? result.outputs.find((item) => item.templateId === templateId) : undefined;
      if (!output || (output.content.kind !== 'fhir' && output.content.kind !== 'json' && output.content.kind !== 'prescription')) {
        return { saved: false, path: null, error: 'There is no JSON output to export for this template.' };
      }
      const json = output.content.kind === 'prescription' ? { prescription: output.content.prescription } : output.content.json;
      const window = deps.window();
      const options = {
        title: 'Export output',
        defaultPath: `${output.content.kind === 'fhir' ? 'fhir' : templateId}-${store.get(id)?.createdAt.slice(0, 10) ?? 'export'}.json`,
        filters: [{ name: 'JSON', extensions: ['json'] }],
      };
      const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return { saved: false, path: null, error: null };
      try {
        await writeFile(choice.filePath, `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600 });
        return { saved: true, path: choice.filePath, error: null };
      } catch (error) {
        return { saved: false, path: null, error: `The file could not be saved: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.` };
      }
    },
    copyText: ({ text }) => clipboard.writeText(text),
  };

  let retentionTimer: NodeJS.Timeout | null = null;
  return {
    handlers,
    engine,
    session,
    store,
    applySettings,
    /** For app://scribe/recordings/<id>.wav: the file, or null. */
    recordingPath: (id: string) => {
      const manifest = store.get(id);
      return manifest && manifest.state !== 'recording' && !manifest.audioDeletedAt ? store.audioPath(id) : null;
    },
    start(): void {
      applySettings();
      engine.start();
      const purge = () => {
        const purged = purgeExpiredAudio(store, deps.settings.current().audioRetentionDays);
        if (purged > 0) log.info(`retention: deleted the recordings of ${purged} completed dictations`);
      };
      purge();
      retentionTimer = setInterval(purge, 6 * 60 * 60 * 1000);
      retentionTimer.unref();
    },
    dispose(): void {
      engine.stop();
      shortcut.dispose();
      if (retentionTimer) clearInterval(retentionTimer);
    },
  };
}
