/**
 * One recording at a time: creates the dictation, drives the recorder, and hands the
 * finished recording to the outbox. Keeps the status the renderer shows, and the label and
 * mode the next recording gets (the draft the Dictation screen shows): however a recording
 * is started, it takes them, and they are cleared for the next patient.
 */
import { EMPTY_DRAFT, IDLE_RECORDER, type DictationMode, type RecorderStatus, type RecordingDraft } from '../../contract/dictation';
import type { Recorder, RecorderEvents } from '../audio/recorder';
import type { RecordingSize } from '../audio/upload-audio';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import { storageProblem, writeProblem } from '../storage/storage-problem';
import { patientOwner } from '../clipboard/copy-path';

export interface RecordingSessionDeps {
  store: DictationStore;
  createRecorder(events: RecorderEvents): Recorder;
  /** The microphone chosen in Settings, by name; '' for the system default. */
  microphone(): string;
  /** Whether the compact (MP3) upload copy is written while recording (the voice upload's). */
  compactCopy(): boolean;
  /** How a recording started now is sent, and what its session asks for; `languages`: the doctor's choice for this one (null: as in Settings). */
  transcription(languages: string[] | null): Pick<DictationManifest, 'api' | 'request'>;
  /** A part of the recording was cut (sessions): it can be sent. */
  onPart?(dictationId: string): void;
  /** A recording began for this patient or label (its dictation exists): `owner` as the clipboard names whose a copy is. */
  onStarted?(owner: string, manifest: DictationManifest): void;
  /** The patient chosen for the visit: a recording started without the page's word (the shortcut) is for them. */
  visitPatientId?(): string | null;
  /** Refuses (throws a message) when the patient cannot be recorded for (deleted meanwhile). */
  checkPatient?(patientId: string): void;
  /** Asks the OS for microphone access where it must be asked (macOS); throws a message when refused. */
  ensurePermission(): Promise<void>;
  shortcut(): string | null;
  onStatus(status: RecorderStatus): void;
  onRecorded(manifest: DictationManifest): void;
  onDiagnostic?(text: string): void;
}

/** `languages` absent: as in Settings (the draft's null). `patientId` absent: the visit's patient. */
type RecordingInput = { mode: DictationMode; label: string; languages?: string[] | null; patientId?: string | null };

export class RecordingSession {
  private current: RecorderStatus = IDLE_RECORDER;
  private draft: RecordingDraft = EMPTY_DRAFT;
  readonly recorder: Recorder;

  constructor(private readonly deps: RecordingSessionDeps) {
    this.recorder = deps.createRecorder({
      onLevel: (level, elapsedMs) => {
        if (this.current.state === 'recording') this.set({ level, elapsedMs });
      },
      onInterrupted: ({ durationMs, parts, message, size }) => this.finish(durationMs, parts, message, size),
      onPart: () => {
        if (this.current.dictationId) deps.onPart?.(this.current.dictationId);
      },
      onDiagnostic: deps.onDiagnostic,
    });
  }

  status(): RecorderStatus {
    return { ...this.current, shortcut: this.deps.shortcut(), draft: this.draft };
  }

  /** What the Dictation screen shows for the next recording, as it is typed. */
  setDraft(input: RecordingInput): RecorderStatus {
    this.draft = { ...this.draft, label: input.label, mode: input.mode, languages: input.languages ?? null };
    return this.status();
  }

  /** Puts `next` in the draft, telling the page to show it afresh. */
  private replaceDraft(next: RecordingInput): void {
    this.draft = { label: next.label, mode: next.mode, languages: next.languages ?? null, cleared: this.draft.cleared + 1 };
  }

  private set(patch: Partial<RecorderStatus>): RecorderStatus {
    this.current = { ...this.current, ...patch };
    const status = this.status();
    this.deps.onStatus(status);
    return status;
  }

