/** Sign-in and token renewal against the running sandbox over loopback: real HTTP, real tokens. */
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectAuthApi } from '../../../main/api/connect-auth';
import { HttpTransport } from '../../../main/api/http-transport';
import { ServiceClient } from '../../../main/api/service-client';
import { ServiceError } from '../../../main/api/service-error';
import { learnFromFailure } from '../../../main/outbox/failure-decision';
import { SandboxServer } from '../../../main/sandbox/sandbox-server';
import type { AuthApi, ClientCredentials } from '../../../main/api/auth-grant';
import { systemClock, type Clock } from '../../../main/core/clock';
import { ClientCredentialsSignIn, renewalMargin } from '../../../main/service/client-credentials-sign-in';
import { memoryGrantStore } from '../../../main/service/grant-store';
import { ServiceHealth } from '../../../main/service/service-health';
import { useClockedSandbox } from '../../support/clocked-sandbox';

/** The sandbox, the sign-in answers and the sessions all read the test's clock: token lives pass when the test moves it. */
const env = useClockedSandbox();

/** What each test opened, closed after it, passed or failed. */
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Setup {
  credentials?: ClientCredentials;
  /** The sign-in's clock (the test's by default); a clock that lags makes it send tokens the sandbox already considers expired. */
  clock?: Pick<Clock, 'now'>;
}

/** A sign-in and a client on the sandbox; every refresh token the client sends is noted. */
function signedIn(setup: Setup = {}) {
  const transport = new HttpTransport();
  const api = new ConnectAuthApi(transport, () => env.sandbox.url, env.clock);
  const sentRefreshTokens: string[] = [];
  const spyingApi: AuthApi = {
    login: (credentials, signal) => api.login(credentials, signal),
    refresh: (input, signal) => {
      sentRefreshTokens.push(input.refreshToken);
      return api.refresh(input, signal);
    },
  };
  const signIn = new ClientCredentialsSignIn({
    credentials: setup.credentials ?? env.sandbox.clientCredentials,
    api: spyingApi,
    store: memoryGrantStore(),
    clock: setup.clock ?? env.clock,
  });
  const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: signIn }), systemClock);
  closers.push(
    () => client.close(),
    () => transport.close(),
  );
  return {
    signIn,
    client,
    sentRefreshTokens,
    lookups: (count: number) =>
      Promise.all(Array.from({ length: count }, (_, i) => client.getTranscriptionResult(`missing-${i}`).catch((error: unknown) => error))),
  };
}

const notFound = expect.objectContaining({ kind: 'not_found' });

