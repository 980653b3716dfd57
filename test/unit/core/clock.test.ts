/** The one clock: the system's, and the one unit tests move (its own rules checked here, since every timed test leans on them). */
import { describe, expect, it } from 'vitest';
import { offsetClock, repeatOn, systemClock, testOffsetMs } from '../../../main/core/clock';
import { FakeClock } from '../../support/fake-clock';

describe('the system clock', () => {
  it('reads the time, runs a timer once, and a sleep ends early with its signal', async () => {
    expect(Math.abs(systemClock.now() - Date.now())).toBeLessThan(1_000);
    const ran = await new Promise<number>((resolve) => systemClock.setTimeout(() => resolve(1), 1));
    expect(ran).toBe(1);
    const stop = new AbortController();
    const sleeping = systemClock.sleep(60_000, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(sleeping).rejects.toThrow('stopped');
  });
});

describe('the clock a test moves', () => {
  it('runs what is due now by itself, and what is due later only when time is moved to it, in order', async () => {
    const clock = new FakeClock(1_000);
    const ran: string[] = [];
    clock.setTimeout(() => ran.push('later'), 500);
    clock.setTimeout(() => ran.push('soon'), 100);
    clock.setTimeout(() => ran.push('now'), 0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['now']);
    clock.tick(100);
    expect(ran).toEqual(['now', 'soon']);
    expect(clock.now()).toBe(1_100);
    await clock.advance(1_000);
    expect(ran).toEqual(['now', 'soon', 'later']);
    expect(clock.now()).toBe(2_100);
  });

  it('a cleared timer never runs; a sleep resolves when time reaches it, or rejects when aborted', async () => {
    const clock = new FakeClock(0);
    let ran = false;
    clock.clearTimeout(clock.setTimeout(() => (ran = true), 10));
    const slept = clock.sleep(1_000);
    const stop = new AbortController();
    const stopped = clock.sleep(1_000, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(stopped).rejects.toThrow('stopped');
    await clock.advance(1_000);
    await expect(slept).resolves.toBeUndefined();
    expect(ran).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it('advancing lets the work a timer starts set the next timer within the same move', async () => {
    const clock = new FakeClock(0);
    const at: number[] = [];
    const every = async () => {
      at.push(clock.now());
      await Promise.resolve();
      if (at.length < 3) clock.setTimeout(() => void every(), 1_000);
    };
    clock.setTimeout(() => void every(), 1_000);
    await clock.advance(5_000);
    expect(at).toEqual([1_000, 2_000, 3_000]);
  });
});

describe('what every clock has', () => {
  it('repeats a call every interval from the first, until stopped', () => {
    const clock = new FakeClock(0);
    const at: number[] = [];
    const stop = repeatOn(clock, 1_000, () => at.push(clock.now()));
    clock.tick(999);
    expect(at).toEqual([]);
    clock.tick(2_001);
    expect(at).toEqual([1_000, 2_000, 3_000]);
    stop();
    clock.tick(10_000);
    expect(at).toEqual([1_000, 2_000, 3_000]);
    expect(clock.pending).toBe(0);
  });

  it('is stopped by the call it repeats, with no call after', () => {
    const clock = new FakeClock(0);
    let calls = 0;
    const stop = repeatOn(clock, 10, () => {
      calls += 1;
      if (calls === 2) stop();
    });
    clock.tick(100);
    expect(calls).toBe(2);
    expect(clock.pending).toBe(0);
  });
});

describe('the test offset of a development build', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('reads the days a test moved the clock, only where honoured, within ten years', () => {
    expect(testOffsetMs(true, { SCRIBE_TEST_CLOCK_OFFSET_DAYS: '31' })).toBe(31 * DAY);
    expect(testOffsetMs(true, { SCRIBE_TEST_CLOCK_OFFSET_DAYS: '-2' })).toBe(-2 * DAY);
    expect(testOffsetMs(false, { SCRIBE_TEST_CLOCK_OFFSET_DAYS: '31' })).toBe(0);
    expect(testOffsetMs(true, {})).toBe(0);
    expect(testOffsetMs(true, { SCRIBE_TEST_CLOCK_OFFSET_DAYS: '3651' })).toBe(0);
    expect(testOffsetMs(true, { SCRIBE_TEST_CLOCK_OFFSET_DAYS: 'soon' })).toBe(0);
  });

  it('moves the time a clock reads, not its waits', () => {
    const base = new FakeClock(1_000);
    let offset = DAY;
    const clock = offsetClock(base, () => offset);
    expect(clock.now()).toBe(1_000 + DAY);
    offset = 0;
    expect(clock.now()).toBe(1_000);
    let ran = false;
    clock.setTimeout(() => (ran = true), 500);
    base.tick(499);
    expect(ran).toBe(false);
    base.tick(1);
    expect(ran).toBe(true);
  });
});
