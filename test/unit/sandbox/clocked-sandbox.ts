/**
 * A sandbox on a `TestClock`, one per test file: like `useSandbox` (test/unit/api), but what
 * has a time in the sandbox (token and OTP lives, processing times) passes only when the test
 * moves `clock`, a new one for every test. Clients made with `client()` are closed after
 * each test.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ServiceClient, type ServiceConfig } from '../../../main/api/service-client';
import { SandboxServer, type SandboxFaults, type SandboxOptions } from '../../../main/sandbox/sandbox-server';
import { staticToken } from '../../../main/api/token-source';
import { TestClock } from '../../e2e/support/test-clock';

export function useClockedSandbox(faults: Partial<SandboxFaults> = {}, options: Pick<SandboxOptions, 'jweKeys'> = {}) {
  let sandbox: SandboxServer | null = null;
  let clock = new TestClock();
  const clients: ServiceClient[] = [];
  const started = (): SandboxServer => {
    if (!sandbox) throw new Error('The sandbox starts before the first test.');
    return sandbox;
  };
  beforeAll(async () => {
    sandbox = await SandboxServer.start({ ...options, now: () => clock.now() });
  });
  beforeEach(() => {
    clock = new TestClock();
    started().reset();
    started().setFaults({ processingMs: 0, ...faults });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await sandbox?.stop();
  });
  return {
    get sandbox(): SandboxServer {
      return started();
    },
    get clock(): TestClock {
      return clock;
    },
    /** A client of the sandbox with its long-lived token (or as `overrides` say). */
    client(overrides: Partial<ServiceConfig> = {}): ServiceClient {
      const client = new ServiceClient(() => ({ baseUrl: started().url, auth: staticToken(started().token), ...overrides }));
      clients.push(client);
      return client;
    },
  };
}
