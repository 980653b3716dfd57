import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { atUsualPriority, type ThreadPriority } from '../../../main/core/usual-priority';

/** A thread whose nice value is `nice`, noting each change; `refuse` makes setting it fail. */
function threadAt(nice: number, refuse = false) {
  const changes: number[] = [];
  const thread: ThreadPriority = {
    get: () => nice,
    set: (next) => {
      if (refuse) throw new Error('EACCES: permission denied');
      changes.push(next);
      nice = next;
    },
  };
  return { thread, changes, now: () => nice };
}

describe('atUsualPriority', () => {
  it("runs the work at the usual priority when Chromium raised main's thread, and raises it again after", async () => {
    const { thread, changes, now } = threadAt(-8);
    const during = await atUsualPriority(async () => now(), () => {}, 'linux', thread);
    expect(during).toBe(0);
    expect(changes).toEqual([0, -8]);
    expect(now()).toBe(-8);
  });

  it('leaves a thread at the usual priority or below it alone: an ordinary user could not raise it again', async () => {
    for (const nice of [0, 5]) {
      const { thread, changes } = threadAt(nice);
      expect(await atUsualPriority(async () => 'done', () => {}, 'linux', thread)).toBe('done');
      expect(changes).toEqual([]);
    }
  });

  it("changes nothing outside Linux, where a priority is the whole process's", async () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const { thread, changes } = threadAt(-8);
      await atUsualPriority(async () => undefined, () => {}, platform, thread);
      expect(changes).toEqual([]);
    }
  });

  it('raises the thread again when the work fails, and the failure reaches the caller; the work runs once', async () => {
    const { thread, now } = threadAt(-8);
    let runs = 0;
    const failing = atUsualPriority(
      async () => {
        runs += 1;
        throw new Error('the features could not be built');
      },
      () => {},
      'linux',
      thread,
    );
    await expect(failing).rejects.toThrow('the features could not be built');
    expect(runs).toBe(1);
    expect(now()).toBe(-8);
  });

  it('says when the priority cannot be changed, and runs the work once all the same', async () => {
    const { thread } = threadAt(-8, true);
    const said: string[] = [];
    let runs = 0;
    const answer = await atUsualPriority(
      async () => {
        runs += 1;
        return 'built';
      },
      (problem) => said.push(problem),
      'linux',
      thread,
    );
    expect(answer).toBe('built');
    expect(runs).toBe(1);
    expect(said).toEqual(["main's thread kept its priority (EACCES: permission denied)"]);
  });

  it.runIf(process.platform === 'linux')("on Linux, a thread's nice value is its own: another thread's change leaves this one's as it was", async () => {
    const before = getPriority(0);
    // A real thread lowers itself (which needs no privilege) and says what it now has.
    const worker = new Worker("const os = require('node:os'); os.setPriority(0, 7); require('node:worker_threads').parentPort.postMessage(os.getPriority(0));", { eval: true });
    const theirs = await new Promise<number>((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(theirs).toBe(7);
    expect(getPriority(0)).toBe(before);
  });
});