  /**
   * Starts a recording labelled as the draft says (or as `input` says: what the page showed
   * when its button was pressed).
   */
  async start(input: RecordingInput | null = null): Promise<RecorderStatus> {
    if (this.current.state !== 'idle') return this.set({ message: 'A recording is already in progress. Stop it before starting another.' });
    const from = input ?? this.draft;
    const wanted = { mode: from.mode, label: from.label.trim(), languages: from.languages ?? null };
    const patientId = input?.patientId !== undefined ? input.patientId : (this.deps.visitPatientId?.() ?? null);
    try {
      if (patientId) this.deps.checkPatient?.(patientId);
      await this.deps.ensurePermission();
    } catch (error) {
      return this.set({ message: (error as Error).message });
    }
    const { store } = this.deps;
    let id: string;
    let audioKey: Buffer;
    try {
      ({ id, audioKey } = store.newFolder());
    } catch (error) {
      return this.set({ message: `The recording could not be started. ${writeProblem(error)}` });
    }
    const transcription = this.deps.transcription(wanted.languages);
    const inParts = transcription.api === 'sessions';
    // The microphone opens in the recorder process while the manifest is written here.
    const started = this.recorder.start(
      { path: store.audioPath(id), key: audioKey, partsFolder: inParts ? store.partsFolder(id) : null },
      this.deps.compactCopy() && !inParts ? store.compactAudioPath(id) : null,
      this.deps.microphone(),
    );
    let manifest: DictationManifest;
    try {
      manifest = store.create({ id, mode: wanted.mode, label: wanted.label, patientId, ...transcription });
    } catch (error) {
      await started.then(() => this.recorder.stop()).catch(() => undefined);
      store.delete(id);
      return this.set({ message: `The recording could not be started. ${storageProblem(error)}` });
    }
    this.deps.onStarted?.(patientId ? patientOwner(patientId) : wanted.label, manifest);
    // The next patient starts from empty fields; a recording that does not begin gives its label back.
    this.replaceDraft({ label: '', mode: 'dictation' });
    this.set({ state: 'starting', dictationId: manifest.id, mode: wanted.mode, label: wanted.label, patientId, elapsedMs: 0, level: 0, message: null });
    try {
      await started;
    } catch (error) {
      store.delete(manifest.id);
      if (this.draft.label === '') this.replaceDraft(wanted);
      return this.set({ state: 'idle', dictationId: null, level: 0, message: (error as Error).message });
    }
    // The recording may have ended already (microphone lost during start-up).
    return this.current.dictationId === manifest.id ? this.set({ state: 'recording' }) : this.status();
  }

  pause(): RecorderStatus {
    if (this.current.state !== 'recording') return this.status();
    this.recorder.pause();
    return this.set({ state: 'paused', level: 0 });
  }

  resume(): RecorderStatus {
    if (this.current.state !== 'paused') return this.status();
    this.recorder.resume();
    return this.set({ state: 'recording' });
  }

  async stop(): Promise<RecorderStatus> {
    if (this.current.state !== 'recording' && this.current.state !== 'paused') return this.status();
    this.set({ state: 'stopping', level: 0 });
    const { durationMs, parts, size } = await this.recorder.stop();
    return this.finish(durationMs, parts, null, size);
  }

  /** Stops and throws the recording away (the renderer asks for confirmation first). */
  async discard(): Promise<RecorderStatus> {
    const id = this.current.dictationId;
    if (!id || this.current.state === 'idle' || this.current.state === 'starting') return this.status();
    this.set({ state: 'stopping', level: 0 });
    await this.recorder.stop();
    this.deps.store.delete(id);
    return this.set({ state: 'idle', dictationId: null, elapsedMs: 0, message: null });
  }

  /** `parts`: the parts cut (null: to be cut from the recording). */
  private finish(durationMs: number, parts: number | null, message: string | null, size: RecordingSize | null): RecorderStatus {
    const id = this.current.dictationId;
    if (id && this.deps.store.get(id)) {
      const manifest =
        durationMs > 0
          ? this.deps.store.writeOrKeepInMemory(id, { state: 'recorded', durationMs, partCount: parts, problem: message, ...(size ?? {}) })
          : this.deps.store.writeOrKeepInMemory(id, { state: 'failed', durationMs: 0, problem: message ?? 'No sound was recorded.' });
      if (manifest.state === 'recorded') this.deps.onRecorded(manifest);
    }
    return this.set({ state: 'idle', dictationId: null, level: 0, elapsedMs: durationMs, message });
  }
}
