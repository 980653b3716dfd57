import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rolloutDecision, rolloutPosition, rolloutShare } from '../../../main/updates/staged-rollout';

const machines = Array.from({ length: 2000 }, () => randomUUID());
const taking = (percentage: unknown, version = '1.4.0') =>
  machines.filter((id) => rolloutDecision(rolloutShare({ stagingPercentage: percentage }), version, () => id).take);

describe('rolloutShare', () => {
  it('reads stagingPercentage from the signed metadata: missing means everyone', () => {
    expect(rolloutShare({})).toEqual({ kind: 'everyone' });
    expect(rolloutShare({ stagingPercentage: null })).toEqual({ kind: 'everyone' });
    expect(rolloutShare({ stagingPercentage: 100 })).toEqual({ kind: 'everyone' });
    expect(rolloutShare({ stagingPercentage: 10 })).toEqual({ kind: 'share', percentage: 10 });
    expect(rolloutShare({ stagingPercentage: 0.5 })).toEqual({ kind: 'share', percentage: 0.5 });
  });

  it('takes anything but a number from 0 to 100 as invalid (electron-updater would give it to everyone)', () => {
    for (const value of [-1, 101, '10', '10%', Number.NaN, Number.POSITIVE_INFINITY, true]) expect(rolloutShare({ stagingPercentage: value })).toEqual({ kind: 'invalid' });
  });
});

describe('rolloutDecision', () => {
  it('with no share given, every machine takes the version', () => {
    expect(machines.every((id) => rolloutDecision(rolloutShare({}), '1.4.0', () => id).take)).toBe(true);
  });

  it('at 0 % no machine takes it, at 100 % every machine does', () => {
    expect(taking(0)).toEqual([]);
    expect(taking(100)).toHaveLength(machines.length);
  });

  it('at 10 % about a tenth of machines take it, and each decides the same way every time', () => {
    const first = taking(10);
    expect(first.length).toBeGreaterThan(machines.length * 0.07);
    expect(first.length).toBeLessThan(machines.length * 0.13);
    expect(taking(10)).toEqual(first);
  });

  it('a machine in the first 10 % of a version stays in as the share grows', () => {
    const at10 = taking(10);
    const at25 = new Set(taking(25));
    const at60 = new Set(taking(60));
    expect(at10.every((id) => at25.has(id) && at60.has(id))).toBe(true);
    expect(at25.size).toBeGreaterThan(at10.length);
  });

  it('other machines go first for the next version', () => {
    const forThis = new Set(taking(10, '1.4.0'));
    const forNext = taking(10, '1.5.0');
    const both = forNext.filter((id) => forThis.has(id));
    // Independent draws: about 10 % of the next version's first machines were first for this one too.
    expect(both.length).toBeLessThan(forNext.length * 0.3);
  });

  it('says why a machine waits, and refuses an invalid share', () => {
    const outside = machines.find((id) => rolloutPosition(id, '1.4.0') >= 10)!;
    expect(rolloutDecision(rolloutShare({ stagingPercentage: 10 }), '1.4.0', () => outside)).toEqual({
      take: false,
      reason: 'Version 1.4.0 is being released in stages (now to 10 % of computers); this computer gets it at a later stage.',
    });
    expect(rolloutDecision(rolloutShare({ stagingPercentage: 'all' }), '1.4.0', () => outside)).toMatchObject({ take: false, reason: expect.stringMatching(/not a number from 0 to 100/) });
    expect(taking('10')).toEqual([]);
  });

  it('asks for the machine id only when the release is staged', () => {
    let asked = 0;
    const id = () => {
      asked++;
      return 'b3c1f3b2a0e94a2c9d3f5e6a7b8c9d0e';
    };
    rolloutDecision(rolloutShare({}), '1.4.0', id);
    rolloutDecision(rolloutShare({ stagingPercentage: 100 }), '1.4.0', id);
    expect(asked).toBe(0);
    rolloutDecision(rolloutShare({ stagingPercentage: 50 }), '1.4.0', id);
    expect(asked).toBe(1);
  });

  it('places a machine between 0 and 100, the same for the same id and version', () => {
    for (const id of machines.slice(0, 50)) {
      const position = rolloutPosition(id, '2.0.0');
      expect(position).toBeGreaterThanOrEqual(0);
      expect(position).toBeLessThan(100);
      expect(rolloutPosition(id, '2.0.0')).toBe(position);
    }
  });
});
