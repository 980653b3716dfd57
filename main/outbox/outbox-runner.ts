/**
 * Runs the due items of an outbox a few at a time, and wakes up when the next one is due.
 * What an item is and what happens to it belong to the caller; this only schedules.
 */
import { OutboxLoop, type SendingGate } from './outbox-loop';

export interface OutboxItem {
  id: string;
  /** Epoch milliseconds before which the item must not run; null when due now. */
  dueAt: number | null;
}

export interface OutboxRunnerOptions extends SendingGate {
  /** Items waiting to run, oldest first. */
  waiting(): OutboxItem[];
  run(id: string, signal: AbortSignal): Promise<void>;
  concurrency?: number;
}

/** Stored items with an optional next-attempt time, as the runner schedules them (oldest first). */
export function dueItems(items: ReadonlyArray<{ id: string; nextAttemptAt: string | null }>): OutboxItem[] {
  return items.map((item) => ({ id: item.id, dueAt: item.nextAttemptAt ? Date.parse(item.nextAttemptAt) : null }));
}

export class OutboxRunner extends OutboxLoop {
  constructor(private readonly options: OutboxRunnerOptions) {
    super(options);
  }

  isRunning(id: string): boolean {
    return this.inFlight.has(id);
  }

  /** Stops one item's run; its `run` promise settles with the signal aborted. */
  abort(id: string): void {
    this.inFlight.get(id)?.abort();
  }

  protected pump(): void {
    const now = this.now;
    let nextDue = Number.POSITIVE_INFINITY;
    for (const item of this.options.waiting()) {
      if (this.inFlight.has(item.id)) continue;
      if (item.dueAt !== null && item.dueAt > now) {
        nextDue = Math.min(nextDue, item.dueAt);
        continue;
      }
      if (this.inFlight.size >= (this.options.concurrency ?? 2)) break;
      this.launch(item.id, (signal) => this.run(item.id, signal));
    }
    if (Number.isFinite(nextDue)) this.wakeIn(Math.max(50, nextDue - now));
  }

  private run(id: string, signal: AbortSignal): Promise<void> {
    return this.options.run(id, signal);
  }
}
