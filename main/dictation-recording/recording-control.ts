/**
 * One recording at a time: creates the dictation, drives the recorder, and hands the
 * finished recording to the outbox. Keeps the status the renderer shows, and the label and
 * mode the next recording gets (the draft the Dictation screen shows): however a recording
 * is started, it takes them; the label is cleared for the next patient, the mode stays as the
 * doctor last chose it (kept-mode.ts).
 */
import type { ConsentAnswer, ConsentRecord } from '../../contract/consent';
import { EMPTY_DRAFT, IDLE_RECORDER, type CallSoundStatus, type DictationMode, type RecorderStatus, type RecordingDraft } from '../../contract/dictation';
import type { RecordQuestion } from '../../contract/ipc';
import type { AudioPart } from '../audio/audio-parts';
import { LIVE_PART_MIN_SAMPLES } from '../audio/part-cutter';
import type { Recorder, RecorderEvents } from '../audio/recorder';
import type { Clock, ClockTimer } from '../core/clock';
import type { RecordingSize } from '../audio/upload-audio';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import { storageProblem, writeProblem } from '../storage/storage-problem';
import { patientOwner } from '../clipboard/copy-path';
import type { CallOffer } from './call-offer';
import type { KeptMode } from './kept-mode';

export interface RecordingControlDeps {
  store: DictationStore;
  createRecorder(events: RecorderEvents): Recorder;
  /** The microphone chosen in Settings, by name; '' for the system default. */
  microphone(): string;
  /** Whether the compact (MP3) upload copy is written while recording (the voice upload's). */
  compactCopy(): boolean;
  /** Whether a consultation records the computer's sound output too ("Include the call's sound"). */
  includeCallSound?(): boolean;
  /** Why this computer cannot record the call's sound; null where it can. */
  callSoundNotAvailable?: string | null;
  /** The offer to record a call that seems to have begun (call-offer.ts): shown in the status, answered by any recording. */
  callOffer?: Pick<CallOffer, 'showing' | 'answer'>;
  /** How a recording started now is sent, and what its session asks for; `languages`: the doctor's choice for this one (null: as in Settings). */
  transcription(languages: string[] | null): Pick<DictationManifest, 'api' | 'request'> & Partial<Pick<DictationManifest, 'partFormat'>>;
  /** Whether the words are shown as they come (live-words.ts): parts are then cut sooner. */
  wordsWhileSpeaking?(): boolean;
  /** A part of the recording was cut (sessions): it can be sent. */
  onPart?(dictationId: string, part: AudioPart): void;
  /** A recording began for this patient or label (its dictation exists): `owner` as the clipboard names whose a copy is. */
  onStarted?(owner: string, manifest: DictationManifest): void;
  /** The patient of the visit under way (null: none chosen, or the last visit ended): a recording started without the page's word (the shortcut) is for them. */
  visitPatientId(): string | null;
  /** Refuses (throws a message) when the patient cannot be recorded for (deleted meanwhile); otherwise makes them the visit's patient. */
  takePatient(patientId: string): void;
  /**
   * A consultation's consent as it will be kept: the patient's answer (`answer`: they agreed to
   * the notice read in that language), or the clinic's register where the policy says so; 'ask'
   * when it must be asked first.
   */
  consent(answer: ConsentAnswer | undefined, callSound: boolean): ConsentRecord | 'ask';
  /** What must be answered before recording (which patient, the patient's consent): the window asks it, brought forward. */
  ask(question: RecordQuestion): void;
  /** Whether the record shortcut records while held (a question it asks then does not record by its answer alone). */
  shortcutHolds?(): boolean;
  /** Asks the OS for microphone access where it must be asked (macOS); throws a message when refused. */
  ensurePermission(): Promise<void>;
  /** Times the microphone opened ahead of a question is kept open. */
  clock: Clock;
  shortcut(): string | null;
  onStatus(status: RecorderStatus): void;
  onRecorded(manifest: DictationManifest): void;
  onDiagnostic?(text: string): void;
  /** The mode the doctor last chose, kept through a restart; absent: Dictation at each start. */
  keptMode?: KeptMode;
}

/** `languages` absent: as in Settings (the draft's null). `patientId` absent: the visit's patient. `consent`: the patient's answer to a consultation's notice. */
type RecordingInput = { mode: DictationMode; label: string; languages?: string[] | null; patientId?: string | null; consent?: ConsentAnswer };

/** A question left open this long closes the microphone it opened. */
const PREPARED_FOR_AT_MOST_MS = 2 * 60_000;

