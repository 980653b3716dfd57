/**
 * The outbox: sends recorded dictations and fetches their results, a few at a time,
 * whenever the service can be reached. Everything it knows is in the store, so it resumes
 * after a restart or crash where it stopped. The txn id is fixed at creation and reused by
 * every attempt; an upload cut off by a crash is checked with the service before it is
 * sent again, so nothing is sent twice.
 */
import { randomUUID } from 'node:crypto';
import type { SyncStatus } from '../../contract/dictation';
import type { TranscriptionResult } from '../../contract/transcription';
import { pollTranscriptionResult } from '../api/poll-result';
import { fullJitterDelay, type BackoffPolicy } from '../api/retry-policy';
import type { VoiceUpload } from '../api/service-client';
import { isServiceError } from '../api/service-error';
import type { UploadAudio } from '../audio/upload-audio';
import type { DictationManifest } from './dictation-manifest';
import type { DictationStore } from './dictation-store';

export interface SyncClient {
  uploadVoice(input: VoiceUpload): Promise<unknown>;
  getTranscriptionResult(txnId: string, signal?: AbortSignal): Promise<TranscriptionResult>;
}

export interface SyncEngineOptions {
  store: DictationStore;
  client: SyncClient;
  prepareAudio(manifest: DictationManifest): Promise<UploadAudio>;
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
  onStatus?(status: SyncStatus): void;
}

const PENDING_STATES = new Set(['recorded', 'uploading', 'processing']);
const IDLE_RECHECK_MS = 5_000;

export class SyncEngine {
  private readonly inFlight = new Map<string, AbortController>();
  private readonly progress = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private needsToken = false;
  private reachable = true;
  private lastProblem: string | null = null;

