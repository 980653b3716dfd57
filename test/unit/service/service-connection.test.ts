import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../contract/settings';
import { memoryGrantStore } from '../../../main/service/grant-store';
import { ServiceConnection } from '../../../main/service/service-connection';
import { systemClock } from '../../../main/core/clock';

/** A loopback service that hands out tokens and notes who asked it to sign in. */
async function tokenService(name: string, seen: string[]): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push(`${name} ${request.url} ${body.includes('secret-for-a') ? 'with the secret' : ''}`.trim());
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: `token-from-${name}`, expires_in: 3600, refresh_token: `refresh-${name}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const servers: Server[] = [];
const connections: ServiceConnection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.stop()));
  servers.splice(0).forEach((server) => server.close());
});

describe('ServiceConnection', () => {
  it("a session signs in only at the address it was made for: a changed address never receives that session's secret", async () => {
    const seen: string[] = [];
    const a = await tokenService('a', seen);
    const b = await tokenService('b', seen);
    servers.push(a.server, b.server);
    let settings: Settings = { ...DEFAULT_SETTINGS, service: 'custom', customServiceUrl: a.url, clientId: 'clinic' };
    const connection = new ServiceConnection(
      { current: () => settings, secret: (name) => (name === 'clientSecret' ? 'secret-for-a' : null) },
      { grantStore: () => memoryGrantStore(), clock: systemClock },
    );
    connections.push(connection);
    const first = connection.config().auth;
    // The address changes while a caller still holds the first session (a request under way, a renewal to come).
    settings = { ...settings, customServiceUrl: b.url };
    expect(await first.token()).toBe('token-from-a');
    expect(seen).toEqual(['a /connect-auth/v1/account/login with the secret']);
    // The new address gets its own session.
    expect(await connection.config().auth.token()).toBe('token-from-b');
    expect(seen.filter((line) => line.startsWith('b'))).toHaveLength(1);
  });
});
