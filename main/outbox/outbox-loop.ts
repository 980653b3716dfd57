/**
 * What an outbox's two schedulers (its uploads, its result lookups) share: the one timer each
 * sleeps on, the items under way, and the rule that nothing is asked of the service while the
 * sign-in must be mended, the computer is offline or sending is off; held, a loop looks again
 * every few seconds until it may.
 */
import type { Clock, ClockTimer } from '../core/clock';
import type { OutboxHealth } from './outbox-health';

/** What decides whether an outbox may ask anything of the service now, and the clock it waits on. */
export interface SendingGate {
  /** Holds everything while the sign-in must be mended. */
  health: Pick<OutboxHealth, 'onHold'>;
  isOnline(): boolean;
  /** False while this outbox must not ask anything of the service (automatic sending off); checked again every few seconds. */
  enabled?(): boolean;
  /** A fault in an item's work that it did not handle itself: reported, and the outbox goes on. */
  onFault?(error: unknown): void;
  clock: Clock;
}

const IDLE_RECHECK_MS = 5_000;

export abstract class OutboxLoop {
  /** Items under way, each with what stops it. */
  protected readonly inFlight = new Map<string, AbortController>();
  private timer: ClockTimer | null = null;
  private stopped = true;

  constructor(private readonly gate: SendingGate) {}

  start(): void {
    this.stopped = false;
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    this.gate.clock.clearTimeout(this.timer);
    this.timer = null;
    for (const controller of this.inFlight.values()) controller.abort();
  }

  /** True while an item's work is under way. */
  busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Look at the outbox now. */
  kick(): void {
    this.wakeIn(0);
  }

  protected get now(): number {
    return this.gate.clock.now();
  }

  /** What a wake does while the service may be asked: start what is due, and ask for the next wake. */
  protected abstract pump(): void;

  /** Wakes after `delayMs`, instead of any wake asked for before; nothing once stopped. */
  protected wakeIn(delayMs: number): void {
    if (this.stopped) return;
    this.gate.clock.clearTimeout(this.timer);
    this.timer = this.gate.clock.setTimeout(() => this.wake(), Math.max(0, delayMs));
  }

  /** Runs `work` for an item as under way; when it settles, the outbox is looked at again. */
  protected launch(id: string, work: (signal: AbortSignal) => Promise<void>): void {
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    void work(controller.signal)
      .catch((error: unknown) => this.gate.onFault?.(error))
      .finally(() => {
        this.inFlight.delete(id);
        this.kick();
      });
  }

  private wake(): void {
    this.timer = null;
    if (this.stopped) return;
    const { health, isOnline, enabled } = this.gate;
    if (health.onHold() || !isOnline() || (enabled && !enabled())) {
      this.wakeIn(IDLE_RECHECK_MS);
      return;
    }
    this.pump();
  }
}
