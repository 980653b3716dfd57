/**
 * Every way a call to the service can fail, as one error type with a message a doctor can
 * act on. Pure.
 */
import { cappedDelay } from './retry-policy';
import { CODE_MAX_CHARS, MESSAGE_MAX_CHARS, cutText, serviceDetail, serviceText } from './service-text';

export type ServiceErrorKind =
  | 'unauthorized'
  /** Signing in with the client id and secret was refused: only the user can mend it. */
  | 'sign_in_failed'
  | 'forbidden'
  | 'not_found'
  | 'invalid_request'
  | 'registration_failed'
  | 'rate_limited'
  | 'server_error'
  | 'network'
  | 'timeout'
  | 'deadline_exceeded'
  | 'malformed_response'
  | 'encryption'
  | 'configuration'
  | 'cancelled';

const RETRYABLE: ReadonlySet<ServiceErrorKind> = new Set(['rate_limited', 'server_error', 'network', 'timeout', 'deadline_exceeded']);

export interface ServiceErrorDetails {
  status?: number;
  /** The service's own error code (`transaction_not_found`, `ABDM-1100`, ...). */
  code?: string;
  /** The upstream system's error, for registration errors. */
  sourceError?: { code: string; message: string };
  retryAfterMs?: number;
  /** The service's own words in full (bounded), when the message had to cut them short. */
  detail?: string;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly sourceError: { code: string; message: string } | undefined;
  readonly retryAfterMs: number | undefined;
  readonly detail: string | undefined;

  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    details: ServiceErrorDetails = {},
  ) {
    // Bounded here whoever built the message: it is shown on screen and kept with the item.
    super(cutText(message, MESSAGE_MAX_CHARS), details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.code = details.code === undefined ? undefined : serviceText(details.code, CODE_MAX_CHARS);
    this.sourceError = details.sourceError && {
      code: serviceText(details.sourceError.code, CODE_MAX_CHARS),
      message: serviceDetail(details.sourceError.message),
    };
    this.retryAfterMs = details.retryAfterMs === undefined ? undefined : cappedDelay(details.retryAfterMs);
    this.detail = details.detail === undefined ? undefined : serviceDetail(details.detail);
  }

  /** True when trying the same call again later can succeed. */
  get retryable(): boolean {
    // A registration the national system failed on its side (5xx) may work on another try.
    return RETRYABLE.has(this.kind) || (this.kind === 'registration_failed' && (this.status ?? 0) >= 500);
  }
}

export const MESSAGES = {
  unauthorized:
    'The service did not accept the access token: it is missing, wrong or has expired. Enter a new token, or sign in with a client id and secret, in Settings; nothing waiting to be sent is lost.',
  freshTokenRefused:
    'The service refused this request although the app had just renewed its sign-in (HTTP 401). The app will try again; if it keeps happening, ask your Eka Care account administrator whether this client may use this service. Nothing waiting to be sent is lost.',
  forbidden: 'The service refused this request: this account is not allowed to do it (forbidden).',
  network: 'The service cannot be reached. Check the network connection; the app will try again.',
  timeout: 'The service did not answer in time. The app will try again.',
  server: (status: number) => `The service had a problem (HTTP ${status}). The app will try again.`,
  rateLimited: 'The service is busy (too many requests). The app will try again shortly.',
  /** A rate limit with a long `Retry-After`: say how long, not "shortly". */
  rateLimitedFor: (minutes: number) =>
    `The service is busy (too many requests) and asked the app to wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`}. The app will try again then.`,
  plainAnswer:
    'The service answered an encrypted request without encryption, so the answer was refused (it may have been altered on the way). Try again; if it happens again, tell your IT provider.',
  malformed: (what: string) => `The service sent an answer the app does not understand (${what}).`,
} as const;

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/** "Shortly" only when it is: a long Retry-After (capped at an hour) is said in minutes. */
export function rateLimitMessage(retryAfterMs: number | undefined): string {
  return retryAfterMs !== undefined && retryAfterMs > 90_000 ? MESSAGES.rateLimitedFor(Math.round(retryAfterMs / 60_000)) : MESSAGES.rateLimited;
}

/** True for a session that expired before its End: it is made again from the kept parts. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ServiceError && (error.status === 410 || error.code === 'session_expired');
}
