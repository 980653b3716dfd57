/**
 * The one Clock interface of the app, main's and the page's: the time now, timers, and a sleep
 * that an abort ends; and what every clock does with its timers (a sleep, a repeat). Main's
 * clocks are in main/core/clock.ts, the page's in renderer/app/clock.ts; a unit test passes one
 * it moves itself (test/support/fake-clock.ts), so nothing under test waits for real time.
 */
declare const timerBrand: unique symbol;
/** A timer a clock set, to clear it with; nothing else can be done with it. */
export type ClockTimer = { readonly [timerBrand]: true };

export interface Clock {
  /** Milliseconds since the epoch, as Date.now. */
  now(): number;
  /**
   * Calls `callback` once, `ms` from now (at once for 0 or less). A timer never keeps the
   * process alive: work that waits is picked up again at the next start.
   */
  setTimeout(callback: () => void, ms: number): ClockTimer;
  clearTimeout(timer: ClockTimer | null): void;
  /** Resolves `ms` from now, or rejects with the signal's reason once it aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Sleeps on `clock`'s own timers: one implementation of `sleep` for every clock. */
export function sleepOn(clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls `callback` every `ms` on `clock`'s timers, the first time `ms` from now, until the
 * returned function stops it (a timer set again after each call: an interval on any clock).
 */
export function repeatOn(clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>, ms: number, callback: () => void): () => void {
  let stopped = false;
  let timer: ClockTimer | null = null;
  const next = () => {
    timer = clock.setTimeout(() => {
      if (stopped) return;
      next();
      callback();
    }, ms);
  };
  next();
  return () => {
    stopped = true;
    clock.clearTimeout(timer);
  };
}

/** The time now on `clock` as an ISO 8601 string in UTC, as the app keeps dates. */
export function isoNow(clock: Pick<Clock, 'now'>): string {
  return new Date(clock.now()).toISOString();
}
