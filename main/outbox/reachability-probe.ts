/**
 * While the service cannot be reached and something waits for it, asks it something cheap
 * every few seconds (jittered, so that the computers of a clinic behind one link do not ask
 * in step). Its first answer is told to the health, which then wakes every kind at once
 * (outbox-host.ts): what waits goes within seconds of the service's return, however long the
 * outage grew each item's own wait. Nothing is asked while the computer is offline, sending
 * is held for the sign-in, or the service answers. A recording that begins asks once at once
 * (`askNow`): a doctor who records with the service down is told within a second that the
 * words follow after Stop, not when the first part fails to go.
 */
import { isServiceError } from '../api/service-error';
import type { Clock, ClockTimer } from '../core/clock';
import type { OutboxHealth } from './outbox-health';

/** About this long between two probes (0.5–1.5 times it). */
export const PROBE_EVERY_MS = 3_000;

export interface ProbeOptions {
  health: Pick<OutboxHealth, 'current' | 'onHold' | 'answered' | 'unreachable'>;
  isOnline(): boolean;
  /** True while an item waits to be sent or for its result. */
  waiting(): boolean;
  /** Asks the service something cheap; resolves once it answered at all, rejects when it cannot be reached. */
  probe(signal: AbortSignal): Promise<void>;
  clock: Clock;
  random: () => number;
  everyMs?: number;
}

export class ReachabilityProbe {
  private timer: ClockTimer | null = null;
  private asking: AbortController | null = null;
  private running = false;

  constructor(private readonly options: ProbeOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.asking?.abort();
  }

  /** Asks once now, whatever was learned before. */
  askNow(): void {
    if (this.running && !this.asking && !this.options.health.onHold() && this.options.isOnline()) void this.ask();
  }

  private schedule(): void {
    if (!this.running) return;
    const every = this.options.everyMs ?? PROBE_EVERY_MS;
    this.timer = this.options.clock.setTimeout(() => void this.check(), Math.round(every * (0.5 + this.options.random())));
  }

  private async check(): Promise<void> {
    this.timer = null;
    const { health } = this.options;
    if (!this.asking && !health.current().reachable && !health.onHold() && this.options.isOnline() && this.options.waiting()) await this.ask();
    this.schedule();
  }

  /** What one question finds is told to the health: an answer, or no way through (the network, a timeout). */
  private async ask(): Promise<void> {
    const asking = new AbortController();
    this.asking = asking;
    try {
      await this.options.probe(asking.signal);
      if (!asking.signal.aborted) this.options.health.answered();
    } catch (error) {
      if (!asking.signal.aborted && isServiceError(error) && (error.kind === 'network' || error.kind === 'timeout')) this.options.health.unreachable(error.message);
    } finally {
      if (this.asking === asking) this.asking = null;
    }
  }
}
