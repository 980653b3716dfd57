/** The other screens' code, and following what the first screen does not show, wait for a working Record, then for the page's idle moment (idle-after.ts). */
import { describe, expect, it } from 'vitest';
import { followWhenIdle, idleAfter, type IdleScheduler } from '../../../renderer/app/idle-after';

/** Idle callbacks held until the test says the page is idle. */
function heldIdle() {
  const waiting = new Map<number, () => void>();
  let next = 1;
  const idle: IdleScheduler = {
    request: (work) => {
      waiting.set(next, work);
      return next++;
    },
    cancel: (handle) => void waiting.delete(handle),
  };
  const becomeIdle = () => {
    for (const [handle, work] of waiting) {
      waiting.delete(handle);
      work();
    }
  };
  return { idle, waiting, becomeIdle };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('idleAfter', () => {
  it('asks for the idle moment only once what it waits for has happened', async () => {
    const { idle, waiting, becomeIdle } = heldIdle();
    let happen!: () => void;
    let runs = 0;
    idleAfter(new Promise<void>((resolve) => (happen = resolve)), () => runs++, 3_000, idle);
    await settled();
    becomeIdle();
    expect(runs).toBe(0);
    expect(waiting.size).toBe(0);
    happen();
    await settled();
    expect(runs).toBe(0);
    becomeIdle();
    expect(runs).toBe(1);
  });

  it('runs after a failure too (a recorder main could not answer for does not keep the other screens away)', async () => {
    const { idle, becomeIdle } = heldIdle();
    let runs = 0;
    idleAfter(Promise.reject(new Error('no answer')), () => runs++, 3_000, idle);
    await settled();
    becomeIdle();
    expect(runs).toBe(1);
  });

  it('never runs once cancelled, before or after its idle moment was asked for', async () => {
    const { idle, waiting, becomeIdle } = heldIdle();
    let runs = 0;
    const early = idleAfter(Promise.resolve(), () => runs++, 3_000, idle);
    early();
    await settled();
    expect(waiting.size).toBe(0);
    const late = idleAfter(Promise.resolve(), () => runs++, 3_000, idle);
    await settled();
    expect(waiting.size).toBe(1);
    late();
    becomeIdle();
    expect(runs).toBe(0);
  });
});

describe('followWhenIdle', () => {
  it('follows once Record works and the page is idle, and stops when asked', async () => {
    const { idle, becomeIdle } = heldIdle();
    let recordWorks!: () => void;
    const events: string[] = [];
    const stop = followWhenIdle(new Promise<void>((resolve) => (recordWorks = resolve)), () => {
      events.push('followed');
      return () => events.push('stopped');
    }, 3_000, idle);
    becomeIdle();
    await settled();
    expect(events).toEqual([]);
    recordWorks();
    await settled();
    becomeIdle();
    expect(events).toEqual(['followed']);
    stop();
    expect(events).toEqual(['followed', 'stopped']);
  });

  it('never follows once stopped before its moment (the page closed first)', async () => {
    const { idle, becomeIdle } = heldIdle();
    let followed = 0;
    const stop = followWhenIdle(Promise.resolve(), () => {
      followed += 1;
      return () => {};
    }, 3_000, idle);
    await settled();
    stop();
    becomeIdle();
    expect(followed).toBe(0);
  });
});
