/**
 * Looks results up for everything the service has received and not yet finished: each item
 * is a timer, not a busy slot, so waiting for one result never holds up an upload or another
 * lookup. Lookups share a few slots fairly (the longest-due first), back off per item with
 * jitter, honour Retry-After, and slow down once an item has waited long. What a result is
 * and what happens to it belong to the caller; this only schedules, on the clock it is given.
 */
import { isServiceError } from '../api/service-error';
import { OutboxLoop, type SendingGate } from './outbox-loop';

export type LookupAnswer<R> = { state: 'pending' } | { state: 'final'; result: R };

export interface WaitingItem {
  id: string;
  /** Not looked up before this time (epoch ms): when the service can first be expected to have a result. */
  firstLookupAt: number;
}

export interface PollSchedule {
  /** Waits grow from this... */
  baseMs: number;
  /** ...to this, with jitter. */
  capMs: number;
  /** After this long without a final answer, lookups slow down to `slowMs`. */
  patienceMs: number;
  slowMs: number;
  /** `not found` answers accepted right after an upload before it counts as lost. */
  notFoundRetries: number;
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = { baseMs: 2_000, capMs: 15_000, patienceMs: 15 * 60_000, slowMs: 5 * 60_000, notFoundRetries: 3 };

/** When an item is first looked up: `delayMs` after its upload, and not before its next attempt is due. */
export function firstLookupAt(item: { uploadedAt: string | null; createdAt: string; nextAttemptAt: string | null }, delayMs: number): number {
  return Math.max(Date.parse(item.uploadedAt ?? item.createdAt) + delayMs, item.nextAttemptAt ? Date.parse(item.nextAttemptAt) : 0);
}

/** What the caller decides after a failed lookup: try again at a time, or stop looking (it has settled the item). */
export type LookupFailure = { retryAt: number } | 'stop';

export interface ResultPollerOptions<R> extends SendingGate {
  /** Everything waiting for its result now. */
  waiting(): WaitingItem[];
  lookup(id: string, signal: AbortSignal): Promise<LookupAnswer<R>>;
  /** A final answer came. */
  settle(id: string, result: R): Promise<void> | void;
  /** A lookup failed for a reason other than "still processing"; the caller decides what next. */
  failed(id: string, error: unknown): LookupFailure;
  /** An answer came that is not final yet (it may carry partial output). */
  pending?(id: string): void;
  concurrency?: number;
  schedule?: PollSchedule;
  random?: () => number;
}

interface Entry {
  dueAt: number;
  /** Lookups answered "not yet" so far. */
  attempts: number;
  notFoundLeft: number;
  firstLookupAt: number;
}

/** The wait after `attempts` "not yet" answers: growing by half each time, with equal jitter (never close to zero). */
export function lookupDelay(attempts: number, waitedMs: number, schedule: PollSchedule, random: () => number): number {
  if (waitedMs >= schedule.patienceMs) return schedule.slowMs;
  const ceiling = Math.min(schedule.capMs, schedule.baseMs * 1.5 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export class ResultPoller<R> extends OutboxLoop {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: ResultPollerOptions<R>) {
    super(options);
  }

  private get schedule(): PollSchedule {
    return this.options.schedule ?? DEFAULT_POLL_SCHEDULE;
  }

  /** Forgets an item (deleted, cancelled, retried from scratch); a lookup under way is aborted. */
  forget(id: string): void {
    this.inFlight.get(id)?.abort();
    this.entries.delete(id);
  }

  isLooking(id: string): boolean {
    return this.inFlight.has(id);
  }

  /** Everything waiting is looked up again as soon as `floor(id)` allows (the service answers again). */
  wakeAll(floor: (id: string) => number): void {
    for (const [id, entry] of this.entries) if (!this.inFlight.has(id)) entry.dueAt = Math.min(entry.dueAt, Math.max(floor(id), entry.firstLookupAt));
    this.kick();
  }

  protected pump(): void {
    const now = this.now;
    const waiting = this.options.waiting();
    const present = new Set(waiting.map((item) => item.id));
    for (const id of this.entries.keys()) if (!present.has(id) && !this.inFlight.has(id)) this.entries.delete(id);
    for (const item of waiting) {
      if (!this.entries.has(item.id)) {
        this.entries.set(item.id, { dueAt: item.firstLookupAt, attempts: 0, notFoundLeft: this.schedule.notFoundRetries, firstLookupAt: item.firstLookupAt });
      }
    }
    const due = [...this.entries].filter(([id, entry]) => entry.dueAt <= now && !this.inFlight.has(id)).sort((a, b) => a[1].dueAt - b[1].dueAt);
    for (const [id] of due) {
      if (this.inFlight.size >= (this.options.concurrency ?? 4)) break;
      this.launch(id, (signal) => this.lookUp(id, signal));
    }
    // With every slot taken, what is due goes when a lookup ends (it looks again): no wake-up for it before.
    const full = this.inFlight.size >= (this.options.concurrency ?? 4);
    let next = Number.POSITIVE_INFINITY;
    for (const [id, entry] of this.entries) if (!this.inFlight.has(id) && !(full && entry.dueAt <= now)) next = Math.min(next, entry.dueAt);
    if (Number.isFinite(next)) this.wakeIn(next - now);
  }

  private async lookUp(id: string, signal: AbortSignal): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    const random = this.options.random ?? Math.random;
    try {
      const answer = await this.options.lookup(id, signal);
      if (signal.aborted) return;
      if (answer.state === 'final') {
        this.entries.delete(id);
        await this.options.settle(id, answer.result);
        return;
      }
      this.options.pending?.(id);
      entry.attempts += 1;
      entry.dueAt = this.now + lookupDelay(entry.attempts, this.now - entry.firstLookupAt, this.schedule, random);
    } catch (error) {
      if (signal.aborted) return;
      if (isServiceError(error) && error.kind === 'not_found' && entry.notFoundLeft > 0) {
        // Just received: the service may not list it yet.
        entry.notFoundLeft -= 1;
        entry.dueAt = this.now + lookupDelay(entry.attempts + 1, 0, this.schedule, random);
        return;
      }
      const next = this.options.failed(id, error);
      if (next === 'stop') this.entries.delete(id);
      else entry.dueAt = next.retryAt;
    }
  }
}
