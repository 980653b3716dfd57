/**
 * How every operation answers across the bridge: a value, or an error with a kind from a
 * closed set and a message for a person. No exception and no stack crosses a process
 * boundary. Imports nothing.
 */

export const ERROR_KINDS = [
  /** The request itself was wrong (a field, a file, a number); `fields` says where. */
  'invalid-input',
  /** The item asked for does not exist (any more). */
  'not-found',
  /** The service or the network cannot be reached now. */
  'offline',
  /** The service refused the sign-in or the token; Settings must be mended. */
  'needs-sign-in',
  /** The service answered with a refusal or a failure of its own. */
  'service',
  /** A setting is missing or wrong (an encryption key, an address). */
  'configuration',
  /** Reading or writing on this computer failed (a full disk, a locked folder). */
  'storage',
  /** Not now: something else must finish first (a recording, a cool-down). */
  'busy',
  /** Not allowed: locked by the administrator, or not from the app's own page. */
  'refused',
  /** Not done without a deliberate click: another patient's note, a prescription that contradicts itself. The same call with `anyway` does it. */
  'needs-confirmation',
  'cancelled',
  /** A fault in the app itself. */
  'unexpected',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface AppError {
  kind: ErrorKind;
  /** What happened and what to do, in plain words. */
  message: string;
  /** Per-field messages, for invalid input. */
  fields?: Record<string, string>;
  /** The other system's own words, when it gave any (shown as a detail). */
  detail?: string;
  /** Trying the same again later may work. */
  retryable: boolean;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

const RETRYABLE_KINDS: ReadonlySet<ErrorKind> = new Set(['offline', 'busy']);

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function appError(kind: ErrorKind, message: string, extra: Partial<Omit<AppError, 'kind' | 'message'>> = {}): AppError {
  return { kind, message, retryable: RETRYABLE_KINDS.has(kind), ...extra };
}

export function failed<T = never>(error: AppError): Result<T> {
  return { ok: false, error };
}