  constructor(private readonly options: SyncEngineOptions) {}

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const controller of this.inFlight.values()) controller.abort();
  }

  /** Look at the outbox now (a dictation was recorded, settings changed, network came back). */
  kick(): void {
    this.schedule(0);
  }

  status(): SyncStatus {
    const paused = this.needsToken ? 'needs-token' : this.options.autoSync() ? null : 'sync-off';
    return { paused, serviceReachable: this.reachable, message: this.needsToken ? 'The service needs a new access token. Enter it in Settings; nothing waiting is lost.' : this.lastProblem };
  }

  pendingCount(): number {
    return this.options.store.list().filter((manifest) => PENDING_STATES.has(manifest.state)).length;
  }

  progressOf(id: string): number | null {
    return this.progress.get(id) ?? null;
  }

  /** Credentials changed: try again what a 401 put on hold. */
  credentialsChanged(): void {
    if (this.needsToken) {
      this.needsToken = false;
      this.emitStatus();
    }
    this.kick();
  }

  /** Sends again now: resumes a cancelled one, restarts a finished one under a new txn id. */
  retry(id: string): void {
    const manifest = this.options.store.get(id);
    if (!manifest || this.inFlight.has(id) || manifest.state === 'recording') return;
    if (manifest.durationMs === 0) return;
    const reset = { attempts: 0, nextAttemptAt: null, problem: null };
    if (manifest.state === 'failed' || manifest.state === 'partial' || manifest.state === 'completed') {
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
    if (!manifest || !PENDING_STATES.has(manifest.state)) return;
    this.inFlight.get(id)?.abort();
    this.options.store.update(id, { state: 'cancelled', nextAttemptAt: null, problem: null });
  }

  remove(id: string): void {
    this.inFlight.get(id)?.abort();
    this.progress.delete(id);
    this.options.store.delete(id);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pump(), delayMs);
    this.timer.unref?.();
  }

  private pump(): void {
    this.timer = null;
    if (this.stopped) return;
    if (this.needsToken || !this.options.autoSync() || !this.options.isOnline()) {
      this.schedule(IDLE_RECHECK_MS);
      return;
    }
    const now = this.now;
    const waiting = this.options.store
      .list()
      .filter((manifest) => (manifest.state === 'recorded' || manifest.state === 'processing') && !this.inFlight.has(manifest.id))
      .reverse();
    let nextDue = Number.POSITIVE_INFINITY;
    for (const manifest of waiting) {
      const due = manifest.nextAttemptAt ? Date.parse(manifest.nextAttemptAt) : now;
      if (due > now) {
        nextDue = Math.min(nextDue, due);
        continue;
      }
      if (this.inFlight.size >= (this.options.concurrency ?? 2)) break;
      this.run(manifest);
    }
    if (Number.isFinite(nextDue)) this.schedule(Math.max(50, nextDue - now));
  }

  private run(manifest: DictationManifest): void {
    const controller = new AbortController();
    this.inFlight.set(manifest.id, controller);
    this.send(manifest, controller.signal)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) this.failed(manifest.id, error);
      })
      .finally(() => {
        this.inFlight.delete(manifest.id);
        this.progress.delete(manifest.id);
        this.kick();
      });
  }

  private async send(initial: DictationManifest, signal: AbortSignal): Promise<void> {
    const { store, client } = this.options;
    let manifest = initial;
    if (manifest.state === 'recorded') {
      if (!(manifest.uploadStartedAt && (await this.serviceHas(manifest.txnId, signal)))) {
        const audio = await this.options.prepareAudio(manifest);
        if (signal.aborted) return;
        manifest = store.update(manifest.id, { state: 'uploading', uploadStartedAt: new Date(this.now).toISOString(), problem: null });
        let lastReport = 0;
        await client.uploadVoice({
          mode: manifest.mode,
          txnId: manifest.txnId,
          filePath: audio.path,
          contentType: audio.contentType,
          fileName: audio.fileName,
          signal,
          onProgress: (sent, total) => {
            const fraction = total > 0 ? sent / total : 1;
            this.progress.set(manifest.id, fraction);
            if (this.now - lastReport >= 100 || fraction === 1) {
              lastReport = this.now;
              this.options.onProgress?.(manifest.id, fraction);
            }
          },
        });
      }
      this.markReachable();
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
        this.markReachable();
        if (update.state === 'in_progress' && update.outputs.length > 0) store.saveResult(id, update);
      },
    });
    this.markReachable();
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
    if (!isServiceError(error)) {
      store.update(id, { state: 'failed', problem: `The dictation could not be sent: ${(error as Error).message}` });
      return;
    }
    if (error.kind === 'unauthorized') {
      this.needsToken = true;
      store.update(id, { state: back, problem: error.message });
      this.emitStatus();
      return;
    }
    if (error.kind === 'network' || error.kind === 'timeout') this.markUnreachable(error.message);
    else this.markReachable();
    const attempts = manifest.attempts + 1;
    const retryable = error.retryable || (error.kind === 'malformed_response' && attempts < (this.options.maxMalformedAttempts ?? 5));
    if (!retryable) {
      const problem =
        error.kind === 'not_found' ? 'The service lost track of this dictation. Retry to send it again.' : error.message;
      store.update(id, { state: 'failed', attempts, problem, nextAttemptAt: null });
      if (manifest.state === 'processing') this.options.onResult?.(store.get(id)!);
      return;
    }
    const policy = this.options.retryBackoff ?? { baseMs: 2_000, capMs: 5 * 60_000 };
    const delay = Math.max(fullJitterDelay(attempts, policy, this.options.random), error.retryAfterMs ?? 0, 500);
    store.update(id, { state: back, attempts, problem: error.message, nextAttemptAt: new Date(this.now + delay).toISOString() });
  }

  private markReachable(): void {
    if (this.reachable && this.lastProblem === null) return;
    this.reachable = true;
    this.lastProblem = null;
    this.emitStatus();
  }

  private markUnreachable(message: string): void {
    const changed = this.reachable || this.lastProblem !== message;
    this.reachable = false;
    this.lastProblem = message;
    if (changed) this.emitStatus();
  }

  private emitStatus(): void {
    this.options.onStatus?.(this.status());
  }
}
