/**
 * Dictation, assembled: the store on disk, the recording control, the outbox, the global
 * shortcuts, the background maintenance, and the bridge's handlers. Follows the settings by
 * itself. The only dictation module that touches Electron (notifications, window focus).
 */
import { BrowserWindow, Notification, net } from 'electron';
import { join } from 'node:path';
import { PENDING_STATES } from '../../../contract/dictation';
import { Recorder } from '../../audio/recorder';
import type { RecorderHost } from '../adapters/recorder-host';
import { unpacked } from '../../audio/unpacked-path';
import { ensureMicrophonePermission } from '../adapters/microphone-access';
import { prepareUploadAudio, wavSource, encoderPartCutting, encoderMp3Encoding, type Mp3Encoding, type RecordingFiles } from '../../audio/upload-audio';
import { EncoderHost } from '../adapters/encoder-host';
import type { UploadSource } from '../../api/upload-source';
import type { CopyPath } from '../../clipboard/copy-path';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import { log } from '../log';
import type { OutboxHost } from '../../outbox/outbox-host';
import type { ServiceFeature } from './service-feature';
import type { SettingsService } from '../../settings/settings-service';
import type { AuditWriter } from '../../audit/audit-event';
import { audioDeletedByRetention, recordingCreated } from '../../audit/feature-hooks';
import { consentKept } from '../../consent/consent-audit';
import { DesktopShortcuts } from '../../dictation-wiring/desktop-shortcuts';
import { electronShortcutsDesktop } from '../adapters/electron-desktop';
import { typistHere } from '../../shortcuts/typist';
import { focusNow } from '../../shortcuts/window-focus';
import type { KeysOrProblem } from '../../storage/data-keys';
import type { WindowEvents } from '../windows/app-window';
import { saveJsonExport } from '../windows/save-json-export';
import { dictationHandlers } from '../../dictation-wiring/dictation-bridge';
import { startMaintenance } from '../../dictation-wiring/dictation-maintenance';
import { summaryOf, type DictationManifest } from '../../dictations/dictation-manifest';
import { copyShortcutActions, type LabResultsForShortcut, type ShownForShortcut } from '../../note-leaving/copy-shortcut-actions';
import { readyNotice, visitDictations, type PatientOf } from '../../note-leaving/dictation-notes';
import { NoteContradictions } from '../../note-leaving/note-contradictions';
import type { VisitDictation } from '../../../contract/patient-visit';
import type { PatientStore } from '../../patients/patient-store';
import { DictationSending } from '../../dictation-sending/dictation-sending';
import { LiveWordsView } from '../../dictation-sending/live-words';
import { partFormatFor } from '../../dictation-sending/part-format';
import { patientDetailsOf } from '../../dictation-sending/patient-details';
import { DictationStore, parcelProblem } from '../../dictations/dictation-store';
import { RecordingControl } from '../../dictation-recording/recording-control';
import { cuedRecordingSwitch } from '../../dictation-recording/cued-recording';
import { confirmedBy, consentToKeep } from '../../consent/consent-at-record';
import { CallOffer } from '../../dictation-recording/call-offer';
import { keptModeFile } from '../../dictation-recording/kept-mode';
import { callSoundNotAvailable } from '../../audio/call-sound-source';
import { watchMicrophoneUsers } from '../../audio/microphone-users';

export interface DictationFeatureDeps {
  userData: string;
  builtDir: string;
  /** The recorder process, started by the entry before anything else (it takes longest to start). */
  recorderHost: RecorderHost;
  service: Pick<ServiceFeature, 'client' | 'sessionsOffer' | 'health'>;
  settings: SettingsService;
  /** The one way patient data leaves by the clipboard. */
  copies: CopyPath;
  /** The dictations' keys, or why they cannot be opened. */
  keys: KeysOrProblem;
  /** The one outbox host: dictations' kinds register with it, and it tells the page what became of them. */
  outboxes: OutboxHost;
  window: WindowEvents;
  /** The clinic's patients and the one chosen for the visit. */
  patients: Pick<PatientStore, 'get' | 'visitPatient' | 'view' | 'choose' | 'noteLeft' | 'onVisitChange'>;
  /** The lab result in view, which the copy shortcut copies instead of a note (the lab reports feature, built after this one). */
  labResults(): LabResultsForShortcut;
  /** The document in view (made from a recording), which the copy shortcut copies instead of its note (built after this one). */
  documents?(): ShownForShortcut;
  /** The audit trail: recordings made, the copy shortcut's copies, recordings deleted by retention. */
  audit: AuditWriter;
  clock: Clock;
}

