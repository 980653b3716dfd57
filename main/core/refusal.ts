/**
 * A request the app's own rules refuse (an item gone, an action not possible now, a value
 * not accepted), or a service's refusal that core code has put in its own words, raised by
 * code that knows nothing of the bridge; the IPC layer maps it to the page's error kinds in
 * one place (shell/ipc/app-failure.ts).
 */

import type { ErrorKind } from '../../contract/result';

/** The kinds a refusal can have: the bridge's own, but for those only the network and the sign-in give. */
export type RefusalKind = Exclude<ErrorKind, 'offline' | 'needs-sign-in'>;

export interface RefusalDetails {
  /** Per-field messages, for invalid input. */
  fields?: Record<string, string>;
  /** The other system's own words (a printer's, a service's), shown as a detail. */
  detail?: string;
  /** Whether the same again later may work; by default as the kind says. */
  retryable?: boolean;
  /** The error this refusal explains; a service error gives the detail when `detail` is not set. */
  cause?: unknown;
}

export class Refusal extends Error {
  override readonly name = 'Refusal';
  readonly fields: Record<string, string> | undefined;
  readonly detail: string | undefined;
  readonly retryable: boolean | undefined;

  constructor(
    readonly kind: RefusalKind,
    message: string,
    details: RefusalDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.fields = details.fields;
    this.detail = details.detail;
    this.retryable = details.retryable;
  }
}

export function isRefusal(error: unknown): error is Refusal {
  return error instanceof Refusal;
}

/** Throws a refusal: `refuse('not-found', 'This dictation no longer exists.')`. */
export function refuse(kind: RefusalKind, message: string, fields?: Record<string, string>): never {
  throw new Refusal(kind, message, fields ? { fields } : {});
}
