/**
 * The dictation outbox: sends recorded dictations and looks their results up, whenever the
 * service can be reached. Uploads and lookups are scheduled apart: an upload holds one of a
 * few slots only while its bytes move; a dictation waiting for its result is a timer in the
 * result poller. Everything it knows is in the store, so it resumes after a restart or crash
 * where it stopped. The txn id is fixed at creation and reused by every attempt; an upload
 * cut off by a crash is checked with the service before it is sent again, so nothing is sent
 * twice; a result that cannot be stored here is looked up again, never uploaded again.
 */
import { randomUUID } from 'node:crypto';
import { PENDING_STATES, canRetry } from '../../contract/dictation';
import type { TranscriptionResult } from '../../contract/transcription';
import type { BackoffPolicy } from '../api/retry-policy';
import type { VoiceUpload } from '../api/service-client';
import { isServiceError } from '../api/service-error';
import type { UploadSource } from '../api/upload-source';
import { fail } from '../ipc/app-failure';
import { decideAfterFailure } from '../outbox/failure-decision';
import { afterFailedLookup } from '../outbox/lookup-failure';
import { OutboxRunner, dueItems } from '../outbox/outbox-runner';
import { ResultPoller, firstLookupAt, type LookupAnswer, type LookupFailure, type PollSchedule } from '../outbox/result-poller';
import { UploadProgress } from '../outbox/upload-progress';
import type { ServiceHealth } from '../service/service-health';
import { storageProblem } from '../storage/storage-problem';
import type { DictationManifest } from './dictation-manifest';
import type { DictationStore } from './dictation-store';

export interface SyncClient {
  uploadVoice(input: VoiceUpload): Promise<unknown>;
  getTranscriptionResult(txnId: string, signal?: AbortSignal): Promise<TranscriptionResult>;
}

export interface DictationOutboxOptions {
  store: DictationStore;
  client: SyncClient;
  /** Shared with the other outboxes: reachability and a refused sign-in. */
  health: ServiceHealth;
  /** The file to upload for a dictation (made once, then kept). */
  /** The file to send; `notice`: what the user should know about it (parts of the recording left out as damaged). */
  prepareAudio(manifest: DictationManifest): Promise<UploadSource & { notice?: string | null }>;
  isOnline(): boolean;
  autoSync(): boolean;
  /** True while the service is the built-in sandbox: what it sends back is test data. */
  sendsToSandbox?(): boolean;
  /** Uploads at a time. */
  concurrency?: number;
  /** Result lookups at a time. */
  lookupConcurrency?: number;
  /** Between failed attempts of one dictation. */
  retryBackoff?: BackoffPolicy;
  /** Between result lookups while the service processes. */
  pollSchedule?: PollSchedule;
  /** How long after its upload a dictation's result is first asked for (default: firstLookupDelayMs). */
  firstLookupDelay?(durationMs: number): number;
  /** After a local failure (the result could not be stored here), look the result up again this much later. */
  localRetryMs?: number;
  /** Answers that cannot be understood are retried this many times, then the dictation fails. */
  maxMalformedAttempts?: number;
  now?: () => number;
  random?: () => number;
  onResult?(manifest: DictationManifest): void;
  onProgress?(id: string, fraction: number): void;
}

/** When to first ask for a result: the service needs a couple of seconds, and longer for longer audio. */
export function firstLookupDelayMs(durationMs: number): number {
  return 2_000 + Math.min(60_000, Math.round(durationMs * 0.1));
}

const LOCAL_RETRY_MS = 30_000;

export class DictationOutbox {
  private readonly progress: UploadProgress;
  private readonly uploads: OutboxRunner;
  private readonly results: ResultPoller<TranscriptionResult>;

