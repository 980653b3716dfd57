/** When updates are looked for: 15 seconds after start, then every 4 hours. Pure (the clock is passed in). */
import { repeatOn, type Clock, type ClockTimer } from '../core/clock';

export const FIRST_CHECK_MS = 15_000;
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

export class CheckSchedule {
  private first: ClockTimer | null = null;
  private stopRepeating: (() => void) | null = null;

  /** The clock's timers never keep the app running by themselves. */
  constructor(
    private readonly check: () => void,
    private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
  ) {}

  start(): void {
    this.stop();
    this.first = this.clock.setTimeout(this.check, FIRST_CHECK_MS);
    this.stopRepeating = repeatOn(this.clock, CHECK_EVERY_MS, this.check);
  }

  stop(): void {
    this.clock.clearTimeout(this.first);
    this.first = null;
    this.stopRepeating?.();
    this.stopRepeating = null;
  }
}
