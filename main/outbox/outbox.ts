/**
 * The one durable outbox: items kept in a store are sent when the service can be reached,
 * then their results looked up until final. Uploads and lookups are scheduled apart (an
 * upload holds a slot only while its bytes move; an item waiting for its result is a timer).
 * What an item is, how it is sent and looked up, and what its result changes belong to its
 * kind (`OutboxKind`); attempts, back-off, Retry-After, holds, failures on this computer, the
 * wake-up when the service answers again and retry live here, once. Every change the outbox
 * makes after a failure is kept even when the disk cannot take it (in memory until the next
 * start), so a failure never turns into a tight loop of requests.
 */
import { isServiceError } from '../api/service-error';
import { refuse } from '../core/refusal';
import type { BackoffPolicy } from '../api/retry-policy';
import type { ServiceHealth } from '../service/service-health';
import { storageProblem } from '../storage/storage-problem';
import { learnFromFailure } from './failure-decision';
import { afterFailedLookup } from './lookup-failure';
import { OutboxRunner, dueItems } from './outbox-runner';
import { ResultPoller, firstLookupAt, type LookupAnswer, type LookupFailure, type PollSchedule } from './result-poller';
import { UploadProgress } from './upload-progress';

/** What the outbox reads and writes of every item. */
export interface QueuedItem {
  id: string;
  createdAt: string;
  attempts: number;
  nextAttemptAt: string | null;
  problem: string | null;
  uploadedAt: string | null;
  finishedAt: string | null;
}

export interface OutboxStore<M extends QueuedItem> {
  list(): M[];
  get(id: string): M | undefined;
  /** Writes the change; throws when the disk cannot take it. */
  update(id: string, patch: Partial<M>): M;
  /** Writes the change, or keeps it in memory when the disk cannot take it. */
  writeOrKeepInMemory(id: string, patch: Partial<M>): M;
}

/** What one kind of item (a dictation, a lab report) brings to the outbox. */
export interface OutboxKind<M extends QueuedItem, R> {
  /** For messages and logs: "The dictation could not be sent", "The result could not be fetched", … */
  words: { uploadFailed: string; lookupFailed: string; lost: string; notStored: string; gone: string; cannotRetry: string };
  waitsForUpload(item: M): boolean;
  waitsForResult(item: M): boolean;
  /** How long after its upload an item's result can first be expected. */
  firstLookupDelayMs(item: M): number;
  /** Sends the item (it may mark it as being sent); resolves with the change that records the service has it. */
  upload(item: M, context: { signal: AbortSignal; onProgress(sentBytes: number, totalBytes: number): void }): Promise<Partial<M>>;
  lookUp(item: M, signal: AbortSignal): Promise<LookupAnswer<R>>;
  /** Keeps a final result; the item's change. Throws when the result cannot be kept here (it is fetched again later, never sent again). */
  settle(item: M, result: R): Partial<M>;
  /** The change when an upload waits for another attempt. */
  waiting: Partial<M>;
  /** The change when the item has failed for good. */
  failed: Partial<M>;
  /** The change when the service no longer knows the item (only sending it again can help). */
  lost?: Partial<M>;
  /** The change that sends an item again now, or null when it cannot be. */
  retry(item: M): Partial<M> | null;
  /**
   * Answers the service could not be understood are retried this many times. An upload the
   * service may have taken although its answer was unreadable is retried only when sending it
   * again cannot make a second copy.
   */
  malformedRetries: { upload: number; lookup: number };
  /** The item reached its end: completed, partial or failed. */
  onFinished?(item: M): void;
}

export interface OutboxOptions {
  health: ServiceHealth;
  isOnline(): boolean;
  /** False while nothing may be sent (automatic sending off). */
  enabled?(): boolean;
  /** Uploads at a time. */
  concurrency?: number;
  /** Result lookups at a time. */
  lookupConcurrency?: number;
  retryBackoff?: BackoffPolicy;
  pollSchedule?: PollSchedule;
  /** After a failure on this computer, the result is fetched again this much later. */
  localRetryMs?: number;
  now?: () => number;
  random?: () => number;
  onProgress?(id: string, fraction: number): void;
  /** A fault the outbox did not expect (logged by the caller, without patient data). */
  onFault?(error: unknown): void;
}

