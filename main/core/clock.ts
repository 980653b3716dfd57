/**
 * Main's clocks (the one Clock interface is contract/clock.ts): the system clock, the real one;
 * the app's clock, the system clock read ahead by the offset a development build's tests may set
 * (`SCRIBE_TEST_CLOCK_OFFSET_DAYS`), which the composition root (main/shell/features.ts) hands to every
 * feature; and the process's own time, for measuring and pacing. A unit test passes a clock it
 * moves itself (test/support/fake-clock.ts). Nothing else in main reads the time
 * (test/unit/architecture/clock-reads.test.ts).
 */
import { sleepOn, type Clock, type ClockTimer } from '../../contract/clock';
import { DEVELOPMENT_BUILD } from './build-kind';

export { isoNow, repeatOn, sleepOn, type Clock, type ClockTimer } from '../../contract/clock';

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

/**
 * The process's own time: milliseconds since it began, never set back or forward. For how long
 * something took and for pacing a device (start-up's moments, the time the audit trail saw pass,
 * the recorder's reads), where a wall clock changed by NTP or by the tests' offset would mislead;
 * never for a date.
 */
export const processClock: Pick<Clock, 'now'> = { now: () => performance.now() };
