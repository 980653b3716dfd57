/**
 * What a failed result lookup means for the item waiting for it, the same for dictations and
 * lab reports: look again later (a problem on this computer, or a service error worth
 * retrying), hold everything (the sign-in was refused), or fail it. It says what to change
 * and when to look again, and the outbox applies it; what the service health learns is told
 * by the `learnFromFailure` it is given.
 */
import { isServiceError, type ServiceError } from '../api/service-error';
import type { FailureDecision } from './failure-decision';

export type LookupOutcome =
  | {
      kind: 'again';
      /** Something on this computer, not the service: the item stands at the service. */
      local: boolean;
      change: { problem: string; attempts?: number; nextAttemptAt?: string };
      retryAt: number;
    }
  /** `lost`: the service no longer knows the item, so only sending it again can help. */
  | { kind: 'failed'; attempts: number; problem: string; lost: boolean };

export interface LookupFailureContext {
  /** Failed attempts before this one. */
  attempts: number;
  now: number;
  localRetryMs: number;
  /** Tells the service health what the failure shows, and says what to do (failure-decision.ts). */
  learnFromFailure(error: ServiceError, attempts: number): FailureDecision;
}

export function afterFailedLookup(error: unknown, context: LookupFailureContext): LookupOutcome {
  const { now } = context;
  if (!isServiceError(error)) {
    const retryAt = now + context.localRetryMs;
    return {
      kind: 'again',
      local: true,
      change: { problem: 'The result could not be read on this computer. The app will fetch it again.', nextAttemptAt: new Date(retryAt).toISOString() },
      retryAt,
    };
  }
  const attempts = context.attempts + 1;
  const decision = context.learnFromFailure(error, attempts);
  if (decision.action === 'hold') return { kind: 'again', local: false, change: { problem: decision.problem }, retryAt: now };
  if (decision.action === 'retry') {
    return { kind: 'again', local: false, change: { attempts, problem: decision.problem, nextAttemptAt: new Date(decision.retryAt).toISOString() }, retryAt: decision.retryAt };
  }
  return { kind: 'failed', attempts, problem: decision.problem, lost: decision.error?.kind === 'not_found' };
}
