/**
 * The one clock the app's timed work reads and waits on (the outbox, sessions, and whatever
 * else schedules by time): the time now, timers, and a sleep that an abort ends. The system
 * clock is the real one; a unit test passes a clock it moves itself (test/support/fake-clock.ts),
 * so nothing under test waits for real time to pass. The app's clock is the system clock, read
 * ahead by the offset a development build's tests may set (`SCRIBE_TEST_CLOCK_OFFSET_DAYS`).
 */
import { DEVELOPMENT_BUILD } from './build-kind';

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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How far tests move the app's clock forward to check time-based rules (the retention of
 * recordings, of the audit trail): `SCRIBE_TEST_CLOCK_OFFSET_DAYS`, read at each call, within
 * ten years; 0 unless `honoured` (a development build, like the other test hooks).
 */
export function testOffsetMs(honoured: boolean, env: NodeJS.ProcessEnv = process.env): number {
  if (!honoured) return 0;
  const days = Number(env.SCRIBE_TEST_CLOCK_OFFSET_DAYS ?? '0');
  return Number.isFinite(days) && Math.abs(days) <= 3650 ? days * DAY_MS : 0;
}

/** `clock` read `offsetMs()` ahead; its timers and sleeps are its own (a wait of `ms` is still `ms`). */
export function offsetClock(clock: Clock, offsetMs: () => number): Clock {
  return {
    now: () => clock.now() + offsetMs(),
    setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
    clearTimeout: (timer) => clock.clearTimeout(timer),
    sleep: (ms, signal) => clock.sleep(ms, signal),
  };
}

/** The app's clock: the system clock, moved by the tests' offset in a development build. */
export const appClock: Clock = offsetClock(systemClock, () => testOffsetMs(DEVELOPMENT_BUILD));
