/**
 * The time the trail has seen pass, which retention counts instead of the computer's clock:
 * while the app runs, only the time a monotonic clock measured (a clock set forward moves it
 * not at all); while the app was closed, at most a long weekend. So a clock that jumped
 * forward, before a start or during a run, never removes a file early; a long holiday only
 * keeps files a little longer than the policy says. Pure.
 */

/** The most a closed app is taken to have missed, from one run to the next. */
export const CLOSED_AT_MOST_MS = 3 * 24 * 60 * 60 * 1000;

export class TrailTime {
  private readonly atOpen: number;
  private readonly elapsedAtOpen: number;

  /**
   * `witnessed`: what the trail had seen when it was last kept (null: nothing yet, the clock
   * is taken as it is); `now`: the computer's clock; `elapsed`: a monotonic clock, in ms.
   */
  constructor(
    witnessed: number | null,
    now: number,
    private readonly elapsed: () => number,
  ) {
    this.atOpen = witnessed === null ? now : witnessed + Math.min(Math.max(now - witnessed, 0), CLOSED_AT_MOST_MS);
    this.elapsedAtOpen = elapsed();
  }

  /** The trail's time now: never ahead of the computer's clock, nor of what the monotonic clock measured since the start. */
  now(clock: number): number {
    return Math.min(clock, this.atOpen + (this.elapsed() - this.elapsedAtOpen));
  }
}