const LOCAL_RETRY_MS = 30_000;

export class Outbox<M extends QueuedItem, R> {
  private readonly progress: UploadProgress;
  private readonly uploads: OutboxRunner;
  private readonly results: ResultPoller<R>;
  /** Until when the service asked an item to wait (Retry-After), kept while it waits. */
  private readonly serviceWaits = new Map<string, number>();
  private readonly offHealth: () => void;

  constructor(
    protected readonly kind: OutboxKind<M, R>,
    protected readonly store: OutboxStore<M>,
    private readonly options: OutboxOptions,
  ) {
    this.progress = new UploadProgress(options.onProgress, options.now);
    const gate = { health: options.health, isOnline: options.isOnline, enabled: options.enabled, onFault: options.onFault };
    this.uploads = new OutboxRunner({
      ...gate,
      waiting: () => dueItems(store.list().filter((item) => kind.waitsForUpload(item)).reverse()),
      run: (id, signal) => this.upload(id, signal),
      concurrency: options.concurrency ?? 2,
      now: options.now,
    });
    this.results = new ResultPoller<R>({
      ...gate,
      waiting: () =>
        store
          .list()
          .filter((item) => kind.waitsForResult(item))
          .map((item) => ({ id: item.id, firstLookupAt: firstLookupAt(item, kind.firstLookupDelayMs(item)) })),
      lookup: (id, signal) => this.lookUp(id, signal),
      settle: (id, result) => this.settle(id, result),
      failed: (id, error) => this.lookupFailed(id, error),
      concurrency: options.lookupConcurrency ?? 4,
      schedule: options.pollSchedule,
      now: options.now,
      random: options.random,
    });
    this.offHealth = options.health.onBackOnline(() => this.wakeAll());
  }

  protected get now(): number {
    return (this.options.now ?? Date.now)();
  }

  start(): void {
    this.uploads.start();
    this.results.start();
  }

  stop(): void {
    this.offHealth();
    this.uploads.stop();
    this.results.stop();
  }

  /** Look at the outbox now (an item was added, settings changed, the network came back). */
  kick(): void {
    this.uploads.kick();
    this.results.kick();
  }

  progressOf(id: string): number | null {
    return this.progress.of(id);
  }

  /** True while an item is being sent. */
  uploading(): boolean {
    return this.uploads.busy();
  }

  /** Sends again now: an item waiting for its next attempt, one the service refused, or one whose result could not be had. */
  retry(id: string): void {
    const item = this.store.get(id);
    const change = item && !this.uploads.isRunning(id) && !this.results.isLooking(id) ? this.kind.retry(item) : null;
    if (!item) refuse('not-found', this.kind.words.gone);
    if (!change) refuse('refused', this.kind.words.cannotRetry);
    this.results.forget(id);
    this.serviceWaits.delete(id);
    this.store.update(id, { attempts: 0, nextAttemptAt: null, problem: null, ...change });
    this.kick();
  }

  /** Stops what is under way for an item (its upload or lookup) and forgets its schedule. */
  protected halt(id: string): void {
    this.uploads.abort(id);
    this.results.forget(id);
    this.progress.clear(id);
    this.serviceWaits.delete(id);
  }

  /**
   * The service answered again after failures: everything waiting because of the network
   * or the service is tried now, except what the service itself asked to wait (Retry-After).
   */
  private wakeAll(): void {
    const now = this.now;
    for (const item of this.store.list()) {
      if (!item.nextAttemptAt || Date.parse(item.nextAttemptAt) <= now) continue;
      if (!this.kind.waitsForUpload(item) && !this.kind.waitsForResult(item)) continue;
      const floor = this.serviceWaits.get(item.id) ?? now;
      if (floor >= Date.parse(item.nextAttemptAt)) continue;
      this.store.writeOrKeepInMemory(item.id, { nextAttemptAt: floor > now ? new Date(floor).toISOString() : null } as Partial<M>);
    }
    this.results.wakeAll((id) => this.serviceWaits.get(id) ?? now);
    this.kick();
  }

