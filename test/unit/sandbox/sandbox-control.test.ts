import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../../main/sandbox/sandbox-control';
import { SandboxServer } from '../../../main/sandbox/sandbox-server';
import { useSandbox } from '../../support/sandbox-fixture';

const env = useSandbox();

async function control(path: string, init: RequestInit = {}, token = env.sandbox.token) {
  const response = await fetch(`${env.sandbox.url}/__sandbox/${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  return { status: response.status, body: await response.json() };
}

describe('sandbox control endpoint', () => {
  it("is absent from a release build's embedded sandbox (control: false): its paths are unknown, with the right token too", async () => {
    const embedded = await SandboxServer.start({ control: false });
    try {
      for (const [method, path] of [['GET', 'requests'], ['GET', 'faults'], ['POST', 'faults'], ['POST', 'reset']] as const) {
        const response = await fetch(`${embedded.url}/__sandbox/${path}`, { method, headers: { authorization: `Bearer ${embedded.token}` }, body: method === 'POST' ? '{"failNext":5}' : undefined });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      // The faults posted were not taken: the next request is answered as usual.
      const api = await fetch(`${embedded.url}/voice/api/v3/status/x`, { headers: { authorization: `Bearer ${embedded.token}` } });
      expect(api.status).toBeLessThan(500);
    } finally {
      await embedded.stop();
    }
  });

  it('refuses callers without the sandbox token', async () => {
    expect(await control('requests', {}, 'guess')).toEqual({ status: 403, body: { message: 'Forbidden' } });
    expect((await fetch(`${env.sandbox.url}/__sandbox/requests`)).status).toBe(403);
  });

  it('answers only this computer: it listens on 127.0.0.1, and refuses any other caller', async () => {
    expect(new URL(env.sandbox.url).hostname).toBe('127.0.0.1');
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true]);
    expect(['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', undefined].map(isLoopbackAddress)).toEqual([false, false, false, false]);
    // From another address of this machine, where there is one, nothing even connects.
    const other = Object.values(networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
    if (other) {
      const refused = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(env.sandbox.url).port), other);
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(refused).toBe('ECONNREFUSED');
    }
  });

  it('scripts faults, validates them, and reports what was received', async () => {
    expect((await control('faults', { method: 'POST', body: JSON.stringify({ failNext: 1, latencyMs: 5 }) })).body).toMatchObject({ failNext: 1, latencyMs: 5 });
    expect((await control('faults', { method: 'POST', body: JSON.stringify({ failNxt: 1 }) })).status).toBe(400);
    expect((await control('faults', { method: 'POST', body: JSON.stringify({ serverErrorRate: 2 }) })).status).toBe(400);
    const api = await fetch(`${env.sandbox.url}/voice/api/v3/status/x`, { headers: { authorization: `Bearer ${env.sandbox.token}` } });
    expect(api.status).toBe(503);
    const { body } = await control('requests');
    expect(body).toEqual([expect.objectContaining({ operation: 'resultLookup', status: 503, headers: expect.objectContaining({ authorization: '[valid token]' }) })]);
    await control('reset', { method: 'POST' });
    expect((await control('requests')).body).toEqual([]);
  });

  it('answers unknown paths with 404 and never echoes the token', async () => {
    const response = await fetch(`${env.sandbox.url}/unknown`, { headers: { authorization: `Bearer ${env.sandbox.token}` } });
    expect(response.status).toBe(404);
    expect(JSON.stringify(env.sandbox.received)).not.toContain(env.sandbox.token);
  });
});