function notifyReady(manifest: DictationManifest, patientOf: PatientOf): void {
  if (!Notification.isSupported()) return;
  const title = manifest.state === 'completed' ? 'Dictation ready' : manifest.state === 'partial' ? 'Dictation partly ready' : 'Dictation failed';
  new Notification({ title, body: readyNotice(manifest, patientOf), silent: true }).show();
}

/** What the functions below share: the store (its folders read at its first use, or once Record has answered); whose each dictation is; a dictation's recording files; the MP3 encoder. */
interface DictationBasics {
  store: DictationStore;
  /** Dictations the load found cut short, for the maintenance to repair (the load finished first). */
  recovered(): string[];
  patientOf: PatientOf;
  /**
   * A dictation's recording files, their key and what the recording holds. Files an earlier
   * version left in clear are encrypted first, until the start's maintenance has done it for all.
   */
  recordingFiles(id: string): RecordingFiles;
  /** The process that encodes MP3 and cuts a session's parts, outside main. */
  encoder: EncoderHost;
  encode: Mp3Encoding;
  /** How many medicines of each note contradict themselves, as the list marks them. */
  contradictions: NoteContradictions;
}

function dictationBasics(deps: DictationFeatureDeps): DictationBasics {
  const store = new DictationStore(join(deps.userData, 'dictations'), deps.keys, deps.clock);
  let recovered: string[] = [];
  // Read once Record has answered (readInSlices), or at the store's first use before that.
  store.loadAtFirstUse((report) => {
    recovered = report.recovered;
    log.info(`dictations: ${report.loaded} loaded, ${report.recovered.length} recovered, ${report.unreadable} unreadable`);
  });
  const encoder = new EncoderHost(unpacked(join(deps.builtDir, 'encoder-process.cjs')), deps.clock, (event) => log.info(`encoder: ${event}`));
  return {
    store,
    recovered: () => {
      store.loadNow();
      return recovered;
    },
    patientOf: (id) => (id ? (deps.patients.get(id) ?? null) : null),
    recordingFiles: (id) => {
      store.sealLegacyFilesIfAny(id);
      return store.recordingFiles(id);
    },
    encoder,
    encode: encoderMp3Encoding(encoder.run),
    contradictions: new NoteContradictions(store),
  };
}

/** The titles of the clinic's own templates, from the service's templates list: asked once, when a result first holds one. */
function templateTitlesOf(client: DictationFeatureDeps['service']['client']): () => Promise<ReadonlyMap<string, string>> {
  let templateTitles: Promise<ReadonlyMap<string, string>> | null = null;
  return () => {
    templateTitles ??= client.listTemplates().then(
      (list) => new Map(list.map((template) => [template.id, template.title])),
      () => {
        templateTitles = null;
        return new Map();
      },
    );
    return templateTitles;
  };
}

/** The words heard so far while a dictation is spoken in parts, told to the page as they come. */
function liveWordsView({ service, window, clock }: DictationFeatureDeps, store: DictationStore): LiveWordsView {
  const view = new LiveWordsView({
    store,
    client: service.client,
    clock,
    reachable: () => service.health.current().reachable && net.isOnline(),
    publish: (words) => window.send('liveWordsChanged', words),
  });
  service.health.onChange(() => view.refresh());
  // Another service (the offer is forgotten): whether it sends words while recording is learned afresh.
  service.sessionsOffer.onChange((state) => {
    if (state === 'unknown') view.serviceChanged();
  });
  return view;
}

