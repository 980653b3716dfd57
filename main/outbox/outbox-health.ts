/**
 * What the outbox tells and asks of the service's health (main/service/service-health.ts is
 * the one the app shares with the status bar): whether sending must wait for the sign-in to
 * be mended, whether the service could be reached last time, what each answer or failure
 * showed, and when it answers again after failures.
 */
export interface OutboxHealth {
  /** True while nothing may be sent until the user (or the administrator) acts. */
  onHold(): boolean;
  current(): { reachable: boolean };
  answered(): void;
  /** A passing failure of a service that answered (busy, a server error). */
  troubled(): void;
  unreachable(problem: string): void;
  signInRefused(message: string): void;
  /** Hears when the service answers again after failures; returns the disposer. */
  onBackOnline(listener: () => void): () => void;
}
