/**
 * The one clock the app's timed work reads and waits on (the outbox, sessions, and whatever
 * else schedules by time): the time now, timers, and a sleep that an abort ends. The system
 * clock is the real one; a unit test passes a clock it moves itself (test/support/fake-clock.ts),
 * so nothing under test waits for real time to pass. Pure.
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

/** The computer's clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, Math.max(0, ms));
    timer.unref?.();
    return timer as unknown as ClockTimer;
  },
  clearTimeout(timer) {
    if (timer) clearTimeout(timer as unknown as NodeJS.Timeout);
  },
  sleep(ms, signal) {
    return sleepOn(systemClock, ms, signal);
  },
};
