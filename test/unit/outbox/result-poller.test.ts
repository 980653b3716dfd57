import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { DEFAULT_POLL_SCHEDULE, ResultPoller, lookupDelay, type LookupAnswer, type LookupFailure } from '../../../main/outbox/result-poller';
import { ServiceHealth } from '../../../main/service/service-health';
import { FakeClock } from '../../support/fake-clock';

const schedule = { ...DEFAULT_POLL_SCHEDULE, notFoundRetries: 2 };

/** The test's clock, from 0. */
let clock = new FakeClock(0);

/** A poller over items whose lookups answer as scripted; times are the fake clock's. */
function poller(script: Record<string, Array<LookupAnswer<string> | ServiceError>>, failed: (id: string, error: unknown) => LookupFailure = () => 'stop') {
  const calls: Array<{ id: string; at: number }> = [];
  const settled: Array<{ id: string; result: string; at: number }> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const waiting = new Set(Object.keys(script));
  const instance = new ResultPoller<string>({
    waiting: () => [...waiting].map((id) => ({ id, firstLookupAt: 2_000 })),
    lookup: async (id) => {
      calls.push({ id, at: clock.now() });
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await clock.sleep(100);
      inFlight -= 1;
      const next = script[id]!.shift()!;
      if (next instanceof ServiceError) throw next;
      return next;
    },
    settle: (id, result) => {
      waiting.delete(id);
      settled.push({ id, result, at: clock.now() });
    },
    failed: (id, error) => {
      const decision = failed(id, error);
      if (decision === 'stop') waiting.delete(id);
      return decision;
    },
    health: new ServiceHealth(),
    isOnline: () => true,
    concurrency: 2,
    schedule,
    random: () => 0.5,
    clock,
  });
  return { instance, calls, settled, mostInFlight: () => mostInFlight };
}

const pending = { state: 'pending' } as const;
const final = (result: string) => ({ state: 'final', result }) as const;

describe('ResultPoller', () => {
  beforeEach(() => {
    clock = new FakeClock(0);
  });

  it('asks first when the result can be expected, then less and less often, and settles the final answer', async () => {
    const { instance, calls, settled } = poller({ a: [pending, pending, final('done')] });
    instance.start();
    await clock.advance(60_000);
    expect(calls.map((call) => call.at)).toEqual([2_000, 2_000 + 100 + 1_500, 2_000 + 100 + 1_500 + 100 + 2_250]);
    expect(settled).toEqual([{ id: 'a', result: 'done', at: 6_050 }]);
    instance.stop();
  });

  it('shares its lookups fairly among many items, a few at a time, the longest-due first', async () => {
    const script = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`d${i}`, [final(`r${i}`)]]));
    const { instance, settled, mostInFlight } = poller(script);
    instance.start();
    await clock.advance(10_000);
    expect(settled.map((item) => item.id).sort()).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
    expect(mostInFlight()).toBe(2);
    instance.stop();
  });

  it('accepts a few "not found" right after the upload, then hands the item to the caller', async () => {
    const notFound = () => new ServiceError('not_found', 'no such transaction (yet)');
    const decisions: string[] = [];
    const { instance, calls } = poller({ lost: [notFound(), notFound(), notFound()] }, (id) => {
      decisions.push(id);
      return 'stop';
    });
    instance.start();
    await clock.advance(60_000);
    expect(calls).toHaveLength(3);
    expect(decisions).toEqual(['lost']);
    instance.stop();
  });

  it('waits as long as the caller decides after a failure (a Retry-After, at most an hour)', async () => {
    const busy = new ServiceError('rate_limited', 'busy', { retryAfterMs: 40_000 });
    const { instance, calls, settled } = poller({ slow: [busy, final('ok')] }, (_id, error) => ({ retryAt: clock.now() + (error as ServiceError).retryAfterMs! }));
    instance.start();
    await clock.advance(120_000);
    expect(calls.map((call) => call.at)).toEqual([2_000, 42_100]);
    expect(settled).toHaveLength(1);
    instance.stop();
  });

  it('asks nothing while sending is on hold or the computer is offline', async () => {
    const health = new ServiceHealth();
    health.signInRefused('wrong secret');
    const lookups: string[] = [];
    let settled = false;
    const instance = new ResultPoller<string>({
      waiting: () => (settled ? [] : [{ id: 'x', firstLookupAt: 0 }]),
      lookup: async (id) => {
        lookups.push(id);
        return final('y');
      },
      settle: () => {
        settled = true;
      },
      failed: () => 'stop',
      health,
      isOnline: () => true,
      clock,
    });
    instance.start();
    await clock.advance(30_000);
    expect(lookups).toEqual([]);
    health.credentialsChanged();
    await clock.advance(6_000);
    expect(lookups).toEqual(['x']);
    instance.stop();
  });
});

describe('lookupDelay', () => {
  it('grows by half from the base to the cap, with equal jitter, and slows down past the patience', () => {
    expect(lookupDelay(1, 0, schedule, () => 0)).toBe(1_000);
    expect(lookupDelay(1, 0, schedule, () => 1)).toBe(2_000);
    expect(lookupDelay(3, 0, schedule, () => 1)).toBe(4_500);
    expect(lookupDelay(20, 0, schedule, () => 1)).toBe(15_000);
    expect(lookupDelay(20, 0, schedule, () => 0)).toBe(7_500);
    expect(lookupDelay(2, schedule.patienceMs, schedule, () => 0.5)).toBe(schedule.slowMs);
  });
});
