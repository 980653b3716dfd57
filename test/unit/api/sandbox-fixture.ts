/** A real sandbox on loopback per test file, and clients pointed at it. */
import type { ServiceError } from '../../../main/api/service-error';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { plainFileSource, type UploadSource } from '../../../main/api/upload-source';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ServiceClient, type ServiceConfig } from '../../../main/api/service-client';
import type { TransportOptions } from '../../../main/api/http-transport';
import { SandboxServer, type SandboxFaults } from '../../../main/sandbox/sandbox-server';
import { tempFolder } from '../temp-folder';
import { staticToken } from '../../../main/api/token-source';

export { toneWav } from '../../fixtures/tone-wav';

export const CLIENT_KEY = 'k3y-for-t3sts-16';
export const KID = 'test-kid-1';

/** `now`: the sandbox's clock (a test's fake clock, read each time it is asked), Date.now by default. */
export function useSandbox(faults: Partial<SandboxFaults> = {}, options: { now?: () => number } = {}) {
  const state: { sandbox: SandboxServer; clients: ServiceClient[] } = { sandbox: undefined as unknown as SandboxServer, clients: [] };
  beforeAll(async () => {
    state.sandbox = await SandboxServer.start({ jweKeys: { [KID]: CLIENT_KEY }, now: options.now });
  });
  beforeEach(() => {
    state.sandbox.reset();
    state.sandbox.setFaults({ processingMs: 0, ...faults });
  });
  afterEach(async () => {
    await Promise.all(state.clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await state.sandbox.stop();
  });
  return {
    get sandbox() {
      return state.sandbox;
    },
    client(overrides: Partial<ServiceConfig> = {}, transport: TransportOptions = {}): ServiceClient {
      const client = new ServiceClient(() => ({ baseUrl: state.sandbox.url, auth: staticToken(state.sandbox.token), ...overrides }), transport);
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

/** The error a call that must fail fails with (a ServiceError, as the client raises them). */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected the call to fail');
}
