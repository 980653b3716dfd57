/**
 * A request the app's own rules refuse (an item gone, an action not possible now, a value
 * not accepted), raised by core code that knows nothing of the bridge; the IPC layer maps
 * it to the page's error kinds in one place (ipc/app-failure.ts).
 */

import type { ErrorKind } from '../../contract/result';

/** The kinds a refusal can have: the bridge's own, but for those only the service or a cancellation gives. */
export type RefusalKind = Exclude<ErrorKind, 'offline' | 'needs-sign-in' | 'service' | 'cancelled'>;

export class Refusal extends Error {
  override readonly name = 'Refusal';

  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Per-field messages, for invalid input. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function isRefusal(error: unknown): error is Refusal {
  return error instanceof Refusal;
}

/** Throws a refusal: `refuse('not-found', 'This dictation no longer exists.')`. */
export function refuse(kind: RefusalKind, message: string, fields?: Record<string, string>): never {
  throw new Refusal(kind, message, fields);
}
