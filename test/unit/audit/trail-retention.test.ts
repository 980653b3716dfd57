/**
 * Retention (issue 56.2) removes only files whose entries a checkpoint in the system log
 * covers, and counts the time the trail has seen pass, never a clock that jumped forward
 * (during a run, or before a start). Real files; the test moves its clock, and the computer's
 * clock may jump ahead of it.
 */
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_AFTER_MS } from '../../../main/audit/audit-trail';
import { trailFiles } from '../../../main/audit/trail-files';
import type { Clock } from '../../../main/core/clock';
import { FakeClock } from '../../support/fake-clock';
import { memorySystemLog, testTrail, type TestTrail } from '../../support/audit-fixture';
import { tempFolder } from '../../support/temp-folder';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An entry, and a checkpoint a minute later, answered. */
async function entryAndCheckpoint(opened: TestTrail): Promise<void> {
  opened.trail.record({ action: 'note-viewed' });
  opened.clock.tick(CHECKPOINT_AFTER_MS);
  await opened.trail.checkpointed();
}

/** Fourteen months of entries, a file each, the time passing for real. */
async function fourteenMonths(opened: TestTrail): Promise<void> {
  for (let month = 0; month < 14; month += 1) {
    await entryAndCheckpoint(opened);
    opened.clock.tick(31 * DAY_MS);
  }
  await entryAndCheckpoint(opened);
}

describe('retention', () => {
  it('removes only what a checkpoint in the system log covers', async () => {
    const systemLog = memorySystemLog();
    systemLog.refusing = 'there is no system log on this computer';
    const opened = testTrail(tempFolder(), { systemLog });
    await fourteenMonths(opened);
    expect(trailFiles(opened.folder)).toHaveLength(15);
    expect(opened.trail.removeExpired(365)).toEqual([]);

    // The log takes checkpoints again: the next one covers them.
    systemLog.refusing = null;
    await entryAndCheckpoint(opened);
    expect(opened.trail.removeExpired(365)).toEqual(['audit-2026-08-1.trail', 'audit-2026-09-1.trail']);
  });

  it('never on a clock that jumped forward, during a run or before a start', async () => {
    const clock = new FakeClock(Date.UTC(2026, 7, 21, 9, 0, 0));
    let jump = 0;
    // The computer's clock: the test's, and whatever it jumped ahead by. The monotonic clock is the test's alone.
    const computer: Clock = {
      now: () => clock.now() + jump,
      setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
      clearTimeout: (timer) => clock.clearTimeout(timer),
      sleep: (ms, signal) => clock.sleep(ms, signal),
    };
    const userData = tempFolder();
    const opened = testTrail(userData, { clock, deps: { clock: computer } });
    await entryAndCheckpoint(opened);
    clock.tick(40 * DAY_MS);
    await entryAndCheckpoint(opened);
    jump = 2 * 365 * DAY_MS;
    await entryAndCheckpoint(opened);
    // The computer says 2028; the trail has seen forty days.
    expect(opened.trail.removeExpired(365)).toEqual([]);
    await opened.trail.close();

    // Started again on the clock still ahead: at most three days of it count.
    const again = opened.reopen({ clock: computer });
    await entryAndCheckpoint(again);
    expect(again.trail.removeExpired(365)).toEqual([]);
    expect(trailFiles(again.folder).map((file) => file.name)).toContain('audit-2026-08-1.trail');

    // A year and more passes for real: August 2026 goes.
    clock.tick(400 * DAY_MS);
    await entryAndCheckpoint(again);
    expect(again.trail.removeExpired(365)).toContain('audit-2026-08-1.trail');
  });
});
