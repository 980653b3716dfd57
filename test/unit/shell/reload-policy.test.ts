import { describe, expect, it } from 'vitest';
import { ReloadPolicy } from '../../../main/shell/windows/reload-policy';

describe('ReloadPolicy', () => {
  it('reloads at once after a crash, not after a clean exit', () => {
    const policy = new ReloadPolicy();
    expect(policy.afterExit('crashed', 0)).toBe(0);
    expect(policy.afterExit('clean-exit', 1)).toBeNull();
    expect(policy.afterExit('oom', 2)).toBe(0);
  });

  it('waits between reloads when the page keeps dying, and reloads at once again after a quiet minute', () => {
    const policy = new ReloadPolicy({ quickReloads: 3, windowMs: 60_000, slowReloadMs: 10_000 });
    expect([0, 1, 2].map((at) => policy.afterExit('crashed', at))).toEqual([0, 0, 0]);
    expect(policy.afterExit('crashed', 3)).toBe(10_000);
    expect(policy.afterExit('killed', 120_000)).toBe(0);
  });
});
