/**
 * What to do when the page's process dies: reload the window at once, or, when it keeps
 * dying, wait a little between reloads so a page that cannot start does not spin. Pure.
 */

export interface ReloadPolicyOptions {
  /** Crashes within `windowMs` that are reloaded at once. */
  quickReloads?: number;
  windowMs?: number;
  /** The wait before a reload once crashes come faster than that. */
  slowReloadMs?: number;
}

export class ReloadPolicy {
  private crashes: number[] = [];
  private readonly quickReloads: number;
  private readonly windowMs: number;
  private readonly slowReloadMs: number;

  constructor(options: ReloadPolicyOptions = {}) {
    this.quickReloads = options.quickReloads ?? 3;
    this.windowMs = options.windowMs ?? 60_000;
    this.slowReloadMs = options.slowReloadMs ?? 10_000;
  }

  /** The wait before reloading after the page's process ended for `reason`, or null when it ended on purpose. */
  afterExit(reason: string, now: number): number | null {
    if (reason === 'clean-exit') return null;
    this.crashes = [...this.crashes.filter((at) => now - at < this.windowMs), now];
    return this.crashes.length <= this.quickReloads ? 0 : this.slowReloadMs;
  }
}
