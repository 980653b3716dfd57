/**
 * Signed in with the clinic's client id and secret: holds the access and refresh tokens,
 * renews the access token shortly before it expires and after a 401, and signs in again when
 * the refresh token is refused. One renewal at a time however many requests wait (refresh
 * tokens are single-use), and a refresh token is never sent twice. A network failure is never
 * taken for a sign-out: only a refused sign-in is. Pure: the HTTP calls, the storage and the
 * clock are passed in.
 */
import type { AuthStatus } from '../../contract/auth';
import type { AuthApi, ClientCredentials, TokenGrant } from '../api/auth-grant';
import type { Clock } from '../core/clock';
import { ServiceError, isServiceError } from '../api/service-error';
import type { TokenSource } from '../api/token-source';

/** Where the grant is kept between runs (through safeStorage in the app). */
export interface GrantStore {
  load(): TokenGrant | null;
  save(grant: TokenGrant | null): void;
}

export interface SignInOptions {
  credentials: ClientCredentials;
  api: AuthApi;
  store: GrantStore;
  method?: AuthStatus['method'];
  /** Renewal reads the time only (when a token is due): the app's clock, or a test's. */
  clock: Pick<Clock, 'now'>;
  onChange?(status: AuthStatus): void;
}

/** Renew this long before expiry: 10 % of the token's life, at most a minute. */
export function renewalMargin(grant: Pick<TokenGrant, 'issuedAt' | 'expiresAt'>): number {
  return Math.min(60_000, Math.max(0, grant.expiresAt - grant.issuedAt) * 0.1);
}

const REFUSED_KINDS = new Set(['unauthorized', 'forbidden', 'invalid_request']);

function signInRefused(error: ServiceError): ServiceError {
  const detail = error.message;
  const message = {
    not_found: `Sign-in failed: this service address does not offer sign-in (HTTP 404). Check the service in Settings. Nothing waiting to be sent is lost.`,
    forbidden: `Sign-in was refused: the service says this account may not sign in (it may be disabled). Ask your Eka Care account administrator, then choose "Sign in again" in Settings. Nothing waiting to be sent is lost.`,
    refused: `Sign-in failed: the service did not accept the client id and secret. Check them in Settings (Sign-in) and save them again. Nothing waiting to be sent is lost.`,
  }[error.kind === 'not_found' || error.kind === 'forbidden' ? error.kind : 'refused'];
  return new ServiceError('sign_in_failed', message, { status: error.status, code: error.code, cause: detail });
}

export class ClientCredentialsSignIn implements TokenSource {
  private grant: TokenGrant | null;
  private renewing: Promise<TokenGrant> | null = null;
  private lastRenewedAt: number | null = null;
  /** Sign-in was refused: only the user can mend it. */
  private problem: string | null = null;
  /** The last attempt failed for a passing reason (network, service trouble). */
  private passingProblem: string | null = null;

  constructor(private readonly options: SignInOptions) {
    this.grant = options.store.load();
  }

  private now(): number {
    return this.options.clock.now();
  }

  status(): AuthStatus {
    const grant = this.grant;
    return {
      method: this.options.method ?? 'client-credentials',
      clientId: this.options.credentials.clientId,
      state: this.problem ? 'failed' : grant && grant.expiresAt > this.now() ? 'signed-in' : 'waiting',
      lastRenewedAt: this.lastRenewedAt === null ? null : new Date(this.lastRenewedAt).toISOString(),
      expiresAt: grant ? new Date(grant.expiresAt).toISOString() : null,
      problem: this.problem ?? this.passingProblem,
    };
  }

  async token(signal?: AbortSignal): Promise<string> {
    const grant = this.grant;
    if (grant && this.now() < grant.expiresAt - renewalMargin(grant)) return grant.accessToken;
    return (await this.renew(signal)).accessToken;
  }

  async renewAfterRejection(rejected: string, signal?: AbortSignal): Promise<string | null> {
    // Another request has renewed it meanwhile: use that token.
    if (this.grant && this.grant.accessToken !== rejected) return this.grant.accessToken;
    return (await this.renew(signal)).accessToken;
  }

  /** "Sign in again": forget the tokens and sign in with the credentials now. */
  async signInAgain(signal?: AbortSignal): Promise<AuthStatus> {
    if (this.renewing) {
      // A sign-in or renewal under way already gives fresh tokens.
      const fresh = await this.renewing.then(
        () => true,
        () => false,
      );
      if (fresh) return this.status();
    }
    this.setGrant(null);
    this.problem = null;
    await this.renew(signal);
    return this.status();
  }

  private renew(signal?: AbortSignal): Promise<TokenGrant> {
    // The shared renewal is never aborted by one caller; each caller only stops waiting.
    this.renewing ??= this.obtain().finally(() => {
      this.renewing = null;
    });
    if (!signal) return this.renewing;
    return Promise.race([
      this.renewing,
      new Promise<never>((_, reject) => {
        if (signal.aborted) reject(new ServiceError('cancelled', 'The request was cancelled.'));
        signal.addEventListener('abort', () => reject(new ServiceError('cancelled', 'The request was cancelled.')), { once: true });
      }),
    ]);
  }

  private async obtain(): Promise<TokenGrant> {
    try {
      return await this.exchange();
    } catch (error) {
      if (isServiceError(error) && error.kind !== 'sign_in_failed' && error.kind !== 'cancelled') {
        this.passingProblem = `Signing in did not work this time: ${error.message}`;
        this.changed();
        // An answer that is no token (a captive portal's page, say) passes like a network failure: the work waits, nothing fails.
        if (error.kind === 'malformed_response') throw new ServiceError('server_error', `${this.passingProblem} The app will try again.`, { status: error.status, cause: error });
      }
      throw error;
    }
  }

  private async exchange(): Promise<TokenGrant> {
    const { api, credentials } = this.options;
    const current = this.grant;
    if (current?.refreshToken && (current.refreshExpiresAt === null || current.refreshExpiresAt > this.now())) {
      const refreshToken = current.refreshToken;
      // Single use: it is forgotten before it is sent, so it can never be sent twice.
      this.setGrant({ ...current, refreshToken: null, refreshExpiresAt: null });
      try {
        return this.accept(await api.refresh({ clientId: credentials.clientId, accessToken: current.accessToken, refreshToken }));
      } catch (error) {
        // Network trouble: try again later (then with a fresh sign-in). Refused: sign in now.
        if (!isServiceError(error) || !REFUSED_KINDS.has(error.kind)) throw error;
      }
    }
    try {
      return this.accept(await api.login(credentials));
    } catch (error) {
      if (isServiceError(error) && (REFUSED_KINDS.has(error.kind) || error.kind === 'not_found')) {
        const refused = signInRefused(error);
        this.problem = refused.message;
        this.changed();
        throw refused;
      }
      throw error;
    }
  }

  private accept(grant: TokenGrant): TokenGrant {
    this.problem = null;
    this.passingProblem = null;
    this.lastRenewedAt = this.now();
    this.setGrant(grant);
    return grant;
  }

  private setGrant(grant: TokenGrant | null): void {
    this.grant = grant;
    this.options.store.save(grant);
    this.changed();
  }

  private changed(): void {
    this.options.onChange?.(this.status());
  }
}
