/** A real sandbox on loopback per test file, and clients pointed at it. */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { plainFileSource, type UploadSource } from '../../main/api/upload-source';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ServiceClient, type ServiceConfig } from '../../main/api/service-client';
import type { TransportOptions } from '../../main/api/http-transport';
import { SandboxServer, type SandboxFaults } from '../../main/sandbox/sandbox-server';
import { tempFolder } from './temp-folder';
import { followingClock } from './test-clock';
import { systemClock, type Clock } from '../../main/core/clock';
import { staticToken } from '../../main/api/token-source';

export { toneWav } from '../fixtures/tone-wav';

export const CLIENT_KEY = 'k3y-for-t3sts-16';
export const KID = 'test-kid-1';

interface SandboxFixtureOptions<C extends Clock> {
  /** The sandbox's clock: the clock of the test under way, asked at each use; the system's by default. */
  clock?: () => Clock;
  /** A new clock for every test, the sandbox's (as `env.clock`): moved by the test, nothing else moves it. */
  clockPerTest?: () => C;
  /** Encryption keys the sandbox accepts; by default the test key (`KID`, `CLIENT_KEY`). */
  jweKeys?: Record<string, string>;
}

/** A real sandbox on loopback for the test file, its faults set again before each test; clients made with `client()` are closed after each. */
export function useSandbox<C extends Clock = Clock>(faults: Partial<SandboxFaults> = {}, options: SandboxFixtureOptions<C> = {}) {
  const state: { sandbox: SandboxServer | null; clients: ServiceClient[]; clock: C | null } = { sandbox: null, clients: [], clock: options.clockPerTest?.() ?? null };
  const started = (): SandboxServer => {
    if (!state.sandbox) throw new Error('The sandbox starts before the first test.');
    return state.sandbox;
  };
  const clock = options.clock ?? (options.clockPerTest ? () => state.clock ?? systemClock : null);
  beforeAll(async () => {
    state.sandbox = await SandboxServer.start({ jweKeys: options.jweKeys ?? { [KID]: CLIENT_KEY }, clock: clock ? followingClock(clock) : undefined });
  });
  beforeEach(() => {
    if (options.clockPerTest) state.clock = options.clockPerTest();
    started().reset();
    started().setFaults({ processingMs: 0, ...faults });
  });
  afterEach(async () => {
    await Promise.all(state.clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await state.sandbox?.stop();
  });
  return {
    get sandbox(): SandboxServer {
      return started();
    },
    /** The clock of the test under way (with `clockPerTest`). */
    get clock(): C {
      if (!state.clock) throw new Error('This sandbox has no clock of its own: give it clockPerTest.');
      return state.clock;
    },
    /** A client of the sandbox with its long-lived token (or as `overrides` say). */
    client(overrides: Partial<ServiceConfig> = {}, transport: TransportOptions = {}): ServiceClient {
      const client = new ServiceClient(() => ({ baseUrl: started().url, auth: staticToken(started().token), ...overrides }), systemClock, transport);
      state.clients.push(client);
      return client;
    },
  };
}

export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A file on disk as the client uploads it. */
export function source(path: string, contentType: string): Promise<UploadSource> {
  return plainFileSource(path, basename(path), contentType);
}

export function writeTemp(name: string, content: Buffer | string): string {
  const path = join(tempFolder(), name);
  writeFileSync(path, content);
  return path;
}

/** Another program on this computer, listening on a port of its own: what it was sent (nothing, where a test says so). */
export async function bystander(): Promise<{ url: string; reached: string[]; close(): Promise<void> }> {
  const reached: string[] = [];
  const server = createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    res.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reached,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