/** Sending: the dictations' outbox kinds registered with the host, and the list the page shows of them. */
function dictationSending(
  { service, settings, outboxes }: DictationFeatureDeps,
  { store, patientOf, recordingFiles, encoder, encode, contradictions }: DictationBasics,
  liveWords: LiveWordsView,
): DictationSending {
  const outbox = new DictationSending(outboxes, {
    store,
    client: service.client,
    offer: service.sessionsOffer,
    cutParts: encoderPartCutting(encoder.run),
    templateTitles: templateTitlesOf(service.client),
    prepareAudio: async (manifest) => {
      const { source, damagedParcels } = await prepareUploadAudio(recordingFiles(manifest.id), settings.current().uploadAudioFormat, encode);
      return { ...source, notice: parcelProblem(damagedParcels) };
    },
    sendsToSandbox: () => settings.current().service === 'sandbox',
    patientDetails: (manifest) => (settings.current().sendPatientDetails ? patientDetailsOf(patientOf(manifest.patientId)) : null),
    onResult: (manifest) => notifyReady(manifest, patientOf),
    onPartSent: (part) => liveWords.partSent(part),
  });
  outboxes.show({
    items: store,
    uploads: outbox,
    changed: 'dictationChanged',
    summary: (manifest, progress) => summaryOf(manifest, progress, contradictions.of(manifest)),
    removed: 'dictationRemoved',
    pending: (manifest) => PENDING_STATES.has(manifest.state),
  });
  return outbox;
}

/** The recording: the recorder process, the microphone and the transcription asked for, and what the window hears of it. */
function recordingControl(
  deps: DictationFeatureDeps,
  store: DictationStore,
  outbox: DictationSending,
  liveWords: LiveWordsView,
  recordShortcut: { current(): string | null; holds(): boolean },
  callOffer: CallOffer,
): RecordingControl {
  const { settings } = deps;
  const { discovery } = deps.service.client;
  let recordingId: string | null = null;
  return new RecordingControl({
    store,
    createRecorder: (events) => new Recorder(deps.recorderHost, events, deps.clock),
    clock: deps.clock,
    microphone: () => settings.current().microphone,
    compactCopy: () => settings.current().uploadAudioFormat === 'mp3',
    includeCallSound: () => settings.current().includeCallSound,
    callSoundNotAvailable: callSoundNotAvailable(process.platform),
    callOffer,
    transcription: (languages) => {
      const current = settings.current();
      if (current.transcriptionApi !== 'sessions' || deps.service.sessionsOffer.state() === 'not-offered') return { api: 'voice-upload', request: null };
      // The parts' format, from what the service last listed; not known yet: MP3 this time, and it is asked for the next.
      const listed = discovery.lastKnown();
      if (!listed) void discovery.get().catch(() => undefined);
      return {
        api: 'sessions',
        request: { languages: languages ?? current.languageHints, templates: current.noteTemplates, model: current.transcriptionModel },
        partFormat: partFormatFor(listed?.capabilities.audio_formats ?? null),
      };
    },
    wordsWhileSpeaking: () => liveWords.wordsWhileSpeaking(),
    onPart: (id, part) => {
      outbox.partCut();
      liveWords.partCut(id, part.sequence);
    },
    // The earlier patient's note is not left for a reflex paste into this one's chart.
    onStarted: (owner, manifest) => {
      void deps.copies.recordingFor(owner);
      consentKept(deps.audit, manifest);
      recordingCreated(deps.audit, manifest);
    },
    visitPatientId: () => (deps.patients.view().visitEnded ? null : (deps.patients.visitPatient()?.id ?? null)),
    takePatient: (id) => {
      if (!deps.patients.get(id)) throw new Error('The patient chosen for this recording is no longer on this computer. Choose the patient again.');
      if (deps.patients.visitPatient()?.id !== id || deps.patients.view().visitEnded) deps.patients.choose(id);
    },
    consent: (answer, callSound) => consentToKeep(settings.consentNotices(), answer, confirmedBy(settings), callSound, deps.clock),
    shortcutHolds: () => recordShortcut.holds(),
    ask: (question) => {
      log.info(`recorder: the window asks first (${question.patient ? 'which patient' : ''}${question.patient && question.consent ? ', ' : ''}${question.consent ? "the patient's consent" : ''})`);
      deps.window.send('recordAsked', question);
      deps.window.focus();
    },
    ensurePermission: ensureMicrophonePermission,
    shortcut: () => recordShortcut.current(),
    onStatus: (status) => {
      if (status.dictationId && status.dictationId !== recordingId) {
        liveWords.recordingStarted(status.dictationId);
        deps.outboxes.probeNow();
      }
      recordingId = status.dictationId;
      deps.window.send('recorderChanged', status);
    },
    onRecorded: () => deps.outboxes.wake(),
    onDiagnostic: (text) => log.warn(`recorder: ${text}`),
    keptMode: keptModeFile(deps.userData, (problem) => log.warn(`recorder: ${problem}`)),
  });
}