  private async upload(id: string, signal: AbortSignal): Promise<void> {
    const item = this.store.get(id);
    if (!item) return;
    try {
      const change = await this.kind.upload(item, { signal, onProgress: this.progress.tracker(id) });
      this.options.health.answered();
      if (signal.aborted || !this.store.get(id)) return;
      this.serviceWaits.delete(id);
      this.store.writeOrKeepInMemory(id, { attempts: 0, nextAttemptAt: null, ...change });
      this.results.kick();
    } catch (error) {
      if (!signal.aborted && this.store.get(id)) this.uploadFailed(id, error);
    } finally {
      this.progress.clear(id);
    }
  }

  private uploadFailed(id: string, error: unknown): void {
    const attempts = this.store.get(id)!.attempts + 1;
    const decision = this.learnFromFailure(id, error, attempts, this.kind.words.uploadFailed, this.kind.malformedRetries.upload);
    if (decision.action === 'hold') this.store.writeOrKeepInMemory(id, { ...this.kind.waiting, problem: decision.problem });
    else if (decision.action === 'retry') this.store.writeOrKeepInMemory(id, { ...this.kind.waiting, attempts, problem: decision.problem, nextAttemptAt: new Date(decision.retryAt).toISOString() });
    else this.finish(id, { ...this.kind.failed, attempts, problem: decision.problem, nextAttemptAt: null });
  }

  private async lookUp(id: string, signal: AbortSignal): Promise<LookupAnswer<R>> {
    const item = this.store.get(id);
    if (!item) return { state: 'pending' };
    const answer = await this.kind.lookUp(item, signal);
    this.options.health.answered();
    return answer;
  }

  private settle(id: string, result: R): void {
    const item = this.store.get(id);
    if (!item) return;
    let change: Partial<M>;
    try {
      change = this.kind.settle(item, result);
    } catch (error) {
      // A failure on this computer: the service has the result; it is fetched again, never sent again.
      this.store.writeOrKeepInMemory(id, { problem: `${this.kind.words.notStored} ${storageProblem(error)} The app will fetch it again.`, nextAttemptAt: new Date(this.now + this.localRetryMs).toISOString() } as Partial<M>);
      return;
    }
    this.serviceWaits.delete(id);
    this.finish(id, { attempts: 0, nextAttemptAt: null, finishedAt: new Date(this.now).toISOString(), ...change });
  }

  private lookupFailed(id: string, error: unknown): LookupFailure {
    const item = this.store.get(id);
    if (!item) return 'stop';
    const outcome = afterFailedLookup(error, {
      attempts: item.attempts,
      now: this.now,
      localRetryMs: this.localRetryMs,
      learnFromFailure: (failure, attempts) => this.learnFromFailure(id, failure, attempts, this.kind.words.lookupFailed, this.kind.malformedRetries.lookup),
    });
    if (outcome.kind === 'again') {
      this.store.writeOrKeepInMemory(id, outcome.change as Partial<M>);
      return { retryAt: outcome.retryAt };
    }
    const problem = outcome.lost ? this.kind.words.lost : outcome.problem;
    this.finish(id, { ...this.kind.failed, ...(outcome.lost ? this.kind.lost : {}), attempts: outcome.attempts, problem, nextAttemptAt: null });
    return 'stop';
  }

  private finish(id: string, change: Partial<M>): void {
    const finished = this.store.writeOrKeepInMemory(id, change);
    this.kind.onFinished?.(finished);
  }

  /** Tells the service health what the failure shows, and decides what becomes of the item. */
  private learnFromFailure(id: string, error: unknown, attempts: number, what: string, malformedRetries: number) {
    // How long the service asked this item to wait: waking everyone up still honours it.
    if (isServiceError(error) && error.retryAfterMs !== undefined) this.serviceWaits.set(id, this.now + error.retryAfterMs);
    return learnFromFailure(error, {
      health: this.options.health,
      attempts,
      now: this.now,
      what,
      backoff: this.options.retryBackoff,
      random: this.options.random,
      retryAnyway: (failure) => failure.kind === 'malformed_response' && attempts < malformedRetries,
    });
  }

  private get localRetryMs(): number {
    return this.options.localRetryMs ?? LOCAL_RETRY_MS;
  }
}
