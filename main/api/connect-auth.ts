/**
 * The service's authorization interface: sign in with the client id and secret
 * (`/connect-auth/v1/account/login`) and renew with the refresh token
 * (`/connect-auth/v1/account/refresh-token`). Tokens and the secret are never logged.
 */
import { z } from 'zod';
import type { AuthApi, ClientCredentials, TokenGrant } from './auth-grant';
import type { Clock } from '../core/clock';
import type { Transport } from './http-transport';
import { isRetryableStatus, parseRetryAfter } from './retry-policy';
import { MESSAGES, ServiceError, rateLimitMessage } from './service-error';
import { serviceWords, type ServiceWords } from './service-text';
import { serviceUrl } from './service-url';

/** `/connect-auth/v1/account/login` and `/refresh-token`: the token pair and their lives in seconds. */
const tokenGrantSchema = z.object({
  access_token: z.string().min(1).max(16_384),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).max(16_384).optional(),
  refresh_expires_in: z.number().int().positive().optional(),
});

/** `OpenapiGenericError` of the authorization interface. */
const genericErrorSchema = z.object({ code: z.number().int().optional(), error: z.string().optional() });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the service said about a refusal, cut short for the message: it is shown on screen. */
function refusalWords(json: unknown): ServiceWords {
  const parsed = genericErrorSchema.safeParse(json);
  return serviceWords(parsed.success ? parsed.data.error : undefined);
}

/** Longer lives are taken as this: the token is simply renewed sooner, and every date stays a valid date. */
const MAX_LIFETIME_SECONDS = 30 * 86_400;

function lifetimeMs(seconds: number): number {
  return Math.min(seconds, MAX_LIFETIME_SECONDS) * 1000;
}

export class ConnectAuthApi implements AuthApi {
  constructor(
    private readonly transport: Transport,
    private readonly baseUrl: () => string,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  login(credentials: ClientCredentials, signal?: AbortSignal): Promise<TokenGrant> {
    return this.exchange('/connect-auth/v1/account/login', {}, { client_id: credentials.clientId, client_secret: credentials.clientSecret }, signal);
  }

  refresh(input: { clientId: string; accessToken: string; refreshToken: string }, signal?: AbortSignal): Promise<TokenGrant> {
    return this.exchange(
      '/connect-auth/v1/account/refresh-token',
      { authorization: `Bearer ${input.accessToken}`, 'client-id': input.clientId },
      { refresh_token: input.refreshToken, access_token: input.accessToken },
      signal,
    );
  }

  private async exchange(path: string, headers: Record<string, string>, body: unknown, signal?: AbortSignal): Promise<TokenGrant> {
    const url = serviceUrl(this.baseUrl(), path);
    const sentAt = this.clock.now();
    const response = await this.transport.send({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    const json = parseJson(response.text);
    if (response.status === 200) {
      const parsed = tokenGrantSchema.safeParse(json);
      if (!parsed.success) throw new ServiceError('malformed_response', MESSAGES.malformed('sign-in answer'));
      const grant = parsed.data;
      return {
        accessToken: grant.access_token,
        issuedAt: sentAt,
        expiresAt: sentAt + lifetimeMs(grant.expires_in),
        refreshToken: grant.refresh_token ?? null,
        refreshExpiresAt: grant.refresh_expires_in === undefined ? null : sentAt + lifetimeMs(grant.refresh_expires_in),
      };
    }
    const { text: detail, detail: whole } = refusalWords(json);
    const details = { status: response.status, retryAfterMs: parseRetryAfter(response.headers['retry-after'], this.clock.now()), detail: whole };
    if (response.status === 429) throw new ServiceError('rate_limited', rateLimitMessage(details.retryAfterMs), details);
    if (isRetryableStatus(response.status)) throw new ServiceError('server_error', MESSAGES.server(response.status), details);
    if (response.status === 401) throw new ServiceError('unauthorized', `The service refused the sign-in${detail ? ` (${detail})` : ''}.`, details);
    if (response.status === 404) throw new ServiceError('not_found', 'This service address does not offer sign-in (HTTP 404).', details);
    if (response.status === 403) throw new ServiceError('forbidden', `The service refused the sign-in${detail ? ` (${detail})` : ''}.`, details);
    if (response.status >= 400 && response.status < 500) {
      throw new ServiceError('invalid_request', `The service refused the sign-in${detail ? ` (${detail})` : ''}.`, details);
    }
    throw new ServiceError('malformed_response', MESSAGES.malformed(`unexpected HTTP status ${response.status}`), { status: response.status });
  }
}