/** Items of a feature built after this one, asked for at each use. */
function laterItems(items: () => ShownForShortcut): ShownForShortcut {
  return {
    viewed: (chosenId) => items().viewed(chosenId),
    readiness: (id) => items().readiness(id),
    copy: (id, options) => items().copy(id, options),
    patientOf: (id) => items().patientOf(id),
  };
}

/** The global shortcuts: Record from anywhere, and the viewed dictation's note copied or typed into another program. */
function dictationShortcuts(deps: DictationFeatureDeps, { store, patientOf }: DictationBasics, control: RecordingControl, viewedId: () => string | null): DesktopShortcuts {
  const { settings, copies, window, patients, audit, clock } = deps;
  return new DesktopShortcuts({
    desktop: electronShortcutsDesktop,
    log,
    clock,
    recording: cuedRecordingSwitch(control, () => settings.current().recordCues, (cue) => window.send('recordCue', cue)),
    copy: copyShortcutActions({
      clock,
      store,
      copies,
      viewedId,
      profiles: () => settings.current().insertProfiles,
      desktop: {
        appHasFocus: () => BrowserWindow.getFocusedWindow() !== null,
        focusedWindow: focusNow,
        typist: typistHere(clock),
        tell: (title, body) => {
          log.info(`copy: told "${title}"`);
          if (Notification.isSupported()) new Notification({ title, body, silent: true }).show();
        },
      },
      log: (event) => log.info(event),
      patientOf,
      visit: { chosenId: () => patients.visitPatient()?.id ?? null, noteLeft: (patientId) => patients.noteLeft(patientId) },
      labResults: {
        viewed: (chosenId) => deps.labResults().viewed(chosenId),
        readiness: (id) => deps.labResults().readiness(id),
        copy: (id, options) => deps.labResults().copy(id, options),
        patientOf: (id) => deps.labResults().patientOf(id),
      },
      ...(deps.documents ? { documents: laterItems(deps.documents) } : {}),
      audit,
      page: { shortcutCopied: (outcome) => window.send('shortcutCopied', outcome) },
    }),
    settings: () => settings.current(),
    onAccess: (access) => settings.reportShortcutAccess(access),
  });
}

/** The work nobody waits for: repairs, sealing files left in clear, compact copies, deleting recordings past their time, the list's marks of contradicting prescriptions. */
function dictationMaintenance({ settings, audit, window, clock }: DictationFeatureDeps, { store, recovered, recordingFiles, encode, contradictions }: DictationBasics) {
  let stop: (() => void) | null = null;
  let stopCounting: (() => void) | null = null;
  return {
    start(): void {
      // Locked keys (Settings says why): nothing is repaired or deleted until they open again.
      if (store.locked) return;
      stop = startMaintenance(
        {
          store,
          recordingFiles,
          encode,
          compactUploads: () => settings.current().uploadAudioFormat === 'mp3',
          retentionDays: () => settings.current().audioRetentionDays,
          clock,
          log,
          audioDeleted: (ids) => audioDeletedByRetention(audit, ids, (id) => store.get(id)?.patientId ?? null),
        },
        recovered(),
      );
      // Each contradicting note is marked in the list as it is found (a finished dictation has no upload under way).
      stopCounting = contradictions.countAll(clock, (manifest) => window.send('dictationChanged', summaryOf(manifest, null, contradictions.of(manifest))));
    },
    stop: () => {
      stop?.();
      stopCounting?.();
    },
  };
}

/**
 * The store's folders read a slice at a time, main's thread handed back in between (what the
 * page or the doctor asks meanwhile finishes the reading first); begun once, by the first call.
 */
