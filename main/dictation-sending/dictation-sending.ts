/**
 * How dictations leave the app, in one place: by the voice upload (the whole recording after
 * Stop: voice-upload-kind.ts), or in parts while they are spoken (part-kind.ts) and ended in
 * their session (session-end-kind.ts), a correction then saved as the session's document
 * (correction-kind.ts). Registers these kinds with the outbox host, which starts, wakes and
 * stops them; routes Retry, Cancel and Delete to the way each dictation goes, moves a
 * dictation to the voice upload when its session cannot be used, and cuts the parts a crash
 * left uncut before they are sent.
 */
import type { PartCutting } from '../audio/upload-audio';
import { refuse } from '../core/refusal';
import type { Outbox } from '../outbox/outbox';
import type { OutboxHost } from '../outbox/outbox-host';
import type { PollSchedule } from '../outbox/result-poller';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import type { KeptResult } from '../dictations/stored-result';
import { correctionKind, type CorrectionDeps, type CorrectionItem } from './correction-kind';
import { partItemId, partKind, type PartDeps, type PartItem, type PartStore } from './part-kind';
import type { PatientDetails } from './patient-details';
import { sessionEndKind, type SessionClient } from './session-end-kind';
import { SessionOpener, type SessionOpenerDeps } from './session-opener';
import { sendWholeInstead } from './session-state';
import { voiceUploadKind, type SyncClient, type VoiceUploadDeps } from './voice-upload-kind';

export interface DictationSendingOptions extends Omit<VoiceUploadDeps, 'client' | 'clock' | 'held'> {
  store: DictationStore;
  client: SyncClient & SessionClient & SessionOpenerDeps['client'] & PartDeps['client'] & CorrectionDeps['client'];
  /** What the app learned of the service: whether it has sessions. */
  offer: SessionOpenerDeps['offer'];
  cutParts: PartCutting;
  templateTitles?(): Promise<ReadonlyMap<string, string>>;
  /** Between result lookups of a session (default: about once a second). */
  sessionPollSchedule?: PollSchedule;
  /** What a session may be told of the dictation's patient now; null: nothing (sendPatientDetails off). */
  patientDetails?(manifest: DictationManifest): PatientDetails | null;
  /** The service took a part in a session (live-words.ts reads its words). */
  onPartSent?: PartDeps['onPartSent'];
}

/** A recording in parts whose last parts must still be cut from it (after a crash, or when cutting failed while recording). */
function needsCutting(manifest: DictationManifest): boolean {
  return manifest.api === 'sessions' && manifest.state !== 'recording' && manifest.partCount === null && !manifest.audioDeletedAt && manifest.durationMs > 0;
}

export class DictationSending {
  private readonly voice: Outbox<DictationManifest, KeptResult>;
  private readonly sessions: Outbox<DictationManifest, KeptResult>;
  private readonly parts: Outbox<PartItem, never>;
  private readonly corrections: Outbox<CorrectionItem, never>;
  private readonly partStore: PartStore;
  private readonly cutting = new Set<string>();

  constructor(
    private readonly host: OutboxHost,
    private readonly options: DictationSendingOptions,
  ) {
    const { store, client } = options;
    const { clock } = host;
    // Locked keys (Settings says why): nothing is sent until they open again.
    const held = () => store.locked;
    this.voice = host.register(voiceUploadKind({ ...options, clock, held }));
    const opener = new SessionOpener({ store, client, offer: options.offer, onFallback: () => this.voice.kick(), patientDetails: options.patientDetails });
    this.sessions = host.register(
      sessionEndKind({
        store,
        client,
        clock,
        held,
        templateTitles: options.templateTitles,
        pollSchedule: options.sessionPollSchedule,
        sendsToSandbox: options.sendsToSandbox,
        onResult: options.onResult,
        onFallback: () => this.voice.kick(),
        onSessionAbandoned: (id) => this.sendPartsNow(id),
        patientDetails: options.patientDetails,
      }),
    );
    const parts = partKind({
      store,
      client,
      sessions: opener,
      held,
      onProgress: () => this.sessions.kick(),
      onRefused: (id, problem) => this.refused(id, problem),
      onPartSent: options.onPartSent,
    });
    this.partStore = parts.store;
    this.parts = host.register(parts);
    const corrections = host.register(correctionKind({ store, client, held }));
    this.corrections = corrections;
    // A correction saved or undone goes to the session's document.
    store.onChange(() => corrections.kick());
    host.onWake(() => this.cutWhatIsMissing());
  }

  /** A part was cut while recording: it goes now. */
  partCut(): void {
    this.parts.kick();
  }

  /** The dictation's upload progress (the voice upload's; parts are small). */
  progressOf(id: string): number | null {
    return this.voice.progressOf(id);
  }

  retry(id: string): void {
    const manifest = this.options.store.get(id);
    if (!manifest) refuse('not-found', 'This dictation no longer exists.');
    if (manifest.api === 'sessions') {
      this.sessions.retry(id);
      this.sendPartsNow(id);
    } else this.voice.retry(id);
    this.host.wake();
  }

  cancel(id: string): void {
    this.sessions.stopFor(id);
    this.voice.cancel(id);
  }

  remove(id: string): void {
    this.stopAllFor(id);
    this.voice.remove(id);
  }

  /**
   * "Patient withdraws consent" was pressed: every request for the dictation (its session's
   * creation, parts, End, result lookups, correction) is aborted now, and nothing more of it goes
   * until `resume`, also after a restart.
   */
  halt(id: string): void {
    const { store } = this.options;
    const manifest = store.get(id);
    if (!manifest) return;
    if (manifest.haltedAt === null) store.writeOrKeepInMemory(id, { haltedAt: new Date(this.host.clock.now()).toISOString() });
    this.stopAllFor(id);
  }

  /** The patient did not withdraw after all: the dictation goes on as before. */
  resume(id: string): void {
    const manifest = this.options.store.get(id);
    if (!manifest || manifest.haltedAt === null) return;
    this.options.store.writeOrKeepInMemory(id, { haltedAt: null });
    this.sendPartsNow(id);
    this.host.wake();
  }

  private stopAllFor(id: string): void {
    this.sessions.stopFor(id);
    this.voice.stopFor(id);
    this.corrections.stopFor(id);
    for (const part of this.options.store.parts(id)) this.parts.stopFor(partItemId(id, part.sequence));
  }

  /** Sends the dictation's parts now ("Send now", a session given up): what they waited for is forgotten. */
  private sendPartsNow(id: string): void {
    this.partStore.dueNow(id);
    this.parts.kick();
  }

  /** A part could not be sent for good (the service refused it, or the app could not send it): the recording goes whole instead, and this session is never ended. */
  private refused(id: string, problem: string): void {
    const manifest = this.options.store.get(id);
    if (!manifest || manifest.api !== 'sessions') return;
    this.options.store.writeOrKeepInMemory(id, sendWholeInstead(manifest, `A part of the recording could not be sent (${problem.replace(/\.$/, '')})`));
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
      const parts = await this.options.cutParts(store.audioPath(id), store.partsFolder(id), store.audioKeyOf(id), store.get(id)?.partFormat);
      if (!this.host.started || !store.get(id)) return;
      store.writeOrKeepInMemory(id, { partCount: parts });
    } catch (error) {
      if (!this.host.started || !store.get(id)) return;
      // The recording itself is whole: it goes by the voice upload instead.
      store.writeOrKeepInMemory(id, sendWholeInstead(store.get(id)!, (error as Error).message));
    }
    this.host.wake();
  }
}
