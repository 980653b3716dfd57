import { describe, expect, it } from 'vitest';
import { pollTranscriptionResult } from '../../../main/api/poll-result';
import { fullJitterDelay, isRetryableStatus, parseRetryAfter } from '../../../main/api/retry-policy';
import type { TranscriptionResult } from '../../../contract/transcription';
import { toneWav, useSandbox, source, writeTemp } from './sandbox-fixture';
import { staticToken } from '../../../main/service/token-source';

const env = useSandbox();

/** Records the waits instead of sleeping them: the tests check the schedule, not the clock. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

async function upload(txnId: string) {
  const filePath = writeTemp('a.wav', toneWav());
  await env.client().uploadVoice({ mode: 'dictation', txnId, file: await source(filePath, 'audio/wav') });
}

describe('retry policy', () => {
  it('grows the jitter ceiling exponentially up to the cap', () => {
    const top = () => 0.999_999;
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => fullJitterDelay(attempt, { baseMs: 1000, capMs: 30_000 }, top))).toEqual([
      999, 1999, 3999, 7999, 15_999, 29_999, 29_999,
    ]);
    expect(fullJitterDelay(3, { baseMs: 1000, capMs: 30_000 }, () => 0)).toBe(0);
  });

  it('retries 408, 429 and 5xx, never other 4xx', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 422].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:10 GMT', Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('pollTranscriptionResult against the sandbox', () => {
  it('polls through 202s to the completed result, reporting progress', async () => {
    env.sandbox.setFaults({ processingMs: 250 });
    await upload('poll-ok');
    const progress: TranscriptionResult[] = [];
    const client = env.client();
    const result = await pollTranscriptionResult((id, signal) => client.getTranscriptionResult(id, signal), 'poll-ok', {
      deadlineMs: 10_000,
      backoff: { baseMs: 50, capMs: 200 },
      onProgress: (update) => progress.push(update),
    });
    expect(result.state).toBe('completed');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((update) => update.state === 'in_progress')).toBe(true);
  });

  it('returns partial and failed results as final', async () => {
    await upload('sandbox-partial-p');
    await upload('sandbox-fail-f');
    const client = env.client();
    const lookup = (id: string) => client.getTranscriptionResult(id);
    expect((await pollTranscriptionResult(lookup, 'sandbox-partial-p', { deadlineMs: 5000 })).state).toBe('partial');
    expect((await pollTranscriptionResult(lookup, 'sandbox-fail-f', { deadlineMs: 5000 })).state).toBe('failed');
  });

  it('retries 5xx, 429 (waiting Retry-After) and dropped connections, then succeeds', async () => {
    await upload('poll-flaky');
    env.sandbox.setFaults({ failNext: 2, rateLimitNext: 1, dropNext: 1 });
    const { waits, sleep } = recordingSleep();
    const client = env.client();
    const result = await pollTranscriptionResult((id) => client.getTranscriptionResult(id), 'poll-flaky', {
      deadlineMs: 60_000,
      sleep,
      random: () => 0,
    });
    expect(result.state).toBe('completed');
    expect(waits).toHaveLength(4);
    expect(waits.filter((ms) => ms === 1000)).toHaveLength(1);
  });

  it('accepts a few "transaction_not_found" answers, then gives up', async () => {
    const { waits, sleep } = recordingSleep();
    const client = env.client();
    await expect(
      pollTranscriptionResult((id) => client.getTranscriptionResult(id), 'never-uploaded', { deadlineMs: 60_000, notFoundRetries: 2, sleep }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    expect(waits).toHaveLength(2);
    expect(env.sandbox.received.filter((request) => request.operation === 'resultLookup')).toHaveLength(3);
  });

  it('never retries a 401', async () => {
    const { waits, sleep } = recordingSleep();
    const client = env.client({ auth: staticToken('revoked') });
    await expect(pollTranscriptionResult((id) => client.getTranscriptionResult(id), 'x', { deadlineMs: 60_000, sleep })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(waits).toEqual([]);
  });

  it('stops at the deadline with a retryable error', async () => {
    env.sandbox.setFaults({ processingMs: 600_000 });
    await upload('poll-slow');
    let clock = 0;
    const client = env.client();
    await expect(
      pollTranscriptionResult((id) => client.getTranscriptionResult(id), 'poll-slow', {
        deadlineMs: 5_000,
        now: () => clock,
        sleep: async (ms) => {
          clock += ms;
        },
        random: () => 0.9,
      }),
    ).rejects.toMatchObject({ kind: 'deadline_exceeded', retryable: true });
    expect(clock).toBeLessThanOrEqual(5_000);
  });
});