export class RecordingControl {
  private current: RecorderStatus = IDLE_RECORDER;
  private preparedUntil: ClockTimer | null = null;
  private readonly clock: Clock;
  private draft: RecordingDraft;
  /** What a halted recording was doing when "Patient withdraws consent" was pressed, to go back to. */
  private haltedFrom: 'recording' | 'paused' = 'recording';
  readonly recorder: Recorder;

  constructor(private readonly deps: RecordingControlDeps) {
    this.clock = deps.clock;
    this.draft = { ...EMPTY_DRAFT, mode: deps.keptMode?.read() ?? EMPTY_DRAFT.mode };
    this.recorder = deps.createRecorder({
      onLevel: (level, elapsedMs, callLevel) => {
        if (this.current.state !== 'recording') return;
        const callSound = this.current.callSound && callLevel !== null ? { ...this.current.callSound, level: callLevel } : this.current.callSound;
        this.set({ level, elapsedMs, callSound });
      },
      onCallSound: ({ state, message }) => {
        if (this.current.callSound) this.set({ callSound: { level: 0, state, message } });
      },
      onInterrupted: ({ durationMs, parts, message, size }) => this.finish(durationMs, parts, message, size),
      onPart: (part) => {
        if (this.current.dictationId) deps.onPart?.(this.current.dictationId, part);
      },
      onDiagnostic: deps.onDiagnostic,
    });
  }

  status(): RecorderStatus {
    return {
      ...this.current,
      shortcut: this.deps.shortcut(),
      draft: this.draft,
      callSoundNotAvailable: this.deps.callSoundNotAvailable ?? null,
      callOffer: this.current.state === 'idle' && (this.deps.callOffer?.showing() ?? false),
    };
  }

  /** What the Dictation screen shows for the next recording, as it is typed. */
  setDraft(input: RecordingInput): RecorderStatus {
    this.keepMode(input.mode);
    this.draft = { ...this.draft, label: input.label, mode: input.mode, languages: input.languages ?? null };
    return this.status();
  }

  /** Puts `next` in the draft, telling the page to show it afresh. */
  private replaceDraft(next: RecordingInput): void {
    this.keepMode(next.mode);
    this.draft = { label: next.label, mode: next.mode, languages: next.languages ?? null, cleared: this.draft.cleared + 1 };
  }

  private keepMode(mode: DictationMode): void {
    if (mode !== this.draft.mode) this.deps.keptMode?.keep(mode);
  }

  private set(patch: Partial<RecorderStatus>): RecorderStatus {
    this.current = { ...this.current, ...patch };
    const status = this.status();
    this.deps.onStatus(status);
    return status;
  }

