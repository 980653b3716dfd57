/**
 * Runs the due items of an outbox a few at a time, and wakes up when the next one is due.
 * What an item is and what happens to it belong to the caller; this only schedules.
 */
import type { ServiceHealth } from '../service/service-health';

export interface OutboxItem {
  id: string;
  /** Epoch milliseconds before which the item must not run; null when due now. */
  dueAt: number | null;
}

export interface OutboxRunnerOptions {
  /** Items waiting to run, oldest first. */
  waiting(): OutboxItem[];
  run(id: string, signal: AbortSignal): Promise<void>;
  /** Holds everything while the sign-in must be mended. */
  health: Pick<ServiceHealth, 'onHold'>;
  isOnline(): boolean;
  /** False while this outbox must not send (automatic sending off); checked again every few seconds. */
  enabled?(): boolean;
  concurrency?: number;
  now?: () => number;
}

/** Stored items with an optional next-attempt time, as the runner schedules them (oldest first). */
export function dueItems(items: ReadonlyArray<{ id: string; nextAttemptAt: string | null }>): OutboxItem[] {
  return items.map((item) => ({ id: item.id, dueAt: item.nextAttemptAt ? Date.parse(item.nextAttemptAt) : null }));
}

const IDLE_RECHECK_MS = 5_000;

export class OutboxRunner {
  private readonly inFlight = new Map<string, AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(private readonly options: OutboxRunnerOptions) {}

  start(): void {
    this.stopped = false;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const controller of this.inFlight.values()) controller.abort();
  }

  /** Look at the outbox now. */
  kick(): void {
    this.schedule(0);
  }

  isRunning(id: string): boolean {
    return this.inFlight.has(id);
  }

  /** Stops one item's run; its `run` promise settles with the signal aborted. */
  abort(id: string): void {
    this.inFlight.get(id)?.abort();
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
    const { health, isOnline, enabled } = this.options;
    if (health.onHold() || !isOnline() || (enabled && !enabled())) {
      this.schedule(IDLE_RECHECK_MS);
      return;
    }
    const now = (this.options.now ?? Date.now)();
    let nextDue = Number.POSITIVE_INFINITY;
    for (const item of this.options.waiting()) {
      if (this.inFlight.has(item.id)) continue;
      if (item.dueAt !== null && item.dueAt > now) {
        nextDue = Math.min(nextDue, item.dueAt);
        continue;
      }
      if (this.inFlight.size >= (this.options.concurrency ?? 2)) break;
      this.launch(item.id);
    }
    if (Number.isFinite(nextDue)) this.schedule(Math.max(50, nextDue - now));
  }

  private launch(id: string): void {
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    this.options
      .run(id, controller.signal)
      .catch(() => {
        // run() handles its own failures; a rejection here is a bug already logged by the caller.
      })
      .finally(() => {
        this.inFlight.delete(id);
        this.kick();
      });
  }
}
