/**
 * What an outbox does after a failed attempt: hold everything (the token was refused), try
 * this item again later (the service or network may recover), or give up on it (the
 * service refused it for good). Also tells the shared service health what was learned.
 */
import { fullJitterDelay, type BackoffPolicy } from '../api/retry-policy';
import { isServiceError, type ServiceError } from '../api/service-error';
import { serviceText } from '../api/service-text';
import { isRefusal } from '../core/refusal';
import { isStorageError, storageProblem } from '../storage/storage-problem';
import type { OutboxHealth } from './outbox-health';

/** A failure inside the app, in words for the user: a refusal as it says, a disk problem explained, a fault by the kind of error only. */
function localProblem(error: unknown): string {
  if (isRefusal(error)) return error.message;
  if (isStorageError(error)) return storageProblem(error);
  const name = error instanceof Error ? serviceText(error.name, 40) : typeof error;
  return `something went wrong inside Scribe Desk (${name}). Retry; if it happens again, restart the app.`;
}

export type FailureDecision =
  | { action: 'hold'; problem: string }
  | { action: 'retry'; problem: string; retryAt: number }
  | { action: 'fail'; problem: string; error: ServiceError | null };

export const OUTBOX_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000 };

export interface FailureContext {
  health: Pick<OutboxHealth, 'signInRefused' | 'unreachable' | 'troubled' | 'answered'>;
  /** Attempts made so far, this one included. */
  attempts: number;
  now: number;
  /** What could not be done, for errors that are not the service's ("The file could not be sent"). */
  what: string;
  backoff?: BackoffPolicy;
  random?: () => number;
  /** Retries a failure the service calls final (for example an unreadable answer, a few times). */
  retryAnyway?(error: ServiceError): boolean;
}

/** Tells `context.health` what the failure shows about the service (refused sign-in, unreachable, troubled, answered), then says what to do. */
export function learnFromFailure(error: unknown, context: FailureContext): FailureDecision {
  const { health } = context;
  if (!isServiceError(error)) return { action: 'fail', problem: `${context.what}: ${localProblem(error)}`, error: null };
  if (error.kind === 'unauthorized' || error.kind === 'sign_in_failed') {
    health.signInRefused(error.message);
    return { action: 'hold', problem: error.message };
  }
  if (error.kind === 'network' || error.kind === 'timeout') health.unreachable(error.message);
  else if (error.retryable) health.troubled();
  else health.answered();
  if (!error.retryable && !context.retryAnyway?.(error)) return { action: 'fail', problem: error.message, error };
  const delay = Math.max(fullJitterDelay(context.attempts, context.backoff ?? OUTBOX_BACKOFF, context.random), error.retryAfterMs ?? 0, 500);
  return { action: 'retry', problem: error.message, retryAt: context.now + delay };
}
