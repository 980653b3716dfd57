/**
 * The embedded sandbox: the service's whole published interface on 127.0.0.1, with the
 * documented shapes and status codes, so the app works without credentials and every test
 * talks real HTTP. It keeps what it received for tests to inspect, and a loopback-only
 * control endpoint (/__sandbox/…) scripts faults.
 *
 * Deterministic cases: a txn id starting with `sandbox-partial-` ends 206 (partial), one
 * starting with `sandbox-fail-` ends 500 (system_error); `nextOutcomes` does the same for
 * the next uploads. An Aadhaar number starting with 9999 gets an upstream (ABDM-1100) error.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { aadhaarProblem } from '../../contract/aadhaar';
import { additionalData, sandboxOutputs, type SandboxOutcome, type SandboxTransaction } from './sandbox-results';
import { documentKindOf } from '../../contract/document-kind';
import { MAX_RECORD_BYTES } from '../../contract/limits';
import { BadRequest, readBody, readMultipartFile, type ReceivedFile } from './request-body';
import { SandboxAuth, type AuthCounters } from './sandbox-auth';
import { DEFAULT_FAULTS, faultsSchema, type SandboxFaults } from './sandbox-faults';
import { decryptRequest, encryptResponse } from './sandbox-jwe';

export type { ReceivedFile, SandboxFaults };

const MAX_JSON_BYTES = 24 * 1024 * 1024;
const MAX_AUDIO_BYTES = 512 * 1024 * 1024;
const MAX_RESENDS = 3;
const RECEIVED_LIMIT = 2_000;

export interface ReceivedRequest {
  at: number;
  operation: Operation | 'unknown';
  method: string;
  path: string;
  query: Record<string, string[]>;
  /** Request headers; the bearer token is replaced by whether it matched. */
  headers: Record<string, string>;
  encrypted: boolean;
  /** The JSON body after decryption, for JSON operations. */
  json?: unknown;
  file?: ReceivedFile;
  status?: number;
}

type Operation = 'voiceUpload' | 'resultLookup' | 'recordUpload' | 'registrationInit' | 'registrationResend';
type AuthOperation = 'login' | 'refreshToken';

export interface SandboxOptions {
  port?: number;
  token?: string;
  /** Encryption keys the sandbox accepts: kid → client key (16 bytes). */
  jweKeys?: Record<string, string>;
  faults?: Partial<SandboxFaults>;
  random?: () => number;
  /** The test client's id and secret (random by default); given to restart a sandbox as the same service. */
  clientCredentials?: { clientId: string; clientSecret: string };
}

interface Reply {
  status: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Encrypt a JSON reply with this key (the request was encrypted). */
  encryptWith?: { clientKey: string; requestProtected: string };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const UNAUTHORIZED: Record<Operation, Reply> = {
  voiceUpload: { status: 401, json: { message: 'Unauthorized' } },
  resultLookup: { status: 401, json: { error: 'Unauthorized', message: 'Invalid or missing authentication token' } },
  recordUpload: { status: 401, json: { message: 'Unauthorized' } },
  registrationInit: { status: 401, json: { code: 401, error: 'Unauthorized', source_error: { code: '', message: '' } } },
  registrationResend: { status: 401, json: { code: 401, error: 'Unauthorized', source_error: { code: '', message: '' } } },
};

function authRoute(method: string, path: string): AuthOperation | null {
  if (method === 'POST' && path === '/connect-auth/v1/account/login') return 'login';
  if (method === 'POST' && path === '/connect-auth/v1/account/refresh-token') return 'refreshToken';
  return null;
}

/** What the sandbox keeps of a received Aadhaar number: the last four digits. */
function maskAadhaarField(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || !('aadhaar_number' in payload)) return payload;
  const number = String((payload as { aadhaar_number: unknown }).aadhaar_number);
  return { ...payload, aadhaar_number: `XXXXXXXX${number.slice(-4)}` };
}

function route(method: string, path: string): Operation | null {
  if (method === 'POST' && path === '/voice/upload') return 'voiceUpload';
  if (method === 'GET' && /^\/voice\/api\/v3\/status\/[^/]+$/.test(path)) return 'resultLookup';
  if (method === 'POST' && path === '/mr/api/v2/docs') return 'recordUpload';
  if (method === 'POST' && path === '/abdm/na/v1/registration/aadhaar/init') return 'registrationInit';
  if (method === 'POST' && path === '/abdm/na/v1/registration/aadhaar/resend') return 'registrationResend';
  return null;
}

function registrationError(status: number, error: string, sourceCode: string, sourceMessage: string): Reply {
  return { status, json: { code: status, error, source_error: { code: sourceCode, message: sourceMessage } } };
}

export class SandboxServer {
  readonly token: string;
  readonly received: ReceivedRequest[] = [];
  private faults: SandboxFaults;
  private readonly transactions = new Map<string, SandboxTransaction>();
  private readonly registrations = new Map<string, { resends: number; mobileTail: string }>();
  private readonly jweKeys: Map<string, string>;
  private readonly sockets = new Set<Socket>();
  private readonly random: () => number;
  private readonly auth: SandboxAuth;
  private server: Server | null = null;
  private port = 0;

