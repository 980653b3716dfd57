/**
 * The sandbox's fault pipeline (sandbox-fault-pipeline.ts) over real HTTP: its order, what
 * sign-in skips, and rates drawn from a seed. The seed is printed when a test fails;
 * SANDBOX_SEED=<seed> repeats that run.
 */
import { get, request } from 'node:http';
import { describe, expect, it, onTestFailed } from 'vitest';
import { seededRandom } from '../../../main/sandbox/sandbox-fault-pipeline';
import { useClockedSandbox } from '../../support/clocked-sandbox';
import { FakeClock } from '../../support/fake-clock';
import { useSandbox } from '../../support/sandbox-fixture';

const env = useClockedSandbox();
const SEED = Number(process.env.SANDBOX_SEED ?? Math.floor(Math.random() * 2 ** 32));

type Outcome = number | 'dropped';

/** One result lookup on a connection of its own: its status, or `dropped`. */
function lookup(token = env.sandbox.token): Promise<Outcome> {
  return new Promise((resolve) => {
    const call = get(`${env.sandbox.url}/voice/api/v3/status/x`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', () => resolve('dropped'));
  });
}

/** One sign-in (with wrong credentials: 401 unless a fault answers first). */
function signIn(): Promise<Outcome> {
  return new Promise((resolve) => {
    const call = request(`${env.sandbox.url}/connect-auth/v1/account/login`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', () => resolve('dropped'));
    call.end(JSON.stringify({ client_id: 'nobody', client_secret: 'nothing' }));
  });
}

async function inTurn(count: number, call: () => Promise<Outcome>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < count; i += 1) outcomes.push(await call());
  return outcomes;
}

describe('the fault pipeline', () => {
  it('takes the scripted faults in its order: drop, 503, raw, 429, malformed, garbage; then the operation answers', async () => {
    env.sandbox.setFaults({
      garbageNext: 1,
      malformedNext: 1,
      rateLimitNext: 1,
      rawNext: [{ status: 418, headers: {}, body: '{}', contentType: 'application/json' }],
      failNext: 1,
      dropNext: 1,
    });
    expect(await inTurn(7, () => lookup())).toEqual(['dropped', 503, 418, 429, 200, 200, 400]);
  });

  it('lets sign-in and renewal meet only drops and raw answers', async () => {
    env.sandbox.setFaults({ failNext: 1, rateLimitNext: 1, garbageNext: 1, unauthorized: true, dropNext: 1, rawNext: [{ status: 418, headers: {}, body: '{}', contentType: 'application/json' }] });
    expect(await inTurn(3, signIn)).toEqual(['dropped', 418, 401]);
    // The API faults are still there for the next API call.
    expect(await lookup()).toBe(503);
  });

  it('answers a refused token before any hostile answer, which stays due', async () => {
    env.sandbox.setFaults({ hostileNext: { resultLookup: 1 }, hostileKinds: ['html'] });
    expect(await lookup('not-a-token')).toBe(401);
    expect(env.sandbox.hostileServed()).toEqual({});
    expect(await lookup()).toBe(200);
    expect(env.sandbox.hostileServed()).toEqual({ 'resultLookup/html': 1 });
  });

  it('draws the rates from its seed: the same seed, the same drops and 503s, request by request', async () => {
    onTestFailed(() => console.log(`The sandbox's seed was ${SEED}: SANDBOX_SEED=${SEED} repeats this run.`));
    env.sandbox.setFaults({ dropRate: 0.3, serverErrorRate: 0.3 });
    env.sandbox.reseed(SEED);
    const first = await inTurn(30, () => lookup());
    env.sandbox.reseed(SEED);
    expect(await inTurn(30, () => lookup())).toEqual(first);
    // Each request draws for a drop, and only if not dropped for a 503.
    const random = seededRandom(SEED);
    expect(first).toEqual(Array.from({ length: 30 }, () => (random() < 0.3 ? 'dropped' : random() < 0.3 ? 503 : 400)));
  });
});

describe('a request its client gave up while it waited out the latency', () => {
  const held = useSandbox({}, { clockPerTest: () => new FakeClock() });

  it('is dropped, and takes none of the faults set for the requests after it', async () => {
    held.sandbox.setFaults({ latencyMs: 400 });
    const call = get(`${held.sandbox.url}/voice/api/v3/status/x`, { agent: false, headers: { authorization: `Bearer ${held.sandbox.token}` } });
    call.on('error', () => {});
    await expect.poll(() => held.clock.pending).toBe(1); // the request waits out its latency
    call.destroy();
    await expect.poll(() => held.sandbox.openConnections()).toBe(0);
    held.sandbox.setFaults({ latencyMs: 0, garbageNext: 1 });
    await held.clock.advance(400);
    const answer = await fetch(`${held.sandbox.url}/voice/api/v3/status/x`, { headers: { authorization: `Bearer ${held.sandbox.token}` } });
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
  });
});
