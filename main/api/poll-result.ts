/**
 * Polls the transcription result until it is final (completed, partial or failed), with
 * exponential backoff and full jitter, honouring Retry-After, within an overall deadline.
 * Retries only what can help: network errors, timeouts, 429 and 5xx; a transaction not
 * found yet (right after upload) a few times; nothing else.
 */
import type { TranscriptionResult } from '../../contract/transcription';
import { DEFAULT_BACKOFF, fullJitterDelay, sleep as defaultSleep, type BackoffPolicy } from './retry-policy';
import { ServiceError, isServiceError } from './service-error';

export interface PollOptions {
  /** Give up after this long in all (milliseconds). */
  deadlineMs: number;
  backoff?: BackoffPolicy;
  /** How many `transaction_not_found` answers to accept before giving up. */
  notFoundRetries?: number;
  signal?: AbortSignal;
  /** Called with every in-progress answer (it may carry partial output). */
  onProgress?: (result: TranscriptionResult) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export type ResultLookup = (txnId: string, signal?: AbortSignal) => Promise<TranscriptionResult>;

export async function pollTranscriptionResult(lookup: ResultLookup, txnId: string, options: PollOptions): Promise<TranscriptionResult> {
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? defaultSleep;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const deadline = now() + options.deadlineMs;
  let notFoundLeft = options.notFoundRetries ?? 3;

  for (let attempt = 0; ; attempt += 1) {
    let retryAfterMs = 0;
    try {
      const result = await lookup(txnId, options.signal);
      if (result.state !== 'in_progress') return result;
      options.onProgress?.(result);
    } catch (error) {
      if (!isServiceError(error)) throw error;
      if (error.kind === 'not_found' && notFoundLeft > 0) notFoundLeft -= 1;
      else if (!error.retryable) throw error;
      retryAfterMs = error.retryAfterMs ?? 0;
    }
    const delay = Math.max(fullJitterDelay(attempt, backoff, options.random), retryAfterMs);
    if (now() + delay > deadline) {
      throw new ServiceError('deadline_exceeded', 'The result is not ready yet. The app will check again later.');
    }
    await wait(delay, options.signal);
  }
}