function slicedReading(store: DictationStore, clock: Clock): () => void {
  let begun = false;
  return () => {
    if (begun) return;
    begun = true;
    const next = () => {
      if (store.loadSlice()) clock.setTimeout(next, 0);
      else {
        try {
          store.loadNow();
        } catch (error) {
          log.error(`dictations: the folders could not be read (${(error as Error).name}); every use of them says why`, error);
        }
      }
    };
    clock.setTimeout(next, 0);
  };
}

export function createDictationFeature(deps: DictationFeatureDeps) {
  const { settings } = deps;
  const basics = dictationBasics(deps);
  const { store, patientOf, recordingFiles } = basics;
  const liveWords = liveWordsView(deps, store);
  const outbox = dictationSending(deps, basics, liveWords);
  const callOffer = new CallOffer(
    () => control.status().state === 'idle',
    () => deps.window.send('recorderChanged', control.status()),
  );
  const control = recordingControl(deps, store, outbox, liveWords, { current: () => shortcuts.recordShortcut(), holds: () => shortcuts.recordShortcutHolds() }, callOffer);
  let stopWatchingCalls: () => void = () => undefined;
  /** The dictation the window shows; the copy shortcut takes its note. */
  let viewedId: string | null = null;
  const shortcuts = dictationShortcuts(deps, basics, control, () => viewedId);
  const maintenance = dictationMaintenance(deps, basics);

  const applySettings = () => {
    shortcuts.apply();
    deps.window.send('recorderChanged', control.status());
    deps.outboxes.wake();
  };
  settings.onChange(applySettings);

  const handlers = dictationHandlers({
    store,
    outbox,
    control,
    copies: deps.copies,
    settings,
    saveJson: (name, json, title) => saveJsonExport(deps.window.current, name, json, title),
    log,
    showing: (id) => (viewedId = id),
    patientOf,
    visit: { chosen: () => deps.patients.visitPatient(), noteLeft: (patientId) => deps.patients.noteLeft(patientId) },
    consentNotices: () => settings.consentNotices(),
    clock: deps.clock,
    contradictions: basics.contradictions,
  });
  // Another patient chosen: their note is not the one in view any more (the shortcut never takes it), nor are their words heard so far.
  deps.patients.onVisitChange((patientId) => {
    if (viewedId !== null && store.get(viewedId)?.patientId !== patientId) viewedId = null;
    liveWords.visitChanged(patientId);
  });

  return {
    handlers: { ...handlers, getLiveWords: () => liveWords.current() },
    store,
    /** A patient's dictations as the patient view lists them: each one's medicines and state. */
    visitItems: (patientId: string): VisitDictation[] => visitDictations(store, patientId),
    /** What deleting a patient deletes of dictations. */
    patientItems: {
      idsForPatient: (patientId: string) => store.idsForPatient(patientId),
      busy: (id: string) => (control.status().dictationId === id ? 'A dictation for this patient is being recorded. Stop or discard it first.' : null),
      remove: (id: string) => outbox.remove(id),
      identityChanged: (patientId: string) => store.clearReviews(patientId),
    },
    /** Why the app must not restart now (a recording under way), or null; an upload under way is the outbox host's to say. */
    busyReason: (): string | null => (control.status().state !== 'idle' ? 'A dictation is being recorded.' : null),
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
    /** The dictations' folders read once Record has answered (slicedReading). */
    readInSlices: slicedReading(store, deps.clock),
    /** What Record needs: the shortcuts and the recorder's status; and a call that begins is offered. */
    start(): void {
      applySettings();
      stopWatchingCalls = watchMicrophoneUsers({
        ownPids: () => [process.pid, control.recorder.processId() ?? process.pid],
        onChange: (count) => {
          log.info(`call offer: ${count} other program(s) recording from a microphone`);
          callOffer.usersChanged(count);
        },
        log: (event) => log.info(event),
        clock: deps.clock,
      });
    },
    /** The work nobody waits for (sending is the outbox host's). */
    startMaintenance(): void {
      maintenance.start();
    },
    async stop(): Promise<void> {
      maintenance.stop();
      stopWatchingCalls();
      liveWords.dispose();
      shortcuts.dispose();
      control.recorder.dispose();
      basics.encoder.dispose();
    },
  } satisfies Feature;
}
