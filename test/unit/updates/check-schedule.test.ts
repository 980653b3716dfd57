import { describe, expect, it, vi } from 'vitest';
import { CheckSchedule } from '../../../main/updates/check-schedule';
import { FakeClock } from '../../support/fake-clock';

describe('CheckSchedule', () => {
  it('looks for updates 15 seconds after start, then every 4 hours, and not after stop', () => {
    const clock = new FakeClock();
    const check = vi.fn();
    const schedule = new CheckSchedule(check, clock);
    schedule.start();
    clock.tick(14_999);
    expect(check).toHaveBeenCalledTimes(0);
    clock.tick(1);
    expect(check).toHaveBeenCalledTimes(1);
    clock.tick(4 * 60 * 60 * 1000 - 15_001);
    expect(check).toHaveBeenCalledTimes(1);
    clock.tick(15_001);
    expect(check).toHaveBeenCalledTimes(2);
    clock.tick(4 * 60 * 60 * 1000);
    expect(check).toHaveBeenCalledTimes(3);
    schedule.stop();
    clock.tick(24 * 60 * 60 * 1000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(clock.pending).toBe(0);
  });
});
