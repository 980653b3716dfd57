/**
 * No unit test waits on real time (issue 48.6): a test moves a clock (fake-clock.ts) and waits
 * for states, never for time to pass. Set up before every unit test file (vitest.config.ts), this
 * fails a test during which a timer of the app's or the tests' own code (not a library's, not
 * Vitest's) ran after more than REAL_WAIT_LIMIT_MS of real time, saying where it was set. Short
 * polls (a few ms, while real I/O goes on) stay allowed. With SCRIBE_REAL_WAIT_REPORT=<file>, the
 * waits are listed in that file (test, count, total and longest ms, where) instead of failing.
 */
import { appendFileSync } from 'node:fs';
import { afterEach, beforeEach, expect } from 'vitest';

/** The longest real timer a unit test may wait on. */
export const REAL_WAIT_LIMIT_MS = 50;

interface Wait {
  ms: number;
  where: string;
}

let current: Wait[] | null = null;

/** The first frame of the stack outside this file and outside Node's timers: who set the timer. */
function setter(): string | null {
  const lines = (new Error().stack ?? '').split('\n').slice(3);
  const line = lines.find((frame) => !frame.includes('real-time-guard') && !frame.includes('core/clock.ts') && !frame.includes('node:') && !frame.includes('<anonymous>'));
  if (!line || line.includes('node_modules')) return null;
  return line.trim();
}

function watched<T extends (callback: (...args: unknown[]) => void, ms?: number, ...rest: unknown[]) => unknown>(original: T): T {
  return function (this: unknown, callback: (...args: unknown[]) => void, ms?: number, ...rest: unknown[]) {
    const delay = Number(ms ?? 0);
    const waits = current;
    const where = waits && delay > REAL_WAIT_LIMIT_MS && typeof callback === 'function' ? setter() : null;
    if (where === null || waits === null) return original.call(this, callback, ms, ...rest);
    return original.call(
      this,
      (...args: unknown[]) => {
        if (current === waits) waits.push({ ms: delay, where });
        callback(...args);
      },
      ms,
      ...rest,
    );
  } as T;
}

globalThis.setTimeout = watched(globalThis.setTimeout as never) as typeof setTimeout;
globalThis.setInterval = watched(globalThis.setInterval as never);

beforeEach(() => {
  current = [];
});

afterEach(() => {
  const waits = current ?? [];
  current = null;
  if (waits.length === 0) return;
  const longest = waits.reduce((a, b) => (b.ms > a.ms ? b : a));
  const report = process.env.SCRIBE_REAL_WAIT_REPORT;
  if (report) {
    const total = waits.reduce((sum, wait) => sum + wait.ms, 0);
    appendFileSync(report, `${expect.getState().testPath}\t${expect.getState().currentTestName}\t${waits.length}\t${total}\t${longest.ms}\t${longest.where}\n`);
    return;
  }
  expect(waits.length, `this test waited ${waits.length} time(s) on real timers longer than ${REAL_WAIT_LIMIT_MS} ms (the longest ${longest.ms} ms, set ${longest.where}); move a clock instead`).toBe(0);
});
