/**
 * The embedded sandbox: the service's whole published interface on 127.0.0.1, with the
 * documented shapes and status codes, so the app works without credentials and every test
 * talks real HTTP. The areas of the interface are modules (voice, records, registration);
 * this server checks tokens, injects the faults scripted through its loopback-only control
 * endpoint (/__sandbox/…), keeps what it received for tests to inspect (nothing of a request
 * without a valid token), and encrypts replies to encrypted requests.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readBody, type ReceivedFile } from './request-body';
import { SandboxAuth, type AuthCounters } from './sandbox-auth';
import { DEFAULT_FAULTS, faultsSchema, type SandboxFaults } from './sandbox-faults';
import { HOSTILE_OPERATIONS, hostileAnswers, type HostileOperation } from './sandbox-hostile';
import { decryptRequest, encryptResponse } from './sandbox-jwe';
import { SandboxRecords } from './sandbox-records';
import { SandboxRegistration } from './sandbox-registration';
import type { SandboxTransaction } from './sandbox-results';
import { BadRequest, matches, type ReceivedRequest, type Reply, type RouteContext, type SandboxArea, type SandboxRoute } from './sandbox-routes';
import { SandboxSessions, type SandboxDocument } from './sandbox-sessions';
import { SandboxVoice } from './sandbox-voice';
import { throughUplink, Uplink } from './throttled-body';

export type { ReceivedFile, ReceivedRequest, SandboxFaults };

const MAX_JSON_BYTES = 24 * 1024 * 1024;
const RECEIVED_LIMIT = 2_000;

type AuthOperation = 'login' | 'refreshToken';

export interface SandboxOptions {
  port?: number;
  token?: string;
  /** Encryption keys the sandbox accepts: kid → client key (16 bytes). */
  jweKeys?: Record<string, string>;
  faults?: Partial<SandboxFaults>;
  random?: () => number;
  /** Whether the control endpoint (/__sandbox/…: faults, what was received) answers; off in a release build's embedded sandbox. Default on. */
  control?: boolean;
  /** The test client's id and secret (random by default); given to restart a sandbox as the same service. */
  clientCredentials?: { clientId: string; clientSecret: string };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether a connection comes from this computer (the only place the control endpoint answers). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return LOOPBACK.has(address ?? '');
}

function authRoute(method: string, path: string): AuthOperation | null {
  if (method === 'POST' && path === '/connect-auth/v1/account/login') return 'login';
  if (method === 'POST' && path === '/connect-auth/v1/account/refresh-token') return 'refreshToken';
  return null;
}

export class SandboxServer {
  readonly token: string;
  readonly received: ReceivedRequest[] = [];
  private faults: SandboxFaults;
  private readonly voice = new SandboxVoice();
  private readonly sessions = new SandboxSessions(() => this.faults);
  private readonly areas: SandboxArea[] = [this.voice, this.sessions, new SandboxRecords(), new SandboxRegistration()];
  private readonly routes: SandboxRoute[] = this.areas.flatMap((area) => area.routes);
  /** The clinic's uplink, which every request body crosses (the `uplinkKbps` fault). */
  private readonly uplink = new Uplink(() => this.faults.uplinkKbps);
  private readonly jweKeys: Map<string, string>;
  private readonly sockets = new Set<Socket>();
  private readonly random: () => number;
  private readonly auth: SandboxAuth;
  private server: Server | null = null;
  private port = 0;
  private readonly controlled: boolean;
  /** Hostile answers given, by operation and kind (`resultLookup/fhir-null-entry`). */
  private readonly hostileGiven = new Map<string, number>();
  private readonly hostileTurn = new Map<HostileOperation, number>();

  private constructor(options: SandboxOptions) {
    this.token = options.token ?? `sandbox-${randomBytes(24).toString('base64url')}`;
    this.faults = { ...DEFAULT_FAULTS, ...options.faults };
    this.jweKeys = new Map(Object.entries(options.jweKeys ?? {}));
    this.random = options.random ?? Math.random;
    this.controlled = options.control ?? true;
    this.auth = new SandboxAuth(this.token, () => this.faults, options.clientCredentials);
  }

  /** The test client the app signs in with when the Sandbox is selected. */
  get clientCredentials(): { clientId: string; clientSecret: string } {
    return { clientId: this.auth.clientId, clientSecret: this.auth.clientSecret };
  }

  /** Sign-ins, renewals and requests that came with an expired token, since the last reset. */
  authStats(): AuthCounters {
    return this.auth.stats();
  }

  /** Every token it issued stops working (the long-lived `token` stays valid). */
  revokeTokens(): void {
    this.auth.revokeAll();
  }

