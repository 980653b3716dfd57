/** When and how long to wait before trying again. Pure. */

export interface BackoffPolicy {
  /** Upper bound of the first wait. */
  baseMs: number;
  /** No wait is longer than this. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 30_000 };

/**
 * No wait is longer than this, whatever a policy or the service asks: a clinic would rather
 * see a retry within the hour than one scheduled for next year.
 */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** Any number of milliseconds as a wait: within [0, MAX_RETRY_DELAY_MS], NaN as 0. */
export function cappedDelay(ms: number): number {
  if (Number.isNaN(ms)) return 0;
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(0, ms));
}

/** Exponential backoff with full jitter: uniformly random in [0, min(cap, base·2^attempt)), never over an hour. */
export function fullJitterDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = cappedDelay(Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt)));
  return Math.floor(cappedDelay(random() * ceiling));
}

/** Statuses worth retrying: timeouts, rate limits and server-side failures. Never other 4xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * `Retry-After` as milliseconds from when the answer came (delta-seconds, or an HTTP date counted
 * from `receivedAt`), at most an hour; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, receivedAt: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed.length > 64) return undefined;
  if (/^\d+$/.test(trimmed)) return cappedDelay(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return cappedDelay(date - receivedAt);
}
