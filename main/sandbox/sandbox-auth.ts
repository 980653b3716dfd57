/**
 * The sandbox's authorization service, shaped like the real one: sign-in with a client id
 * and secret, short-lived access tokens, single-use refresh tokens, revocation, and counters
 * a test can read. A fixed long-lived token (`staticToken`) is accepted too, like a pasted token.
 */
import type { Clock } from '../core/clock';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export interface AuthSettings {
  /** Life of an access token, in seconds. */
  tokenLifetimeSeconds: number;
  /** Life of a refresh token, in seconds. */
  refreshLifetimeSeconds: number;
  /** Sign-in refused with 403, as for a disabled account. */
  accountDisabled: boolean;
}

export interface AuthCounters {
  signIns: number;
  renewals: number;
  /** Requests that came with an access token that had expired. */
  expiredTokenRequests: number;
  /** Refresh tokens presented a second time (always refused). */
  reusedRefreshTokens: number;
}

export type TokenCheck = 'valid' | 'expired' | 'invalid';

export interface AuthReply {
  status: number;
  json: unknown;
}

const loginSchema = z.object({ client_id: z.string(), client_secret: z.string() });
const refreshSchema = z.object({ refresh_token: z.string(), access_token: z.string().optional() });

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return match ? match[1]! : null;
}

const error = (status: number, message: string): AuthReply => ({ status, json: { code: status, error: message } });

export class SandboxAuth {
  readonly clientId: string;
  readonly clientSecret: string;
  private readonly accessTokens = new Map<string, { expiresAt: number }>();
  private readonly refreshTokens = new Map<string, { expiresAt: number; used: boolean; accessToken: string }>();
  private counters: AuthCounters = { signIns: 0, renewals: 0, expiredTokenRequests: 0, reusedRefreshTokens: 0 };

  constructor(
    private readonly staticToken: string,
    private readonly settings: () => AuthSettings,
    credentials: { clientId: string; clientSecret: string } | undefined,
    private readonly clock: Pick<Clock, 'now'>,
  ) {
    this.clientId = credentials?.clientId ?? `EC_SANDBOX_${randomBytes(4).toString('hex').toUpperCase()}`;
    this.clientSecret = credentials?.clientSecret ?? randomBytes(24).toString('base64url');
  }

  /** Checks an API request's `Authorization` header; counts expired tokens. */
  check(authorization: string | undefined): TokenCheck {
    const token = bearer(authorization);
    if (token === null) return 'invalid';
    if (same(token, this.staticToken)) return 'valid';
    const issued = this.accessTokens.get(token);
    if (!issued) return 'invalid';
    if (issued.expiresAt <= this.clock.now()) {
      this.counters.expiredTokenRequests += 1;
      return 'expired';
    }
    return 'valid';
  }

  login(body: unknown): AuthReply {
    const parsed = loginSchema.safeParse(body);
    if (!parsed.success) return error(400, 'client_id and client_secret are required');
    if (!same(parsed.data.client_id, this.clientId) || !same(parsed.data.client_secret, this.clientSecret)) {
      return error(401, 'invalid client credentials');
    }
    if (this.settings().accountDisabled) return error(403, 'account disabled');
    this.counters.signIns += 1;
    return { status: 200, json: this.issue() };
  }

  refresh(headers: { authorization?: string; clientId?: string }, body: unknown): AuthReply {
    const parsed = refreshSchema.safeParse(body);
    if (!parsed.success) return error(400, 'refresh_token is required');
    if (headers.clientId !== this.clientId) return error(401, 'unknown client id');
    const entry = this.refreshTokens.get(parsed.data.refresh_token);
    if (!entry) return error(401, 'invalid refresh token');
    if (entry.used) {
      this.counters.reusedRefreshTokens += 1;
      return error(401, 'refresh token already used');
    }
    entry.used = true;
    if (entry.expiresAt <= this.clock.now()) return error(401, 'refresh token expired');
    // The access token it was issued with must come along (expired is fine: that is the point).
    if (bearer(headers.authorization) !== entry.accessToken) return error(401, 'access token does not match the refresh token');
    if (this.settings().accountDisabled) return error(403, 'account disabled');
    this.counters.renewals += 1;
    return { status: 200, json: this.issue() };
  }

  /** Every issued token stops working at once (the long-lived one stays). */
  revokeAll(): void {
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  stats(): AuthCounters {
    return { ...this.counters };
  }

  reset(): void {
    this.revokeAll();
    this.counters = { signIns: 0, renewals: 0, expiredTokenRequests: 0, reusedRefreshTokens: 0 };
  }

  /** Tokens long dead are forgotten, so a sandbox running for days stays small. */
  private forgetOld(now: number): void {
    for (const [token, entry] of this.accessTokens) if (entry.expiresAt < now - 3_600_000) this.accessTokens.delete(token);
    for (const [token, entry] of this.refreshTokens) if (entry.expiresAt < now - 3_600_000) this.refreshTokens.delete(token);
  }

  private issue(): { access_token: string; expires_in: number; refresh_token: string; refresh_expires_in: number } {
    const { tokenLifetimeSeconds, refreshLifetimeSeconds } = this.settings();
    const accessToken = `sbx-at-${randomBytes(18).toString('base64url')}`;
    const refreshToken = `sbx-rt-${randomBytes(18).toString('base64url')}`;
    const now = this.clock.now();
    this.forgetOld(now);
    this.accessTokens.set(accessToken, { expiresAt: now + tokenLifetimeSeconds * 1000 });
    this.refreshTokens.set(refreshToken, { expiresAt: now + refreshLifetimeSeconds * 1000, used: false, accessToken });
    return { access_token: accessToken, expires_in: tokenLifetimeSeconds, refresh_token: refreshToken, refresh_expires_in: refreshLifetimeSeconds };
  }
}
