import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, fullJitterDelay, parseRetryAfter } from '../../../main/api/retry-policy';
import { learnFromFailure } from '../../../main/outbox/failure-decision';
import { commonFailure } from '../../../main/api/service-call';
import { ServiceHealth } from '../../../main/service/service-health';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-01T10:00:00Z');

describe('Retry-After and backoff are capped at an hour', () => {
  it('reads seconds and dates, and never gives more than an hour', () => {
    expect(parseRetryAfter('1', NOW)).toBe(1000);
    expect(parseRetryAfter('99999999', NOW)).toBe(HOUR);
    expect(parseRetryAfter('9'.repeat(400), NOW)).toBeUndefined();
    expect(parseRetryAfter('9'.repeat(40), NOW)).toBe(HOUR);
    expect(parseRetryAfter('Fri, 31 Dec 9999 23:59:59 GMT', NOW)).toBe(HOUR);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('+275760-09-13T00:00:00.000Z', NOW)).toBe(HOUR);
    expect(parseRetryAfter('-5', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('', NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });

  it('computes backoff within an hour for any attempt and policy', () => {
    for (const attempt of [0, 10, 1_000, Number.MAX_SAFE_INTEGER, Infinity]) {
      const delay = fullJitterDelay(attempt, { baseMs: 1e12, capMs: Infinity }, () => 0.999999);
      expect(delay).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
      expect(delay).toBeGreaterThanOrEqual(0);
    }
  });

  it('schedules an upload answered 429 with Retry-After: 99999999 within the hour, and says how long', () => {
    const error = commonFailure({ status: 429, headers: { 'retry-after': '99999999' }, text: '', bytes: Buffer.alloc(0), json: undefined, receivedAt: NOW })!;
    expect(error.retryAfterMs).toBe(HOUR);
    expect(error.message).toContain('wait 60 minutes');
    const decision = learnFromFailure(error, { health: new ServiceHealth(), attempts: 50, now: NOW, what: 'x', random: () => 0.99 });
    expect(decision.action).toBe('retry');
    if (decision.action !== 'retry') return;
    expect(decision.retryAt - NOW).toBeLessThanOrEqual(HOUR);
    expect(() => new Date(decision.retryAt).toISOString()).not.toThrow();
  });
});
