/**
 * The embedded sandbox: the service's whole published interface on 127.0.0.1, with the
 * documented shapes and status codes, so the app works without credentials and every test
 * talks real HTTP. The areas of the interface are modules (voice, sessions, lab reports,
 * registration, sign-in); this server routes requests to them, checks tokens, keeps what it
 * received for tests to inspect (nothing of a request without a valid token), and encrypts
 * replies to encrypted requests. The faults it injects are decided by its fault pipeline
 * (sandbox-fault-pipeline.ts), scripted in tests or through its control endpoint
 * (sandbox-control.ts). Everything that has a time (token, OTP and session lives, processing
 * times, when a request came) reads the clock it is given (`now`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { systemClock, type Clock } from '../core/clock';
import { readBody, type ReceivedFile } from './request-body';
import { SandboxAuth, type AuthCounters } from './sandbox-auth';
import { answerControl, isControlPath, type ControlledSandbox } from './sandbox-control';
import { FaultPipeline, NOT_FOUND, seededRandom } from './sandbox-fault-pipeline';
import { DEFAULT_FAULTS, faultsSchema, type SandboxFaults } from './sandbox-faults';
import { decryptRequest, encryptResponse } from './sandbox-jwe';
import { SandboxHealthRecord } from './sandbox-health-record';
import { SandboxLabReports } from './sandbox-lab-reports';
import { SandboxRegistration } from './sandbox-registration';
import type { SandboxTransaction } from './sandbox-results';
import { matches, type ReceivedRequest, type RouteContext, type SandboxArea, type SandboxRoute } from './sandbox-routes';
import { BadRequest, type Reply } from './sandbox-reply';
import { SandboxSessions, type SandboxDocument } from './sandbox-sessions';
import { SandboxVisitDocuments } from './sandbox-visit-documents';
import { SandboxVoice } from './sandbox-voice';

export type { ReceivedFile, ReceivedRequest, SandboxFaults };

const MAX_JSON_BYTES = 24 * 1024 * 1024;
const MAX_SIGN_IN_BYTES = 64 * 1024;
const RECEIVED_LIMIT = 2_000;

type AuthOperation = 'login' | 'refreshToken';

export interface SandboxOptions {
  port?: number;
  token?: string;
  /** Encryption keys the sandbox accepts: kid → client key (16 bytes). */
  jweKeys?: Record<string, string>;
  faults?: Partial<SandboxFaults>;
  /** Where the `dropRate` and `serverErrorRate` draws come from; by default `seededRandom(seed)` with a `seed`, else Math.random. */
  random?: () => number;
  /** Makes the rates' draws repeatable (see `reseed`). */
  seed?: number;
  /** The sandbox's clock (the system's by default): lives, processing times and latency; a test moves it to let them pass at once. */
  clock?: Clock;
  /** Whether the control endpoint (/__sandbox/…: faults, what was received) answers; off in a release build's embedded sandbox. Default on. */
  control?: boolean;
  /** The test client's id and secret (random by default); given to restart a sandbox as the same service. */
  clientCredentials?: { clientId: string; clientSecret: string };
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
  private readonly now: () => number;
  private readonly voice: SandboxVoice;
  private readonly sessions: SandboxSessions;
  private readonly healthRecord: SandboxHealthRecord;
  private readonly areas: SandboxArea[];
  private readonly routes: SandboxRoute[];
  private readonly pipeline: FaultPipeline;
  private readonly jweKeys: Map<string, string>;
  private readonly sockets = new Set<Socket>();
  private readonly auth: SandboxAuth;
  /** What the control endpoint may see and change; null where there is none (a release build). */
  private readonly control: ControlledSandbox | null;
  private server: Server | null = null;
  private port = 0;

  private constructor(options: SandboxOptions) {
    this.token = options.token ?? `sandbox-${randomBytes(24).toString('base64url')}`;
    this.faults = { ...DEFAULT_FAULTS, ...options.faults };
    const clock = options.clock ?? systemClock;
    this.now = () => clock.now();
    this.jweKeys = new Map(Object.entries(options.jweKeys ?? {}));
    this.pipeline = new FaultPipeline(() => this.faults, options.random ?? (options.seed === undefined ? Math.random : seededRandom(options.seed)), clock);
    this.auth = new SandboxAuth(this.token, () => this.faults, options.clientCredentials, this.now);
    this.voice = new SandboxVoice(this.now);
    this.sessions = new SandboxSessions(() => this.faults, this.now);
    this.healthRecord = new SandboxHealthRecord(this.now);
    this.areas = [this.voice, this.sessions, new SandboxVisitDocuments(this.sessions, () => this.faults, this.now), new SandboxLabReports(this.now), new SandboxRegistration(this.now), this.healthRecord];
    this.routes = this.areas.flatMap((area) => area.routes);
    this.control = (options.control ?? true) ? this.controlled() : null;
  }

  static async start(options: SandboxOptions = {}): Promise<SandboxServer> {
    const sandbox = new SandboxServer(options);
    await sandbox.listen(options.port ?? 0);
    return sandbox;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
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

  /** Open TCP connections from clients (keep-alive ones included). */
  openConnections(): number {
    return this.sockets.size;
  }

  setFaults(faults: Partial<SandboxFaults>): void {
    this.faults = { ...this.faults, ...faultsSchema.partial().parse(faults) };
  }

  /** The `dropRate` and `serverErrorRate` draws start again from `seed`: the same requests in the same order meet the same faults. */
  reseed(seed: number): void {
    this.pipeline.useRandom(seededRandom(seed));
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

  /** What it holds of a transcription session: the part numbers received, whether it is ended, its format. */
  transcriptionSession(sessionId: string): ReturnType<SandboxSessions['session']> {
    return this.sessions.session(sessionId);
  }

  /** What a transcription session was told of its patient (tests); null: nothing. */
  sessionPatientDetails(sessionId: string): Record<string, string> | null | undefined {
    return this.sessions.patientDetails(sessionId);
  }

  /** A document saved to a session (a corrected note), with its Markdown. */
  sessionDocument(documentId: string): SandboxDocument | undefined {
    return this.sessions.document(documentId);
  }

  /** The documents saved to a session, oldest first. */
  sessionDocuments(sessionId: string): SandboxDocument[] {
    return this.sessions.documentsOf(sessionId);
  }

  /** The patients its directory holds, and the care contexts linked or being linked (tests). */
  healthRecords(): { patients: ReturnType<SandboxHealthRecord['allPatients']>; careContexts: ReturnType<SandboxHealthRecord['allCareContexts']> } {
    return { patients: this.healthRecord.allPatients(), careContexts: this.healthRecord.allCareContexts() };
  }

  /** How many hostile answers it gave, by `operation/kind`. */
  hostileServed(): Record<string, number> {
    return this.pipeline.hostileServed();
  }

  reset(): void {
    this.pipeline.reset();
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

  /** What the control endpoint reads and changes. */
  private controlled(): ControlledSandbox {
    return {
      token: this.token,
      received: this.received,
      transactions: () => this.voice.all(),
      faults: () => this.faults,
      setFaults: (faults) => this.setFaults(faults),
      hostileServed: () => this.hostileServed(),
      auth: () => ({ clientId: this.auth.clientId, ...this.auth.stats() }),
      revokeTokens: () => this.revokeTokens(),
      reset: () => this.reset(),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    if (this.control && isControlPath(path)) {
      await answerControl(this.control, req, res, path);
      return;
    }
    const authOperation = authRoute(req.method ?? 'GET', path);
    if (authOperation) {
      await this.authenticate(authOperation, req, res);
      return;
    }
    const route = this.routes.find((candidate) => matches(candidate, req.method ?? 'GET', path)) ?? null;
    const open = route?.open === true;
    const tokenOk = route !== null && (open || this.auth.check(req.headers.authorization) === 'valid');
    const record = this.recordOf(req, url, route, tokenOk);
    // Nothing is kept of a request without a valid token.
    if (tokenOk) {
      this.received.push(record);
      if (this.received.length > RECEIVED_LIMIT) this.received.shift();
    }

    const verdict = await this.pipeline.decide(req, { kind: 'api', route, tokenOk });
    if (verdict.action === 'drop') {
      req.socket.destroy();
      return;
    }
    // Without a route the pipeline has answered already (404); the check is for the type.
    if (verdict.action === 'answer' || !route) {
      req.resume();
      this.send(res, verdict.action === 'answer' ? verdict.reply : NOT_FOUND, record);
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
    this.send(res, reply, record);
  }

  /** What is kept of a request: its operation, address, query and headers, the bearer token replaced by whether it was good. */
  private recordOf(req: IncomingMessage, url: URL, route: SandboxRoute | null, tokenOk: boolean): ReceivedRequest {
    const open = route?.open === true;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      headers[name] = name !== 'authorization' ? String(value) : open ? '[a token, where none belongs]' : tokenOk ? '[valid token]' : '[other token]';
    }
    const query: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
    return {
      at: this.now(),
      operation: route?.operation ?? 'unknown',
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      headers,
      encrypted: req.headers['x-encryption'] === 'JWE',
    };
  }

  /** Sign-in and renewal: nothing of these requests is kept (they carry the client secret and tokens). */
  private async authenticate(operation: AuthOperation, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const verdict = await this.pipeline.decide(req, { kind: 'sign-in' });
    if (verdict.action === 'drop') {
      req.socket.destroy();
      return;
    }
    // The body is read before any answer, as the service reads it, scripted answers included.
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, MAX_SIGN_IN_BYTES)).toString('utf8'));
    } catch {
      body = undefined;
    }
    if (verdict.action === 'answer') {
      this.send(res, verdict.reply);
      return;
    }
    const reply =
      operation === 'login'
        ? this.auth.login(body)
        : this.auth.refresh({ authorization: req.headers.authorization, clientId: String(req.headers['client-id'] ?? '') }, body);
    this.send(res, reply);
  }

  /** Sends a reply; `record`, what is kept of the request, notes its status. */
  private send(res: ServerResponse, reply: Reply, record?: ReceivedRequest): void {
    if (record) record.status = reply.status;
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
}
