/**
 * One kind's outbox: its items are sent when the service can be reached, then their results
 * looked up until final. Uploads and lookups are scheduled apart (an upload holds a slot only
 * while its bytes move; an item waiting for its result is a timer). What an item is, how it
 * is sent and looked up, and what its result changes belong to its kind (outbox-kind.ts);
 * attempts, back-off, Retry-After, holds, failures on this computer and retry live here,
 * once. Every change the outbox makes after a failure is kept even when the disk cannot take
 * it (in memory until the next start), so a failure never turns into a tight loop of
 * requests. Made, started, woken and stopped by the host (outbox-host.ts).
 */
import { isServiceError } from '../api/service-error';
import type { BackoffPolicy } from '../api/retry-policy';
import type { Clock } from '../core/clock';
import { refuse } from '../core/refusal';
import { storageProblem } from '../storage/storage-problem';
import { learnFromFailure } from './failure-decision';
import { afterFailedLookup } from './lookup-failure';
import type { OutboxHealth } from './outbox-health';
import type { OutboxKind, OutboxStore, QueuedItem } from './outbox-kind';
import { OutboxRunner, dueItems } from './outbox-runner';
import { ResultPoller, firstLookupAt, type LookupAnswer, type LookupFailure } from './result-poller';
import { UploadProgress } from './upload-progress';

export type { OutboxKind, OutboxStore, QueuedItem } from './outbox-kind';

/** What the host gives every kind's outbox. */
export interface OutboxSettings {
  health: OutboxHealth;
  isOnline(): boolean;
  /** False while nothing of this kind may be sent (automatic sending off, its keys locked). */
  enabled(): boolean;
  clock: Clock;
  random?: () => number;
  backoff?: BackoffPolicy;
  onProgress?(id: string, fraction: number): void;
  /** A fault the outbox did not expect (logged by the host, without patient data). */
  onFault?(error: unknown): void;
  /** An item was sent: its upload step is done. */
  onSent?(id: string): void;
}

const LOCAL_RETRY_MS = 30_000;

export class Outbox<M extends QueuedItem, R> {
  private readonly store: OutboxStore<M>;
  private readonly progress: UploadProgress;
  private readonly uploads: OutboxRunner;
  private readonly results: ResultPoller<R>;
  /** Until when the service asked an item to wait (Retry-After), kept while it waits. */
  private readonly serviceWaits = new Map<string, number>();

  constructor(
    private readonly kind: OutboxKind<M, R>,
    private readonly settings: OutboxSettings,
  ) {
    const store = kind.store;
    this.store = store;
    this.progress = new UploadProgress((id, fraction) => settings.onProgress?.(id, fraction), settings.clock);
    const gate = { health: settings.health, isOnline: settings.isOnline, enabled: settings.enabled, onFault: settings.onFault, clock: settings.clock };
    this.uploads = new OutboxRunner({
      ...gate,
      waiting: () => dueItems(store.list().filter((item) => kind.waitsForUpload(item)).reverse()),
      run: (id, signal) => this.upload(id, signal),
      concurrency: kind.concurrency ?? 2,
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
      concurrency: kind.lookupConcurrency ?? 4,
      schedule: kind.pollSchedule,
      random: settings.random,
    });
  }

  private get now(): number {
    return this.settings.clock.now();
  }

  start(): void {
    this.uploads.start();
    this.results.start();
  }

  stop(): void {
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

  /** True while an item waits to be sent or for its result. */
  waiting(): boolean {
    return this.store.list().some((item) => this.kind.waitsForUpload(item) || this.kind.waitsForResult(item));
  }

  /** True while an item is being sent or its result looked up. */
  busy(): boolean {
    return this.uploads.busy() || this.results.busy();
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

  /** Stops sending an item, as its kind says (it stays until deleted or retried); nothing when nothing is under way for it. */
  cancel(id: string): void {
    const item = this.store.get(id);
    if (!item) refuse('not-found', this.kind.words.gone);
    const change = this.kind.cancel?.(item) ?? null;
    if (!change) return;
    this.stopFor(id);
    this.store.update(id, change);
  }

  /** Stops what is under way for an item and deletes it. */
  remove(id: string): void {
    this.stopFor(id);
    this.store.delete?.(id);
  }

  /** Stops what is under way for an item (its upload or lookup) and forgets its schedule (it is deleted, or goes another way). */
  stopFor(id: string): void {
    this.uploads.abort(id);
    this.results.forget(id);
    this.progress.clear(id);
    this.serviceWaits.delete(id);
  }

  /**
   * The service answered again after failures: everything waiting because of the network
   * or the service is tried now, except what the service itself asked to wait (Retry-After).
   */
  wakeAll(): void {
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
      this.settings.health.answered();
      this.settings.onSent?.(id);
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
    this.settings.health.answered();
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
      health: this.settings.health,
      attempts,
      now: this.now,
      what,
      backoff: this.settings.backoff,
      random: this.settings.random,
      retryAnyway: (failure) => failure.kind === 'malformed_response' && attempts < malformedRetries,
    });
  }

  private get localRetryMs(): number {
    return this.kind.localRetryMs ?? LOCAL_RETRY_MS;
  }
}
