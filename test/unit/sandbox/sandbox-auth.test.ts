/** The sandbox's authorization interface, spoken to with plain fetch as any client would. */
import { describe, expect, it } from 'vitest';
import { useClockedSandbox } from '../../support/clocked-sandbox';

const env = useClockedSandbox();

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${env.sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function login(secret = env.sandbox.clientCredentials.clientSecret) {
  return post('/connect-auth/v1/account/login', { client_id: env.sandbox.clientCredentials.clientId, client_secret: secret });
}

function refresh(accessToken: unknown, refreshToken: unknown) {
  return post(
    '/connect-auth/v1/account/refresh-token',
    { refresh_token: refreshToken, access_token: accessToken },
    { authorization: `Bearer ${String(accessToken)}`, 'client-id': env.sandbox.clientCredentials.clientId },
  );
}

describe('sandbox authorization', () => {
  it('signs in with the documented shape and refuses wrong credentials', async () => {
    const ok = await login();
    expect(ok).toEqual({
      status: 200,
      body: { access_token: expect.any(String), expires_in: 1800, refresh_token: expect.any(String), refresh_expires_in: 604_800 },
    });
    expect(await login('wrong')).toEqual({ status: 401, body: { code: 401, error: 'invalid client credentials' } });
    expect((await post('/connect-auth/v1/account/login', {})).status).toBe(400);
    env.sandbox.setFaults({ accountDisabled: true });
    expect(await login()).toEqual({ status: 403, body: { code: 403, error: 'account disabled' } });
  });

  it('refuses an expired token on every operation with that operation\'s own 401, and counts it', async () => {
    env.sandbox.setFaults({ tokenLifetimeSeconds: 1 });
    const { body } = await login();
    env.clock.advance(1_000);
    const auth = { authorization: `Bearer ${String(body.access_token)}` };
    const lookup = await fetch(`${env.sandbox.url}/voice/api/v3/status/x`, { headers: auth });
    expect([lookup.status, await lookup.json()]).toEqual([401, { error: 'Unauthorized', message: 'Invalid or missing authentication token' }]);
    const upload = await fetch(`${env.sandbox.url}/voice/upload?mode=dictation&txnid=t`, { method: 'POST', headers: auth });
    expect([upload.status, await upload.json()]).toEqual([401, { message: 'Unauthorized' }]);
    const registration = await post('/abdm/na/v1/registration/aadhaar/init', {}, auth);
    expect(registration).toEqual({ status: 401, body: { code: 401, error: 'Unauthorized', source_error: { code: '', message: '' } } });
    expect(env.sandbox.authStats()).toEqual({ signIns: 1, renewals: 0, expiredTokenRequests: 3, reusedRefreshTokens: 0 });
    // Nothing is kept of requests without a valid token.
    expect(env.sandbox.received).toEqual([]);
  });

  it('renews with a refresh token exactly once; a reused one is refused and counted', async () => {
    const first = (await login()).body;
    const renewed = await refresh(first.access_token, first.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).not.toBe(first.access_token);
    expect(await refresh(first.access_token, first.refresh_token)).toEqual({ status: 401, body: { code: 401, error: 'refresh token already used' } });
    expect(await refresh('someone-else', renewed.body.refresh_token)).toMatchObject({ status: 401 });
    expect(env.sandbox.authStats()).toMatchObject({ signIns: 1, renewals: 1, reusedRefreshTokens: 1 });
  });

  it('revokes every issued token from the control endpoint, and reports its counters there', async () => {
    const { body } = await login();
    const control = { authorization: `Bearer ${env.sandbox.token}` };
    expect((await fetch(`${env.sandbox.url}/__sandbox/auth/revoke`, { method: 'POST', headers: control })).status).toBe(200);
    const lookup = await fetch(`${env.sandbox.url}/voice/api/v3/status/x`, { headers: { authorization: `Bearer ${String(body.access_token)}` } });
    expect(lookup.status).toBe(401);
    expect((await refresh(body.access_token, body.refresh_token)).status).toBe(401);
    const stats = await (await fetch(`${env.sandbox.url}/__sandbox/auth`, { headers: control })).json();
    expect(stats).toEqual({ clientId: env.sandbox.clientCredentials.clientId, signIns: 1, renewals: 0, expiredTokenRequests: 0, reusedRefreshTokens: 0 });
    expect((await fetch(`${env.sandbox.url}/__sandbox/auth`, { headers: { authorization: `Bearer ${String(body.access_token)}` } })).status).toBe(403);
  });
});
