import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckSchedule } from '../../../main/updates/check-schedule';

describe('CheckSchedule', () => {
  afterEach(() => vi.useRealTimers());

  it('looks for updates 15 seconds after start, then every 4 hours, and not after stop', () => {
    vi.useFakeTimers();
    const check = vi.fn();
    const schedule = new CheckSchedule(check);
    schedule.start();
    vi.advanceTimersByTime(14_999);
    expect(check).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4 * 60 * 60 * 1000 - 15_001);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(15_001);
    expect(check).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(4 * 60 * 60 * 1000);
    expect(check).toHaveBeenCalledTimes(3);
    schedule.stop();
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(check).toHaveBeenCalledTimes(3);
  });
});