  static async start(options: SandboxOptions = {}): Promise<SandboxServer> {
    const sandbox = new SandboxServer(options);
    await sandbox.listen(options.port ?? 0);
    return sandbox;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private listen(port: number): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Open TCP connections from clients (keep-alive ones included). */
  openConnections(): number {
    return this.sockets.size;
  }

  setFaults(faults: Partial<SandboxFaults>): void {
    this.faults = { ...this.faults, ...faultsSchema.partial().parse(faults) };
  }

  setJweKey(kid: string, clientKey: string): void {
    this.jweKeys.set(kid, clientKey);
  }

  /** How many complete uploads the sandbox accepted for a txn id. */
  uploadsFor(txnId: string): number {
    return this.voice.uploadsFor(txnId);
  }

  transaction(txnId: string): SandboxTransaction | undefined {
    return this.voice.transaction(txnId);
  }

  /** What it holds of a transcription session: the chunk numbers received, whether it is ended, its format. */
  transcriptionSession(sessionId: string): ReturnType<SandboxSessions['session']> {
    return this.sessions.session(sessionId);
  }

  /** A document saved to a session (a corrected note), with its Markdown. */
  sessionDocument(documentId: string): SandboxDocument | undefined {
    return this.sessions.document(documentId);
  }

  /** The documents saved to a session, oldest first. */
  sessionDocuments(sessionId: string): SandboxDocument[] {
    return this.sessions.documentsOf(sessionId);
  }

  /** How many hostile answers it gave, by `operation/kind`. */
  hostileServed(): Record<string, number> {
    return Object.fromEntries(this.hostileGiven);
  }

  reset(): void {
    this.hostileGiven.clear();
    this.hostileTurn.clear();
    this.faults = { ...DEFAULT_FAULTS };
    this.received.length = 0;
    for (const area of this.areas) area.reset();
    this.auth.reset();
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    if (path.startsWith('/__sandbox/') && this.controlled) {
      await this.control(req, res, path);
      return;
    }
    // Every API call's body, sign-in and renewal included, comes over the uplink; the test's own control calls do not.
    throughUplink(req, this.uplink);
    const authOperation = authRoute(req.method ?? 'GET', path);
    if (authOperation) {
      await this.authenticate(authOperation, req, res);
      return;
    }
    const route = this.routes.find((candidate) => matches(candidate, req.method ?? 'GET', path)) ?? null;
    const open = route?.open === true;
    const tokenOk = route !== null && (open || this.auth.check(req.headers.authorization) === 'valid');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      headers[name] = name !== 'authorization' ? String(value) : open ? '[a token, where none belongs]' : tokenOk ? '[valid token]' : '[other token]';
    }
    const query: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
    const record: ReceivedRequest = {
      at: Date.now(),
      operation: route?.operation ?? 'unknown',
      method: req.method ?? 'GET',
      path,
      query,
      headers,
      encrypted: req.headers['x-encryption'] === 'JWE',
    };
    // Nothing is kept of a request without a valid token.
    if (tokenOk) {
      this.received.push(record);
      if (this.received.length > RECEIVED_LIMIT) this.received.shift();
    }

    if (this.faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.faults.latencyMs));
    if (this.faults.dropNext > 0 || this.random() < this.faults.dropRate) {
      if (this.faults.dropNext > 0) this.faults.dropNext -= 1;
      req.socket.destroy();
      return;
    }
    if (this.faults.failNext > 0 || this.random() < this.faults.serverErrorRate) {
      if (this.faults.failNext > 0) this.faults.failNext -= 1;
      req.resume();
      this.send(res, record, { status: 503 });
      return;
    }
    const scripted = this.scriptedAnswer();
    if (scripted) {
      req.resume();
      this.send(res, record, scripted);
      return;
    }
    if (!route) {
      req.resume();
      this.send(res, record, { status: 404, json: { message: 'Not found' } });
      return;
    }
    if (!tokenOk || this.faults.unauthorized) {
      req.resume();
      this.send(res, record, route.unauthorized);
      return;
    }
    const hostile = this.hostileAnswer(route.operation);
    if (hostile) {
      req.resume();
      this.send(res, record, hostile);
      return;
    }
    const context: RouteContext = { req, url, record, faults: this.faults, readJson: () => this.readJson(req, record) };
    let reply: Reply;
    try {
      reply = await route.handle(context);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      reply = route.badRequest(error.message);
    }
    this.send(res, record, reply);
  }

  /** Sign-in and renewal: nothing of these requests is kept (they carry the client secret and tokens). */
  private async authenticate(operation: AuthOperation, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.faults.latencyMs));
    if (this.faults.dropNext > 0 || this.random() < this.faults.dropRate) {
      if (this.faults.dropNext > 0) this.faults.dropNext -= 1;
      req.socket.destroy();
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8'));
    } catch {
      body = undefined;
    }
    const raw = this.faults.rawNext.shift();
    if (raw) {
      for (const [name, value] of Object.entries(raw.headers)) res.setHeader(name, value);
      res.writeHead(raw.status, { 'content-type': raw.contentType }).end(raw.body);
      return;
    }
    const reply =
      operation === 'login'
        ? this.auth.login(body)
        : this.auth.refresh({ authorization: req.headers.authorization, clientId: String(req.headers['client-id'] ?? '') }, body);
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
  }

  /** The operation's next hostile answer, if one is due; the kinds take turns. */
  private hostileAnswer(operation: string): Reply | null {
    if (!(HOSTILE_OPERATIONS as readonly string[]).includes(operation)) return null;
    const name = operation as HostileOperation;
    const left = this.faults.hostileNext[name] ?? 0;
    const answers = hostileAnswers(name, this.faults.hostileKinds);
    if (left <= 0 || answers.length === 0) return null;
    this.faults.hostileNext = { ...this.faults.hostileNext, [name]: left - 1 };
    const turn = this.hostileTurn.get(name) ?? 0;
    this.hostileTurn.set(name, turn + 1);
    const answer = answers[turn % answers.length]!;
    const key = `${name}/${answer.kind}`;
    this.hostileGiven.set(key, (this.hostileGiven.get(key) ?? 0) + 1);
    return answer.reply();
  }

  /** A one-off answer scripted through the control endpoint, if any is due. */
  private scriptedAnswer(): Reply | null {
    const raw = this.faults.rawNext.shift();
    if (raw) return { status: raw.status, headers: raw.headers, text: raw.body, contentType: raw.contentType };
    if (this.faults.rateLimitNext > 0) {
      this.faults.rateLimitNext -= 1;
      return { status: 429, headers: { 'retry-after': '1' } };
    }
    if (this.faults.malformedNext > 0) {
      this.faults.malformedNext -= 1;
      return { status: 200, json: { unexpected: true, data: 'not what the interface documents' } };
    }
    if (this.faults.garbageNext > 0) {
      this.faults.garbageNext -= 1;
      return { status: 200, text: '<html><body>Gateway error</body></html>', contentType: 'text/html' };
    }
    return null;
  }

  private send(res: ServerResponse, record: ReceivedRequest, reply: Reply): void {
    record.status = reply.status;
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
    if (reply.json !== undefined) {
      const body =
        reply.encryptWith && !this.faults.plainAnswers
          ? encryptResponse(reply.json, reply.encryptWith.clientKey, this.faults.responseAad, reply.encryptWith.requestProtected)
          : reply.json;
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } else if (reply.bytes !== undefined) {
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/octet-stream', 'content-length': String(reply.bytes.length) }).end(reply.bytes);
    } else if (reply.text !== undefined) {
      res.writeHead(reply.status, { 'content-type': `${reply.contentType ?? 'text/plain'}; charset=utf-8` }).end(reply.text);
    } else {
      res.writeHead(reply.status, { 'content-length': '0' }).end();
    }
  }

  /** Reads a JSON body, decrypting a JWE envelope; the reply is encrypted likewise. */
  private async readJson(req: IncomingMessage, record: ReceivedRequest): Promise<{ payload: unknown; encryptWith?: Reply['encryptWith'] }> {
    const raw = await readBody(req, MAX_JSON_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new BadRequest('body is not JSON');
    }
    if (!record.encrypted) return { payload: body };
    const decrypted = decryptRequest(body, this.jweKeys);
    if (!decrypted.ok) throw new BadRequest(`encrypted body refused: ${decrypted.reason}`);
    return { payload: decrypted.payload, encryptWith: { clientKey: this.jweKeys.get(decrypted.kid)!, requestProtected: decrypted.protectedHeader } };
  }

  /** Loopback-only, token-protected: inspect what was received and script faults. */
  private async control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const reply = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (!isLoopbackAddress(req.socket.remoteAddress) || req.headers.authorization !== `Bearer ${this.token}`) {
      req.resume();
      reply(403, { message: 'Forbidden' });
      return;
    }
    if (req.method === 'GET' && path === '/__sandbox/requests') return reply(200, this.received);
    if (req.method === 'GET' && path === '/__sandbox/transactions') return reply(200, this.voice.all());
    if (req.method === 'GET' && path === '/__sandbox/faults') return reply(200, this.faults);
    if (req.method === 'GET' && path === '/__sandbox/hostile') return reply(200, this.hostileServed());
    if (req.method === 'GET' && path === '/__sandbox/auth') return reply(200, { clientId: this.auth.clientId, ...this.auth.stats() });
    if (req.method === 'POST' && path === '/__sandbox/auth/revoke') {
      req.resume();
      this.auth.revokeAll();
      return reply(200, { ok: true });
    }
    if (req.method === 'POST' && path === '/__sandbox/reset') {
      req.resume();
      this.reset();
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
      this.setFaults(parsed.data);
      return reply(200, this.faults);
    }
    req.resume();
    reply(404, { message: 'Not found' });
  }
}
