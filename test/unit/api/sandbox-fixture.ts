/** A real sandbox on loopback per test file, and clients pointed at it. */
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { plainFileSource, type UploadSource } from '../../../main/api/upload-source';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ServiceClient, type ServiceConfig } from '../../../main/api/service-client';
import type { TransportOptions } from '../../../main/api/http-transport';
import { SandboxServer, type SandboxFaults } from '../../../main/sandbox/sandbox-server';
import { tempFolder } from '../temp-folder';
import { staticToken } from '../../../main/service/token-source';

export const CLIENT_KEY = 'k3y-for-t3sts-16';
export const KID = 'test-kid-1';

export function useSandbox(faults: Partial<SandboxFaults> = {}) {
  const state: { sandbox: SandboxServer; clients: ServiceClient[] } = { sandbox: undefined as unknown as SandboxServer, clients: [] };
  beforeAll(async () => {
    state.sandbox = await SandboxServer.start({ jweKeys: { [KID]: CLIENT_KEY } });
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

/** One second of 16 kHz mono 16-bit WAV: a 440 Hz tone. */
export function toneWav(seconds = 1): Buffer {
  const samples = 16_000 * seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
