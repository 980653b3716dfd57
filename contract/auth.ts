/** How the app is signed in to the service, as the Settings screen shows it. No secret is ever part of it. */

export type AuthMethod =
  /** The built-in sandbox: signed in with its own test client. */
  | 'sandbox'
  /** The clinic's client id and secret: tokens are obtained and renewed by the app. */
  | 'client-credentials'
  /** A long-lived access token pasted in Settings or set by policy. */
  | 'access-token'
  | 'none';

export interface AuthStatus {
  method: AuthMethod;
  clientId: string | null;
  /** `signed-in`: a token is held; `waiting`: not signed in yet (offline, or no request so far); `failed`: sign-in was refused. */
  state: 'signed-in' | 'waiting' | 'failed';
  /** When a token was last obtained or renewed (ISO 8601). */
  lastRenewedAt: string | null;
  /** When the current access token expires (ISO 8601). */
  expiresAt: string | null;
  /** What went wrong and what to do, in plain words; null when nothing did. */
  problem: string | null;
}

/** Why a client id cannot be used, or null. */
export function clientIdProblem(value: string): string | null {
  const id = value.trim();
  if (id === '') return 'Enter the client id your account administrator gave you.';
  if (id.length > 200) return 'The client id is too long (200 characters at most).';
  if (!/^[\x21-\x7E]+$/.test(id)) return 'The client id may contain only letters, digits and punctuation, without spaces.';
  return null;
}
