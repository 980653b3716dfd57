/**
 * How dictations leave the app, in one place: by the voice upload (the whole recording after
 * Stop: dictation-outbox.ts), or in parts while they are spoken (chunk-outbox.ts) and ended
 * in their session (session-outbox.ts). Routes Retry, Cancel and Delete to the way each
 * dictation goes, moves a dictation to the voice upload when its session cannot be used, and
 * cuts the parts a crash left uncut before they are sent.
 */
import type { ChunkCutting } from '../audio/upload-audio';
import { refuse } from '../core/refusal';
import type { PollSchedule } from '../outbox/result-poller';
import type { ServiceHealth } from '../service/service-health';
import { ChunkOutbox } from './chunk-outbox';
import { CorrectionOutbox } from './correction-outbox';
import type { DictationManifest } from '../dictations/dictation-manifest';
import { DictationOutbox, type DictationOutboxOptions, type SyncClient } from './dictation-outbox';
import { SessionOpener, type SessionOpenerDeps } from './session-opener';
import { SessionOutbox, type SessionClient } from './session-outbox';
import { sendWholeInstead } from './session-state';
import type { PatientDetails } from './patient-details';

export interface DictationSendingOptions extends Omit<DictationOutboxOptions, 'client'> {
  client: SyncClient & SessionClient & SessionOpenerDeps['client'] & ConstructorParameters<typeof ChunkOutbox>[0]['client'] & ConstructorParameters<typeof CorrectionOutbox>[0]['client'];
  /** What the app learned of the service: whether it has sessions. */
  offer: SessionOpenerDeps['offer'];
  cutChunks: ChunkCutting;
  templateTitles?(): Promise<ReadonlyMap<string, string>>;
  health: ServiceHealth;
  /** Between result lookups of a session (default: about once a second). */
  sessionPollSchedule?: PollSchedule;
  /** What a session may be told of the dictation's patient now; null: nothing (sendPatientDetails off). */
  patientDetails?(manifest: DictationManifest): PatientDetails | null;
}

/** A recording in parts whose last parts must still be cut from it (after a crash, or when cutting failed while recording). */
function needsCutting(manifest: DictationManifest): boolean {
  return manifest.api === 'sessions' && manifest.state !== 'recording' && manifest.chunkCount === null && !manifest.audioDeletedAt && manifest.durationMs > 0;
}

export class DictationSending {
  readonly voice: DictationOutbox;
  private readonly sessions: SessionOutbox;
  private readonly parts: ChunkOutbox;
  private readonly corrections: CorrectionOutbox;
  private readonly offStore: () => void;
  private readonly cutting = new Set<string>();
  private stopped = false;

  constructor(private readonly options: DictationSendingOptions) {
    const { store, client } = options;
    const gate = {
      health: options.health,
      isOnline: options.isOnline,
      autoSync: options.autoSync,
      retryBackoff: options.retryBackoff,
      now: options.now,
      random: options.random,
      onFault: options.onFault,
    };
    this.voice = new DictationOutbox(options);
    const opener = new SessionOpener({ store, client, offer: options.offer, onFallback: () => this.voice.kick(), patientDetails: options.patientDetails });
    this.sessions = new SessionOutbox({
      ...gate,
      store,
      client,
      templateTitles: options.templateTitles,
      pollSchedule: options.sessionPollSchedule,
      sendsToSandbox: options.sendsToSandbox,
      onResult: options.onResult,
      onFallback: () => this.voice.kick(),
      onSessionAbandoned: (id) => this.parts.sendNow(id),
      patientDetails: options.patientDetails,
    });
    this.parts = new ChunkOutbox({
      ...gate,
      store,
      client,
      sessions: opener,
      onProgress: () => this.sessions.kick(),
      onRefused: (id, problem) => this.refused(id, problem),
    });
    this.corrections = new CorrectionOutbox({ ...gate, store, client });
    // A correction saved or undone goes to the session's document.
    this.offStore = store.onChange(() => this.corrections.kick());
  }

  start(): void {
    this.voice.start();
    this.sessions.start();
    this.parts.start();
    this.corrections.start();
    this.cutWhatIsMissing();
  }

  stop(): void {
    this.stopped = true;
    this.offStore();
    this.voice.stop();
    this.sessions.stop();
    this.parts.stop();
    this.corrections.stop();
  }

  /** Look at everything now (a part was cut, a recording ended, settings changed, the network came back). */
  kick(): void {
    this.cutWhatIsMissing();
    this.parts.kick();
    this.sessions.kick();
    this.voice.kick();
    this.corrections.kick();
  }

  /** A part was cut while recording: it goes now. */
  partCut(): void {
    this.parts.kick();
  }

  progressOf(id: string): number | null {
    return this.voice.progressOf(id);
  }

  uploading(): boolean {
    return this.voice.uploading() || this.parts.uploading() || this.sessions.uploading() || this.corrections.uploading();
  }

  retry(id: string): void {
    const manifest = this.options.store.get(id);
    if (!manifest) refuse('not-found', 'This dictation no longer exists.');
    if (manifest.api === 'sessions') {
      this.sessions.retry(id);
      this.parts.sendNow(id);
    } else this.voice.retry(id);
    this.kick();
  }

  cancel(id: string): void {
    this.sessions.stopFor(id);
    this.voice.cancel(id);
  }

  remove(id: string): void {
    this.sessions.stopFor(id);
    this.voice.remove(id);
  }

  /** The service refused a part for good: the recording goes whole instead, and this session is never ended. */
  private refused(id: string, problem: string): void {
    const manifest = this.options.store.get(id);
    if (!manifest || manifest.api !== 'sessions') return;
    this.options.store.writeOrKeepInMemory(id, sendWholeInstead(manifest, `The service refused a part of the recording (${problem.replace(/\.$/, '')})`));
    this.voice.kick();
  }

  private cutWhatIsMissing(): void {
    const { store } = this.options;
    if (store.locked) return;
    for (const manifest of store.list().filter(needsCutting)) {
      if (this.cutting.has(manifest.id)) continue;
      this.cutting.add(manifest.id);
      void this.cut(manifest.id).finally(() => this.cutting.delete(manifest.id));
    }
  }

  private async cut(id: string): Promise<void> {
    const { store } = this.options;
    try {
      const chunks = await this.options.cutChunks(store.audioPath(id), store.chunksFolder(id), store.audioKeyOf(id));
      if (this.stopped || !store.get(id)) return;
      store.writeOrKeepInMemory(id, { chunkCount: chunks });
    } catch (error) {
      if (this.stopped || !store.get(id)) return;
      // The recording itself is whole: it goes by the voice upload instead.
      store.writeOrKeepInMemory(id, sendWholeInstead(store.get(id)!, (error as Error).message));
    }
    this.parts.kick();
    this.sessions.kick();
    this.voice.kick();
  }
}
