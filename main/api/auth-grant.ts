/**
 * What signing in with the clinic's client id and secret gives and takes: the credentials, the
 * token grant, and the two calls of the service's authorization interface (connect-auth.ts
 * makes them; the sign-in session in main/service holds the grant). Pure.
 */

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface TokenGrant {
  accessToken: string;
  /** Epoch milliseconds. */
  issuedAt: number;
  expiresAt: number;
  /** Null once it has been sent (it is single-use) or when the service gave none. */
  refreshToken: string | null;
  refreshExpiresAt: number | null;
}

/** The two calls of the service's authorization interface. */
export interface AuthApi {
  login(credentials: ClientCredentials, signal?: AbortSignal): Promise<TokenGrant>;
  refresh(input: { clientId: string; accessToken: string; refreshToken: string }, signal?: AbortSignal): Promise<TokenGrant>;
}
