/**
 * The discovery document is kept per service: an answer still on its way when the settings
 * name another service is dropped, never kept for the new one, and whoever asked gets the new
 * one's. Two real sandboxes over loopback; the first answers when the test moves its clock
 * past its latency.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import type { SandboxFaults } from '../../../main/sandbox/sandbox-faults';
import { SandboxServer } from '../../../main/sandbox/sandbox-server';
import { staticToken } from '../../../main/api/token-source';
import { FakeClock } from '../../support/fake-clock';
import { useSandbox } from '../../support/sandbox-fixture';
import { systemClock } from '../../../main/core/clock';

/** The first sandbox's clock: its latency passes when the test moves it, after the service changed. */
const env = useSandbox({}, { clockPerTest: () => new FakeClock() });
let other: SandboxServer;
beforeAll(async () => {
  other = await SandboxServer.start();
});
afterAll(async () => {
  await other.stop();
});

const discoveries = (sandbox: SandboxServer) => sandbox.received.filter((request) => request.operation === 'sessionDiscovery').length;

/**
 * A client whose service is whichever sandbox `service.now` names, as the settings would
 * switch it; it asks the first sandbox (slowed by `faults`) for the document and, once the
 * request has arrived there, the service becomes the other one.
 */
async function askedThenSwitched(faults: Partial<SandboxFaults>) {
  other.reset();
  env.sandbox.setFaults(faults);
  const service = { now: env.sandbox };
  const client = new ServiceClient(() => ({ baseUrl: service.now.url, auth: staticToken(service.now.token) }), systemClock);
  clients.push(client);
  const asked = client.discovery.get();
  // The sandbox counts a request when it arrives, before it waits out its latency.
  await expect.poll(() => discoveries(env.sandbox), { interval: 10 }).toBe(1);
  service.now = other;
  return { client, service, asked };
}

const clients: ServiceClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('the discovery document, per service', () => {
  it('an answer that comes after the service changed is dropped: the new service is asked, and its answer is the one kept', async () => {
    const { client, service, asked } = await askedThenSwitched({ latencyMs: 600 });
    // A caller after the change does not wait on the old service's answer either.
    const later = client.discovery.get();
    await env.clock.advance(600);
    const [first, second] = await Promise.all([asked, later]);
    expect(first).toEqual(second);
    expect(discoveries(env.sandbox)).toBe(1);
    expect(discoveries(other)).toBe(1);
    // Kept for the new service (it allows an hour): asked again, nobody is asked.
    await client.discovery.get();
    expect(discoveries(other)).toBe(1);
    // And not for the old one: back there, it is asked afresh.
    env.sandbox.setFaults({ latencyMs: 0 });
    service.now = env.sandbox;
    await client.discovery.get();
    expect(discoveries(env.sandbox)).toBe(2);
  });

  it('a failure of the old service after the change is not the new one\'s: the new one is asked', async () => {
    const { asked } = await askedThenSwitched({ latencyMs: 400, failNext: 1 });
    await env.clock.advance(400);
    await expect(asked).resolves.toMatchObject({ capabilities: { max_chunk_duration_seconds: 20 } });
    expect(discoveries(other)).toBe(1);
  });
});
