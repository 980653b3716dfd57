/** When updates are looked for: 15 seconds after start, then every 4 hours. Pure (timers only). */

export const FIRST_CHECK_MS = 15_000;
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

export class CheckSchedule {
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly check: () => void) {}

  start(): void {
    this.stop();
    this.timers = [setTimeout(this.check, FIRST_CHECK_MS), setInterval(this.check, CHECK_EVERY_MS)];
    // The schedule never keeps the app running by itself.
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
