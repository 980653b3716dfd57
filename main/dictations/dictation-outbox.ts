/**
 * The dictation outbox: sends recorded dictations and fetches their results, a few at a time,
 * whenever the service can be reached. Everything it knows is in the store, so it resumes
 * after a restart or crash where it stopped. The txn id is fixed at creation and reused by
 * every attempt; an upload cut off by a crash is checked with the service before it is
 * sent again, so nothing is sent twice.
 */
import { randomUUID } from 'node:crypto';
import { PENDING_STATES, canRetry } from '../../contract/dictation';
import type { TranscriptionResult } from '../../contract/transcription';
import { pollTranscriptionResult } from '../api/poll-result';
import type { BackoffPolicy } from '../api/retry-policy';
import type { VoiceUpload } from '../api/service-client';
import { isServiceError } from '../api/service-error';
import type { UploadSource } from '../api/upload-source';
import { fail } from '../ipc/app-failure';
import { decideAfterFailure } from '../outbox/failure-decision';
import { OutboxRunner, dueItems } from '../outbox/outbox-runner';
import { UploadProgress } from '../outbox/upload-progress';
import type { ServiceHealth } from '../service/service-health';
import type { DictationManifest } from './dictation-manifest';
import type { DictationStore } from './dictation-store';

export interface SyncClient {
  uploadVoice(input: VoiceUpload): Promise<unknown>;
  getTranscriptionResult(txnId: string, signal?: AbortSignal): Promise<TranscriptionResult>;
}

export interface DictationOutboxOptions {
  store: DictationStore;
  client: SyncClient;
  /** Shared with the other outboxes: reachability and a rejected token. */
  health: ServiceHealth;
  /** The file to upload for a dictation (made once, then kept). */
  prepareAudio(manifest: DictationManifest): Promise<UploadSource>;
  isOnline(): boolean;
  autoSync(): boolean;
  concurrency?: number;
  /** Between failed attempts of one dictation. */
  retryBackoff?: BackoffPolicy;
  /** Between result lookups while the service processes. */
  pollBackoff?: BackoffPolicy;
  pollDeadlineMs?: number;
  /** Answers that cannot be understood are retried this many times, then the dictation fails. */
  maxMalformedAttempts?: number;
  now?: () => number;
  random?: () => number;
  onResult?(manifest: DictationManifest): void;
  onProgress?(id: string, fraction: number): void;
}

export class DictationOutbox {
  private readonly progress: UploadProgress;
  private readonly runner: OutboxRunner;

  constructor(private readonly options: DictationOutboxOptions) {
    this.progress = new UploadProgress(options.onProgress, options.now);
    this.runner = new OutboxRunner({
      waiting: () => dueItems(options.store.list().filter((manifest) => manifest.state === 'recorded' || manifest.state === 'processing').reverse()),
      run: (id, signal) => this.run(id, signal),
      health: options.health,
      isOnline: options.isOnline,
      enabled: options.autoSync,
      concurrency: options.concurrency,
      now: options.now,
    });
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  start(): void {
    this.runner.start();
  }

  stop(): void {
    this.runner.stop();
  }

  /** Look at the outbox now (a dictation was recorded, settings changed, network came back). */
  kick(): void {
    this.runner.kick();
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
    if (!canRetry(manifest) || this.runner.isRunning(id)) fail('refused', 'This dictation cannot be sent again now.');
    if (manifest.audioDeletedAt) fail('refused', 'The recording of this dictation was deleted under the retention setting; it cannot be sent again.');
    const reset = { attempts: 0, nextAttemptAt: null, problem: null };
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
    this.runner.abort(id);
    this.options.store.update(id, { state: 'cancelled', nextAttemptAt: null, problem: null });
  }

  remove(id: string): void {
    this.runner.abort(id);
    this.progress.clear(id);
    this.options.store.delete(id);
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    const manifest = this.options.store.get(id);
    if (!manifest) return;
    try {
      await this.send(manifest, signal);
    } catch (error) {
      if (!signal.aborted) this.failed(id, error);
    } finally {
      this.progress.clear(id);
    }
  }

  private async send(initial: DictationManifest, signal: AbortSignal): Promise<void> {
    const { store, client } = this.options;
    let manifest = initial;
    if (manifest.state === 'recorded') {
      if (!(manifest.uploadStartedAt && (await this.serviceHas(manifest.txnId, signal)))) {
        const audio = await this.options.prepareAudio(manifest);
        if (signal.aborted) return;
        manifest = store.update(manifest.id, { state: 'uploading', uploadStartedAt: new Date(this.now).toISOString(), problem: null });
        await client.uploadVoice({ mode: manifest.mode, txnId: manifest.txnId, file: audio, signal, onProgress: this.progress.tracker(manifest.id) });
      }
      this.options.health.answered();
      if (signal.aborted) return;
      manifest = store.update(manifest.id, {
        state: 'processing',
        uploadStartedAt: null,
        uploadedAt: new Date(this.now).toISOString(),
        attempts: 0,
        nextAttemptAt: null,
        problem: null,
      });
    }
    const id = manifest.id;
    const result = await pollTranscriptionResult((txnId, s) => client.getTranscriptionResult(txnId, s), manifest.txnId, {
      deadlineMs: this.options.pollDeadlineMs ?? 15 * 60_000,
      backoff: this.options.pollBackoff ?? { baseMs: 1_000, capMs: 15_000 },
      signal,
      random: this.options.random,
      onProgress: (update) => {
        this.options.health.answered();
        if (update.state === 'in_progress' && update.outputs.length > 0) store.saveResult(id, update);
      },
    });
    this.options.health.answered();
    if (signal.aborted || !store.get(id)) return;
    store.saveResult(id, result);
    const state = result.state === 'completed' ? 'completed' : result.state === 'partial' ? 'partial' : 'failed';
    const finished = store.update(id, {
      state,
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

  private failed(id: string, error: unknown): void {
    const { store } = this.options;
    const manifest = store.get(id);
    if (!manifest) return;
    const back = manifest.state === 'uploading' ? 'recorded' : manifest.state;
    const attempts = manifest.attempts + 1;
    const decision = decideAfterFailure(error, {
      health: this.options.health,
      attempts,
      now: this.now,
      what: 'The dictation could not be sent',
      backoff: this.options.retryBackoff,
      random: this.options.random,
      retryAnyway: (failure) => failure.kind === 'malformed_response' && attempts < (this.options.maxMalformedAttempts ?? 5),
    });
    if (decision.action === 'hold') {
      store.update(id, { state: back, problem: decision.problem });
    } else if (decision.action === 'retry') {
      store.update(id, { state: back, attempts, problem: decision.problem, nextAttemptAt: new Date(decision.retryAt).toISOString() });
    } else {
      const problem = decision.error?.kind === 'not_found' ? 'The service lost track of this dictation. Retry to send it again.' : decision.problem;
      const failed = store.update(id, { state: 'failed', attempts, problem, nextAttemptAt: null });
      if (manifest.state === 'processing') this.options.onResult?.(failed);
    }
  }
}