  /**
   * Starts a recording labelled as the draft says (or as `input` says: what the page showed
   * when its button was pressed), for the visit's patient (or the patient the page names). Without
   * a patient, or a consultation without the patient's consent, nothing is recorded: the window asks.
   */
  async start(input: RecordingInput | null = null): Promise<RecorderStatus> {
    if (this.current.state !== 'idle') return this.set({ message: 'A recording is already in progress. Stop it before starting another.' });
    const from = input ?? this.draft;
    const wanted = { mode: from.mode, label: from.label.trim(), languages: from.languages ?? null };
    // Nothing can be recorded while the data is locked: said at once, before any question is asked.
    const locked = this.deps.store.whyLocked();
    if (locked !== null) return this.set({ message: locked });
    const patientId = input?.patientId !== undefined && input.patientId !== null ? input.patientId : this.deps.visitPatientId();
    const withCallSound = wanted.mode === 'consultation' && (this.deps.includeCallSound?.() ?? false);
    const consent = wanted.mode === 'consultation' ? this.deps.consent(input?.consent, withCallSound) : null;
    if (patientId === null || consent === 'ask') {
      const hold = input === null && (this.deps.shortcutHolds?.() ?? false);
      this.deps.ask({ mode: wanted.mode, patient: patientId === null, consent: consent === 'ask', ...(hold ? { hold } : {}) });
      return this.set({ message: null });
    }
    try {
      this.deps.takePatient(patientId);
      await this.deps.ensurePermission();
    } catch (error) {
      return this.set({ message: (error as Error).message });
    }
    const { store } = this.deps;
    // However it was started, a recording answers the offer to record the call.
    this.deps.callOffer?.answer();
    let id: string;
    let audioKey: Buffer;
    try {
      ({ id, audioKey } = store.newFolder({ label: wanted.label, patientId, consent }));
    } catch (error) {
      return this.set({ message: `The recording could not be started. ${writeProblem(error)}` });
    }
    const transcription = this.deps.transcription(wanted.languages);
    const inParts = transcription.api === 'sessions';
    const partChoice = { format: transcription.partFormat ?? 'mp3', ...(this.deps.wordsWhileSpeaking?.() ? { minSamples: LIVE_PART_MIN_SAMPLES } : {}) };
    // The microphone opens in the recorder process while the manifest is written here, in a task of
    // its own: a message to that process reaches it only once the task that sent it has ended.
    const started = this.recorder.start(
      { path: store.audioPath(id), key: audioKey, partsFolder: inParts ? store.partsFolder(id) : null, ...(inParts ? { partChoice } : {}) },
      this.deps.compactCopy() && !inParts ? store.compactAudioPath(id) : null,
      this.deps.microphone(),
      withCallSound,
    );
    // Its failure may come before it is awaited: said there.
    started.catch(() => undefined);
    this.set({ state: 'starting', dictationId: id, mode: wanted.mode, label: wanted.label, patientId, elapsedMs: 0, level: 0, message: null, callSound: null });
    await this.clock.sleep(0);
    // The microphone was lost meanwhile: its recording ended before it had a manifest, and nothing of it is kept.
    if (this.current.dictationId !== id) {
      store.delete(id);
      return this.status();
    }
    let manifest: DictationManifest;
    try {
      manifest = store.create({ id, mode: wanted.mode, label: wanted.label, patientId, ...transcription, consent });
    } catch (error) {
      await started.then(() => this.recorder.stop()).catch(() => undefined);
      store.delete(id);
      return this.set({ state: 'idle', dictationId: null, message: `The recording could not be started. ${storageProblem(error)}` });
    }
    this.deps.onStarted?.(patientOwner(patientId), manifest);
    // The next patient starts from an empty label, in the mode this one was recorded in; a recording that does not begin gives its label back.
    this.replaceDraft({ label: '', mode: wanted.mode });
    let callSound: CallSoundStatus | null;
    try {
      const report = (await started).callSound;
      callSound = report ? { level: 0, ...report } : null;
    } catch (error) {
      store.delete(manifest.id);
      if (this.draft.label === '') this.replaceDraft(wanted);
      return this.set({ state: 'idle', dictationId: null, level: 0, message: (error as Error).message });
    }
    // The recording may have ended already (microphone lost during start-up).
    if (this.current.dictationId !== manifest.id) return this.status();
    // "Patient withdraws consent" pressed while the microphone opened: nothing is captured.
    if (store.get(manifest.id)?.haltedAt) {
      this.haltedFrom = 'recording';
      this.recorder.pause();
      return this.set({ state: 'halted', callSound });
    }
    return this.set({ state: 'recording', callSound });
  }

  /** "Patient withdraws consent": the capture stops at once, before the doctor is asked anything; nothing captured from now is kept. */
  halt(id: string): RecorderStatus {
    if (this.current.dictationId !== id || (this.current.state !== 'recording' && this.current.state !== 'paused')) return this.status();
    this.haltedFrom = this.current.state;
    if (this.current.state === 'recording') this.recorder.pause();
    return this.set({ state: 'halted', level: 0 });
  }

  /** The patient did not withdraw after all: the capture goes on. */
  resumeHalted(id: string): RecorderStatus {
    if (this.current.dictationId !== id || this.current.state !== 'halted') return this.status();
    if (this.haltedFrom === 'paused') return this.set({ state: 'paused' });
    this.recorder.resume();
    return this.set({ state: 'recording' });
  }

  /** "Not now" to the offer to record a call: it is not made again for this call. */
  dismissCallOffer(): RecorderStatus {
    this.deps.callOffer?.answer();
    return this.status();
  }

  /**
   * The patient's consent is being asked: the microphone opens now, its sound dropped, so that
   * "Patient agrees" starts the recording at once. Closed again when the question ends without a
   * recording (`unprepare`), or after two minutes.
   */
  prepare(): void {
    if (this.current.state !== 'idle') return;
    this.recorder.arm(this.deps.microphone());
    this.clock.clearTimeout(this.preparedUntil);
    this.preparedUntil = this.clock.setTimeout(() => this.unprepare(), PREPARED_FOR_AT_MOST_MS);
  }

  unprepare(): void {
    this.clock.clearTimeout(this.preparedUntil);
    this.preparedUntil = null;
    if (this.current.state === 'idle') this.recorder.disarm();
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
    // A halted consultation is destroyed or goes on, as the doctor answers: never stopped and sent meanwhile.
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
    return this.set({ state: 'idle', dictationId: null, elapsedMs: 0, message: null, callSound: null });
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
    return this.set({ state: 'idle', dictationId: null, level: 0, elapsedMs: durationMs, message, callSound: null });
  }
}