describe('client-credentials sign-in against the sandbox', () => {
  it('renews once for 20 concurrent calls that meet an expired token, and replays each once', async () => {
    env.sandbox.setFaults({ tokenLifetimeSeconds: 1 });
    // The sign-in's clock runs 10 s late, so it believes the token is still good after the sandbox let it expire.
    const late = signedIn({ clock: { now: () => env.clock.now() - 10_000 } });
    await late.lookups(1);
    env.clock.advance(1_000);
    const answers = await late.lookups(20);
    // Every call got the service's real answer ("no such transaction"), not a 401.
    expect(answers).toEqual(Array.from({ length: 20 }, () => notFound));
    expect(env.sandbox.authStats()).toEqual({ signIns: 1, renewals: 1, expiredTokenRequests: 20, reusedRefreshTokens: 0 });
  });

  it('renews before the token expires, so no request carries an expired token', async () => {
    env.sandbox.setFaults({ tokenLifetimeSeconds: 2 });
    const on = signedIn();
    await on.lookups(1);
    env.clock.advance(1_850); // inside the last 10 % of the token's life
    expect(await on.lookups(5)).toEqual(Array.from({ length: 5 }, () => notFound));
    expect(env.sandbox.authStats()).toMatchObject({ signIns: 1, renewals: 1, expiredTokenRequests: 0 });
    expect(on.signIn.status()).toMatchObject({ state: 'signed-in', problem: null });
  });

  it('never sends a refresh token twice, even when its renewal was cut off', async () => {
    env.sandbox.setFaults({ tokenLifetimeSeconds: 1 });
    const on = signedIn();
    await on.lookups(1);
    env.clock.advance(1_000);
    env.sandbox.setFaults({ dropNext: 1 }); // the renewal's connection is dropped
    expect(await on.lookups(1)).toEqual([expect.objectContaining({ kind: 'network' })]);
    expect(on.signIn.status()).toMatchObject({ state: 'waiting', problem: expect.stringMatching(/did not work this time/) });
    expect(await on.lookups(3)).toEqual(Array.from({ length: 3 }, () => notFound));
    env.clock.advance(1_000);
    expect(await on.lookups(2)).toEqual(Array.from({ length: 2 }, () => notFound));
    expect(on.sentRefreshTokens).toHaveLength(2);
    expect(new Set(on.sentRefreshTokens).size).toBe(2);
    // The cut-off renewal's token was not sent again: the next renewal signed in afresh.
    expect(env.sandbox.authStats()).toMatchObject({ signIns: 2, renewals: 1, reusedRefreshTokens: 0 });
  });

  it('replays a refused request once with the renewed token, never more; refused again, it is tried later, not held', async () => {
    const on = signedIn();
    await on.lookups(1);
    const lookupsSoFar = () => env.sandbox.received.filter((request) => request.operation === 'resultLookup').length;
    const before = lookupsSoFar();
    env.sandbox.setFaults({ unauthorized: true });
    const [failure] = await on.lookups(1);
    expect(lookupsSoFar() - before).toBe(2);
    expect(env.sandbox.authStats()).toMatchObject({ signIns: 1, renewals: 1 });
    // Sign-in works, so this is no reason to hold sending or to ask the user for a token.
    expect(failure).toMatchObject({ kind: 'server_error', status: 401, message: expect.stringMatching(/had just renewed its sign-in/) });
    expect(on.signIn.status()).toMatchObject({ state: 'signed-in', problem: null });
    const health = new ServiceHealth();
    expect(learnFromFailure(failure, { health, attempts: 1, now: Date.now(), what: 'x' })).toMatchObject({ action: 'retry' });
    expect(health.current().signInProblem).toBeNull();
    env.sandbox.setFaults({ unauthorized: false });
    expect(await on.lookups(1)).toEqual([notFound]);
  });

  it('signs in again when every token has been revoked', async () => {
    const on = signedIn();
    await on.lookups(1);
    env.sandbox.revokeTokens();
    expect(await on.lookups(4)).toEqual(Array.from({ length: 4 }, () => notFound));
    expect(env.sandbox.authStats()).toMatchObject({ signIns: 2, renewals: 0 });
  });

  it('holds with a clear message when the credentials are wrong or the account is disabled', async () => {
    const wrong = signedIn({ credentials: { clientId: env.sandbox.clientCredentials.clientId, clientSecret: 'not-the-secret' } });
    const [failure] = await wrong.lookups(1);
    expect(failure).toBeInstanceOf(ServiceError);
    expect(failure).toMatchObject({ kind: 'sign_in_failed', message: expect.stringMatching(/did not accept the client id and secret\. Check them in Settings/) });
    expect(wrong.signIn.status()).toMatchObject({ state: 'failed' });
    const health = new ServiceHealth();
    expect(learnFromFailure(failure, { health, attempts: 1, now: Date.now(), what: 'x' })).toMatchObject({ action: 'hold' });
    expect(health.current().signInProblem).toMatch(/client id and secret/);

    env.sandbox.setFaults({ accountDisabled: true });
    const disabled = signedIn();
    expect(await disabled.lookups(1)).toEqual([expect.objectContaining({ kind: 'sign_in_failed', message: expect.stringMatching(/may not sign in \(it may be disabled\)/) })]);
    env.sandbox.setFaults({ accountDisabled: false });
    expect(await disabled.signIn.signInAgain()).toMatchObject({ state: 'signed-in', problem: null });
  });

  it('takes a sign-in answer that is no token (a captive portal) for a passing problem: tried again later, nothing failed', async () => {
    const on = signedIn();
    env.sandbox.setFaults({ rawNext: [{ status: 200, body: '<html><body>Log in to the guest Wi-Fi</body></html>', contentType: 'text/html', headers: {} }] });
    const [failure] = await on.lookups(1);
    expect(failure).toMatchObject({ kind: 'server_error', message: expect.stringMatching(/^Signing in did not work this time: .*The app will try again\.$/) });
    const health = new ServiceHealth();
    expect(learnFromFailure(failure, { health, attempts: 1, now: Date.now(), what: 'x' })).toMatchObject({ action: 'retry' });
    expect(on.signIn.status()).toMatchObject({ state: 'waiting', problem: expect.stringMatching(/did not work this time/) });
    expect(await on.lookups(1)).toEqual([notFound]);
  });

  it('says the address is wrong when it offers no sign-in (404), and holds', async () => {
    const on = signedIn();
    env.sandbox.setFaults({ rawNext: [{ status: 404, body: '{"message":"Not found"}', contentType: 'application/json', headers: {} }] });
    const [failure] = await on.lookups(1);
    expect(failure).toMatchObject({ kind: 'sign_in_failed', message: expect.stringMatching(/this service address does not offer sign-in \(HTTP 404\)\. Check the service in Settings/) });
    expect(learnFromFailure(failure, { health: new ServiceHealth(), attempts: 1, now: Date.now(), what: 'x' })).toMatchObject({ action: 'hold' });
  });

  it('takes a network failure for what it is, never for a sign-out', async () => {
    const offline = await SandboxServer.start();
    const url = offline.url;
    await offline.stop();
    const transport = new HttpTransport({ connectTimeoutMs: 1_000 });
    closers.push(() => transport.close());
    const signIn = new ClientCredentialsSignIn({
      credentials: { clientId: 'EC_1', clientSecret: 'secret' },
      api: new ConnectAuthApi(transport, () => url, env.clock),
      store: memoryGrantStore(),
      clock: env.clock,
    });
    await expect(signIn.token()).rejects.toMatchObject({ kind: 'network', retryable: true });
    expect(signIn.status()).toMatchObject({ state: 'waiting' });
    const health = new ServiceHealth();
    const error = await signIn.token().catch((e: unknown) => e);
    expect(learnFromFailure(error, { health, attempts: 1, now: Date.now(), what: 'x' })).toMatchObject({ action: 'retry' });
    expect(health.onHold()).toBe(false);
  });
});

describe('renewalMargin', () => {
  it('is 10 % of the life, at most a minute', () => {
    expect(renewalMargin({ issuedAt: 0, expiresAt: 5_000 })).toBe(500);
    expect(renewalMargin({ issuedAt: 0, expiresAt: 1_800_000 })).toBe(60_000);
  });
});