  private constructor(options: SandboxOptions) {
    this.token = options.token ?? `sandbox-${randomBytes(24).toString('base64url')}`;
    this.faults = { ...DEFAULT_FAULTS, ...options.faults };
    this.jweKeys = new Map(Object.entries(options.jweKeys ?? {}));
    this.random = options.random ?? Math.random;
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
    return this.transactions.get(txnId)?.uploads ?? 0;
  }

  transaction(txnId: string): SandboxTransaction | undefined {
    return this.transactions.get(txnId);
  }

  reset(): void {
    this.faults = { ...DEFAULT_FAULTS };
    this.received.length = 0;
    this.transactions.clear();
    this.registrations.clear();
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
    if (path.startsWith('/__sandbox/')) {
      await this.control(req, res, path);
      return;
    }
    const authOperation = authRoute(req.method ?? 'GET', path);
    if (authOperation) {
      await this.authenticate(authOperation, req, res);
      return;
    }
    const operation = route(req.method ?? 'GET', path);
    const tokenOk = operation !== null && this.auth.check(req.headers.authorization) === 'valid';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = name === 'authorization' ? (tokenOk ? '[valid token]' : '[other token]') : String(value);
    }
    const query: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) (query[name] ??= []).push(value);
    const record: ReceivedRequest = {
      at: Date.now(),
      operation: operation ?? 'unknown',
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
    if (!operation) {
      req.resume();
      this.send(res, record, { status: 404, json: { message: 'Not found' } });
      return;
    }
    if (!tokenOk || this.faults.unauthorized) {
      req.resume();
      this.send(res, record, UNAUTHORIZED[operation]);
      return;
    }
    let reply: Reply;
    try {
      reply = await this.operate(operation, req, url, record);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      reply = operation === 'recordUpload' ? { status: 400, text: 'Invalid form data.' } : { status: 400, json: { message: `Bad request: ${error.message}` } };
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
    const reply =
      operation === 'login'
        ? this.auth.login(body)
        : this.auth.refresh({ authorization: req.headers.authorization, clientId: String(req.headers['client-id'] ?? '') }, body);
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
  }

  /** A one-off answer scripted through the control endpoint, if any is due. */
  private scriptedAnswer(): Reply | null {
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

  private operate(operation: Operation, req: IncomingMessage, url: URL, record: ReceivedRequest): Promise<Reply> {
    switch (operation) {
      case 'voiceUpload':
        return this.voiceUpload(req, url, record);
      case 'resultLookup':
        return Promise.resolve(this.resultLookup(decodeURIComponent(url.pathname.split('/').pop() ?? '')));
      case 'recordUpload':
        return this.recordUpload(req, url, record);
      case 'registrationInit':
        return this.registrationInit(req, record);
      case 'registrationResend':
        return this.registrationResend(req, record);
    }
  }

  private async voiceUpload(req: IncomingMessage, url: URL, record: ReceivedRequest): Promise<Reply> {
    const mode = url.searchParams.get('mode');
    const txnId = url.searchParams.get('txnid');
    const files = await readMultipartFile(req, MAX_AUDIO_BYTES);
    const file = files.find((candidate) => candidate.field === 'file');
    if (file) record.file = { field: file.field, name: file.name, contentType: file.contentType, size: file.size, sha256: file.sha256 };
    if (mode !== 'dictation' && mode !== 'consultation') throw new BadRequest('mode must be dictation or consultation');
    if (!txnId) throw new BadRequest('txnid is required');
    if (!file || file.size === 0) throw new BadRequest('the audio file (field "file") is missing or empty');
    const existing = this.transactions.get(txnId);
    if (existing) {
      existing.uploads += 1;
    } else {
      this.transactions.set(txnId, {
        txnId,
        mode,
        uploads: 1,
        uploadedAt: Date.now(),
        audioBytes: file.size,
        audioSha256: file.sha256,
        outcome: this.outcomeFor(txnId),
      });
    }
    return { status: 200, json: { message: 'Upload successful!', filename: file.name } };
  }

  private outcomeFor(txnId: string): SandboxOutcome {
    if (txnId.startsWith('sandbox-partial-')) return 'partial';
    if (txnId.startsWith('sandbox-fail-')) return 'failed';
    return this.faults.nextOutcomes.shift() ?? 'success';
  }

  private resultLookup(txnId: string): Reply {
    const txn = this.transactions.get(txnId);
    if (!txn) return { status: 400, json: { error: { code: 'transaction_not_found', msg: "Transaction doesn't exist" } } };
    if (Date.now() - txn.uploadedAt < this.faults.processingMs) {
      return { status: 202, json: { data: { output: [], additional_data: additionalData(txn) } } };
    }
    if (txn.outcome === 'failed') return { status: 500, json: { error: { code: 'system_error', msg: 'Error in generating output file' } } };
    const data = { output: sandboxOutputs(txn), additional_data: additionalData(txn) };
    return { status: txn.outcome === 'partial' ? 206 : 200, json: { data } };
  }

  private async recordUpload(req: IncomingMessage, url: URL, record: ReceivedRequest): Promise<Reply> {
    const tasks = url.searchParams.getAll('task');
    const batch = url.searchParams.get('batch');
    let content: { head: Buffer; size: number; tooLarge: boolean };
    let encryptWith: Reply['encryptWith'];
    if (record.encrypted) {
      const { payload, encryptWith: key } = await this.readJson(req, record);
      encryptWith = key;
      const file = z.object({ file: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) }).safeParse(payload);
      if (!file.success) throw new BadRequest('encrypted payload has no base64 "file"');
      const bytes = Buffer.from(file.data.file, 'base64');
      record.file = { field: 'file', name: '', contentType: 'application/json+jwe', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
      content = { head: bytes.subarray(0, 16), size: bytes.length, tooLarge: bytes.length > MAX_RECORD_BYTES };
    } else {
      const files = await readMultipartFile(req, MAX_RECORD_BYTES);
      const file = files.find((candidate) => candidate.field === 'file');
      if (!file || files.length !== 1) throw new BadRequest('exactly one "file" field is required');
      record.file = { field: file.field, name: file.name, contentType: file.contentType, size: file.size, sha256: file.sha256 };
      content = file;
    }
    if (this.faults.forbidRecords) return { status: 403, json: { message: 'Forbidden' }, encryptWith };
    const validTasks = tasks.length > 0 && tasks.every((task) => task === 'smart' || task === 'pii' || task === 'classification');
    if (url.searchParams.get('dt') !== 'lr' || !validTasks || (batch !== null && batch !== 'true' && batch !== 'false')) {
      throw new BadRequest('query parameters');
    }
    if (content.size === 0 || content.tooLarge || documentKindOf(content.head) === null) throw new BadRequest('file');
    return { status: 200, json: { document_id: randomUUID() }, encryptWith };
  }

  private async registrationInit(req: IncomingMessage, record: ReceivedRequest): Promise<Reply> {
    const { payload, encryptWith } = await this.readJson(req, record);
    record.json = maskAadhaarField(payload);
    const body = z.object({ aadhaar_number: z.string() }).safeParse(payload);
    const number = body.success ? body.data.aadhaar_number : '';
    if (!body.success || aadhaarProblem(number)) {
      return { ...registrationError(400, 'Validation failed', 'ABDM-1010', 'Invalid Aadhaar number.'), encryptWith };
    }
    if (number.startsWith('9999')) {
      return {
        ...registrationError(
          500,
          'Something went wrong',
          'ABDM-1100',
          'You have requested multiple OTPs Or Exceeded maximum number of attempts for OTP match in this transaction. Please try again in 30 minutes.',
        ),
        encryptWith,
      };
    }
    const txnId = randomUUID();
    const mobileTail = String(parseInt(createHash('sha256').update(number).digest('hex').slice(0, 8), 16) % 100_000).padStart(5, '0');
    this.registrations.set(txnId, { resends: 0, mobileTail });
    return { status: 200, json: { hint: `OTP sent successfully to your mobile number ******${mobileTail}`, txn_id: txnId }, encryptWith };
  }

  private async registrationResend(req: IncomingMessage, record: ReceivedRequest): Promise<Reply> {
    const { payload, encryptWith } = await this.readJson(req, record);
    record.json = payload;
    const body = z.object({ txn_id: z.string() }).safeParse(payload);
    const registration = body.success ? this.registrations.get(body.data.txn_id) : undefined;
    if (!body.success || !registration) {
      return { ...registrationError(400, 'Invalid transaction', 'MIS-1026', 'Transaction is not found for UUID.'), encryptWith };
    }
    if (registration.resends >= MAX_RESENDS) {
      return {
        ...registrationError(
          429,
          'Too many requests',
          'ABDM-1100',
          'You have requested multiple OTPs Or Exceeded maximum number of attempts for OTP match in this transaction. Please try again in 30 minutes.',
        ),
        encryptWith,
      };
    }
    this.registrations.delete(body.data.txn_id);
    const txnId = randomUUID();
    this.registrations.set(txnId, { resends: registration.resends + 1, mobileTail: registration.mobileTail });
    return { status: 200, json: { hint: `OTP sent again to your mobile number ******${registration.mobileTail}`, txn_id: txnId }, encryptWith };
  }

  /** Loopback-only, token-protected: inspect what was received and script faults. */
  private async control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const reply = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || req.headers.authorization !== `Bearer ${this.token}`) {
      req.resume();
      reply(403, { message: 'Forbidden' });
      return;
    }
    if (req.method === 'GET' && path === '/__sandbox/requests') return reply(200, this.received);
    if (req.method === 'GET' && path === '/__sandbox/transactions') return reply(200, [...this.transactions.values()]);
    if (req.method === 'GET' && path === '/__sandbox/faults') return reply(200, this.faults);
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
