/**
 * The sandbox's control endpoint (/__sandbox/…), for tests and `npm run sandbox`: what was
 * received, the transactions, the faults (read and scripted), hostile answers given, the
 * sign-in counters, revoking tokens, and reset. It answers only this computer, and only with
 * the sandbox's own long-lived token. A release build's embedded sandbox has none
 * (`SandboxOptions.control`, set from the build kind by service-connection.ts): there its
 * paths are unknown addresses like any other.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './request-body';
import type { AuthCounters } from './sandbox-auth';
import { faultsSchema, type SandboxFaults } from './sandbox-faults';
import type { SandboxTransaction } from './sandbox-results';
import type { ReceivedRequest } from './sandbox-routes';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether a connection comes from this computer (the only place the control endpoint answers). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return LOOPBACK.has(address ?? '');
}

export function isControlPath(path: string): boolean {
  return path.startsWith('/__sandbox/');
}

/** What the control endpoint reads and changes of its sandbox. */
export interface ControlledSandbox {
  readonly token: string;
  readonly received: ReceivedRequest[];
  transactions(): SandboxTransaction[];
  faults(): SandboxFaults;
  setFaults(faults: Partial<SandboxFaults>): void;
  hostileServed(): Record<string, number>;
  auth(): { clientId: string } & AuthCounters;
  revokeTokens(): void;
  reset(): void;
}

/** Answers one control call (a path under /__sandbox/). */
export async function answerControl(sandbox: ControlledSandbox, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const reply = (status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  if (!isLoopbackAddress(req.socket.remoteAddress) || req.headers.authorization !== `Bearer ${sandbox.token}`) {
    req.resume();
    reply(403, { message: 'Forbidden' });
    return;
  }
  if (req.method === 'GET' && path === '/__sandbox/requests') return reply(200, sandbox.received);
  if (req.method === 'GET' && path === '/__sandbox/transactions') return reply(200, sandbox.transactions());
  if (req.method === 'GET' && path === '/__sandbox/faults') return reply(200, sandbox.faults());
  if (req.method === 'GET' && path === '/__sandbox/hostile') return reply(200, sandbox.hostileServed());
  if (req.method === 'GET' && path === '/__sandbox/auth') return reply(200, sandbox.auth());
  if (req.method === 'POST' && path === '/__sandbox/auth/revoke') {
    req.resume();
    sandbox.revokeTokens();
    return reply(200, { ok: true });
  }
  if (req.method === 'POST' && path === '/__sandbox/reset') {
    req.resume();
    sandbox.reset();
    return reply(200, { ok: true });
  }
  if (req.method === 'POST' && path === '/__sandbox/faults') {
    let faults: unknown;
    try {
      faults = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8'));
    } catch {
      return reply(400, { message: 'Body must be JSON.' });
    }
    const parsed = faultsSchema.partial().safeParse(faults);
    if (!parsed.success) return reply(400, { message: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
    sandbox.setFaults(parsed.data);
    return reply(200, sandbox.faults());
  }
  req.resume();
  reply(404, { message: 'Not found' });
}