  constructor(private readonly options: DictationOutboxOptions) {
    this.progress = new UploadProgress(options.onProgress, options.now);
    this.uploads = new OutboxRunner({
      waiting: () => dueItems(options.store.list().filter((manifest) => manifest.state === 'recorded').reverse()),
      run: (id, signal) => this.runUpload(id, signal),
      health: options.health,
      isOnline: options.isOnline,
      enabled: options.autoSync,
      concurrency: options.concurrency ?? 2,
      now: options.now,
    });
    this.results = new ResultPoller({
      waiting: () =>
        options.store
          .list()
          .filter((manifest) => manifest.state === 'processing')
          .map((manifest) => ({ id: manifest.id, firstLookupAt: firstLookupAt(manifest, (options.firstLookupDelay ?? firstLookupDelayMs)(manifest.durationMs)) })),
      lookup: (id, signal) => this.lookUp(id, signal),
      settle: (id, result) => this.settle(id, result),
      failed: (id, error) => this.lookupFailed(id, error),
      health: options.health,
      isOnline: options.isOnline,
      enabled: options.autoSync,
      concurrency: options.lookupConcurrency ?? 4,
      schedule: options.pollSchedule,
      now: options.now,
      random: options.random,
    });
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  private get localRetryMs(): number {
    return this.options.localRetryMs ?? LOCAL_RETRY_MS;
  }

  start(): void {
    this.uploads.start();
    this.results.start();
  }

  stop(): void {
    this.uploads.stop();
    this.results.stop();
  }

  /** Look at the outbox now (a dictation was recorded, settings changed, network came back). */
  kick(): void {
    this.uploads.kick();
    this.results.kick();
  }

  /** True while a recording is being sent. */
  uploading(): boolean {
    return this.options.store.list().some((manifest) => manifest.state === 'uploading');
  }

  progressOf(id: string): number | null {
    return this.progress.of(id);
  }

  /** Sends again now: resumes a cancelled one or one waiting for its next try, restarts a failed or partial one under a new txn id. */
  retry(id: string): void {
    const manifest = this.options.store.get(id);
    if (!manifest) fail('not-found', 'This dictation no longer exists.');
    if (!canRetry(manifest) || this.uploads.isRunning(id) || this.results.isLooking(id)) fail('refused', 'This dictation cannot be sent again now.');
    if (manifest.audioDeletedAt) fail('refused', 'The recording of this dictation was deleted under the retention setting; it cannot be sent again.');
    const reset = { attempts: 0, nextAttemptAt: null, problem: null };
    this.results.forget(id);
    if (manifest.state === 'failed' || manifest.state === 'partial') {
      const restart = manifest.uploadedAt !== null;
      this.options.store.update(id, {
        ...reset,
        state: 'recorded',
        finishedAt: null,
        ...(restart
          ? { txnId: randomUUID(), previousTxnIds: [...manifest.previousTxnIds, manifest.txnId], uploadedAt: null, uploadStartedAt: null }
          : {}),
      });
    } else if (manifest.state === 'cancelled') {
      this.options.store.update(id, { ...reset, state: manifest.uploadedAt ? 'processing' : 'recorded' });
    } else {
      this.options.store.update(id, reset);
    }
    this.kick();
  }

  /** Stops sending one dictation; it stays on disk until deleted or retried. */
  cancel(id: string): void {
    const manifest = this.options.store.get(id);
    if (!manifest) fail('not-found', 'This dictation no longer exists.');
    if (!PENDING_STATES.has(manifest.state)) return;
    this.uploads.abort(id);
    this.results.forget(id);
    this.options.store.update(id, { state: 'cancelled', nextAttemptAt: null, problem: null });
  }

  remove(id: string): void {
    this.uploads.abort(id);
    this.results.forget(id);
    this.progress.clear(id);
    this.options.store.delete(id);
  }

  private async runUpload(id: string, signal: AbortSignal): Promise<void> {
    const manifest = this.options.store.get(id);
    if (!manifest) return;
    try {
      await this.upload(manifest, signal);
    } catch (error) {
      if (!signal.aborted) this.uploadFailed(id, error);
    } finally {
      this.progress.clear(id);
    }
  }

  private async upload(initial: DictationManifest, signal: AbortSignal): Promise<void> {
    const { store, client } = this.options;
    let manifest = initial;
    let notice: string | null = null;
    const testData = this.options.sendsToSandbox?.() ?? false;
    if (!(manifest.uploadStartedAt && (await this.serviceHas(manifest.txnId, signal)))) {
      const audio = await this.options.prepareAudio(manifest);
      if (signal.aborted) return;
      notice = audio.notice ?? null;
      manifest = store.update(manifest.id, { state: 'uploading', uploadStartedAt: new Date(this.now).toISOString(), problem: notice, testData });
      await client.uploadVoice({ mode: manifest.mode, txnId: manifest.txnId, file: audio, signal, onProgress: this.progress.tracker(manifest.id) });
    }
    this.options.health.answered();
    if (signal.aborted || !store.get(manifest.id)) return;
    store.update(manifest.id, {
      state: 'processing',
      testData,
      uploadStartedAt: null,
      uploadedAt: new Date(this.now).toISOString(),
      attempts: 0,
      nextAttemptAt: null,
      problem: notice,
    });
    this.results.kick();
  }

  /** Whether the service already has this transaction (the upload reached it before a crash). */
  private async serviceHas(txnId: string, signal: AbortSignal): Promise<boolean> {
    try {
      await this.options.client.getTranscriptionResult(txnId, signal);
      return true;
    } catch (error) {
      if (isServiceError(error) && error.kind === 'not_found') return false;
      throw error;
    }
  }

  private async lookUp(id: string, signal: AbortSignal): Promise<LookupAnswer<TranscriptionResult>> {
    const manifest = this.options.store.get(id);
    if (!manifest) return { state: 'pending' };
    const result = await this.options.client.getTranscriptionResult(manifest.txnId, signal);
    this.options.health.answered();
    if (result.state !== 'in_progress') return { state: 'final', result };
    if (result.outputs.length > 0) {
      try {
        this.options.store.saveResult(id, result);
      } catch {
        // Output so far is a preview; the final result is stored when it comes.
      }
    }
    return { state: 'pending' };
  }

  private settle(id: string, result: TranscriptionResult): void {
    const { store } = this.options;
    if (!store.get(id)) return;
    try {
      store.saveResult(id, result);
    } catch (error) {
      // A local failure: the service has the result; it is looked up again, never uploaded again.
      store.updateOrAmend(id, {
        problem: `The result could not be saved on this computer. ${storageProblem(error)} The app will fetch it again.`,
        nextAttemptAt: new Date(this.now + this.localRetryMs).toISOString(),
      });
      return;
    }
    const state = result.state === 'completed' ? 'completed' : result.state === 'partial' ? 'partial' : 'failed';
    const finished = store.update(id, {
      state,
      // A new result is a new note: reviewing an earlier one does not carry over.
      reviewedAt: null,
      finishedAt: new Date(this.now).toISOString(),
      attempts: 0,
      nextAttemptAt: null,
      problem:
        result.state === 'failed'
          ? result.message
          : result.state === 'partial'
            ? 'Some parts of the result could not be produced; see each template below.'
            : null,
    });
    this.options.onResult?.(finished);
  }

  private lookupFailed(id: string, error: unknown): LookupFailure {
    const { store } = this.options;
    const manifest = store.get(id);
    if (!manifest) return 'stop';
    const outcome = afterFailedLookup(error, { attempts: manifest.attempts, now: this.now, localRetryMs: this.localRetryMs, decide: (failure, attempts) => this.decide(failure, attempts) });
    if (outcome.kind === 'again') {
      if (outcome.local) store.updateOrAmend(id, outcome.change);
      else store.update(id, outcome.change);
      return { retryAt: outcome.retryAt };
    }
    const problem = outcome.lost ? 'The service lost track of this dictation. Retry to send it again.' : outcome.problem;
    this.options.onResult?.(store.update(id, { state: 'failed', attempts: outcome.attempts, problem, nextAttemptAt: null }));
    return 'stop';
  }

  private uploadFailed(id: string, error: unknown): void {
    const { store } = this.options;
    const manifest = store.get(id);
    if (!manifest) return;
    const attempts = manifest.attempts + 1;
    const decision = this.decide(error, attempts);
    if (decision.action === 'hold') {
      store.update(id, { state: 'recorded', problem: decision.problem });
    } else if (decision.action === 'retry') {
      store.update(id, { state: 'recorded', attempts, problem: decision.problem, nextAttemptAt: new Date(decision.retryAt).toISOString() });
    } else {
      store.update(id, { state: 'failed', attempts, problem: decision.problem, nextAttemptAt: null });
    }
  }

  private decide(error: unknown, attempts: number) {
    return decideAfterFailure(error, {
      health: this.options.health,
      attempts,
      now: this.now,
      what: 'The dictation could not be sent',
      backoff: this.options.retryBackoff,
      random: this.options.random,
      retryAnyway: (failure) => failure.kind === 'malformed_response' && attempts < (this.options.maxMalformedAttempts ?? 5),
    });
  }
}
