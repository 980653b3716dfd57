/**
 * One request to the service, done right once for every operation: the address checked
 * (https, or loopback), the bearer token (renewed and the request replayed once after a
 * 401), the account headers, JWE on the way out and back, and helpers to check answers.
 */
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Clock } from '../core/clock';
import type { TokenSource } from './token-source';
import { HttpTransport, type Transport, type TransportOptions, type TransportResponse } from './http-transport';
import { decryptResponse, deriveJweKey, encryptJson, encryptedResponseSchema, looksEncrypted, type JweKey } from './jwe';
import { multipartFileBody } from './multipart-body';
import { isRetryableStatus, parseRetryAfter } from './retry-policy';
import { MESSAGES, ServiceError, rateLimitMessage } from './service-error';
import { serviceText } from './service-text';
import { assertPresignedAllowed, assertTransportAllowed, serviceUrl } from './service-url';
import type { UploadSource } from './upload-source';

export interface ServiceConfig {
  baseUrl: string;
  /** Bearer tokens: renewed by a signed-in session, or a fixed token. */
  auth: TokenSource;
  /** Sent as X-Pt-Id on calls that concern no patient of the clinic (a call about one says its patient: CallOptions.patient). */
  userOid?: string;
  partnerUserId?: string;
  partnerHipId?: string;
  /** The client id the app signed in with, for the operations that ask for it (`client-id`); absent with a fixed token. */
  clientId?: string;
  /** Payload encryption; null or absent means plain requests. */
  jwe?: { clientKey: string; kid: string } | null;
}

export type Progress = (sentBytes: number, totalBytes: number) => void;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT';

export interface CallOptions {
  method: HttpMethod;
  path: string;
  query?: Array<[string, string]>;
  headers?: Record<string, string>;
  /** Makes the body; called again when the request is replayed with a renewed token. */
  body?: () => string | Buffer | Readable;
  signal?: AbortSignal;
  /** The request's JWE protected header, to verify an encrypted answer that omits its own. */
  requestProtected?: string | null;
  /** The patient the call is about: their ids alone go as X-Pt-Id and X-Partner-Pt-Id (none when null), never the settings' account-wide ones. */
  patient?: PatientHeaders;
}

export interface PatientHeaders {
  /** The patient's id at the service (its OID); null when they have none there. */
  servicePatientId: string | null;
  /** The clinic's own id for the patient. */
  partnerPatientId: string | null;
  /** The clinic as a health information provider, where the call is for the health exchange. */
  hipId?: string | null;
}

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  /** The body as received, for binary answers. */
  bytes: Buffer;
  /** The body parsed as JSON (decrypted when it was encrypted); undefined when empty or not JSON. */
  json: unknown;
  /** When it came, on the client's clock: what a Retry-After date is counted from. */
  receivedAt: number;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at "${serviceText(issue.path.map(String).join('.'), 120)}"` : '';
    throw new ServiceError('malformed_response', MESSAGES.malformed(`${what}${where}`));
  }
  return parsed.data;
}

/** Answers every operation treats alike: 401, 403, 408, 429 and 5xx without a documented body. */
export function commonFailure(answer: Answer): ServiceError | null {
  const retryAfterMs = parseRetryAfter(answer.headers['retry-after'], answer.receivedAt);
  switch (true) {
    case answer.status === 401:
      return new ServiceError('unauthorized', MESSAGES.unauthorized, { status: 401 });
    case answer.status === 403:
      return new ServiceError('forbidden', MESSAGES.forbidden, { status: 403 });
    case answer.status === 408:
      return new ServiceError('timeout', MESSAGES.timeout, { status: 408, retryAfterMs });
    case answer.status === 429:
      return new ServiceError('rate_limited', rateLimitMessage(retryAfterMs), { status: 429, retryAfterMs });
    case isRetryableStatus(answer.status):
      return new ServiceError('server_error', MESSAGES.server(answer.status), { status: answer.status, retryAfterMs });
    default:
      return null;
  }
}

export function unexpected(answer: Answer): ServiceError {
  return new ServiceError('malformed_response', MESSAGES.malformed(`unexpected HTTP status ${answer.status}`), { status: answer.status });
}

export function chunked(buffer: Buffer, onProgress?: Progress): Readable {
  async function* slices(): AsyncGenerator<Buffer> {
    const size = 256 * 1024;
    for (let offset = 0; offset < buffer.length; offset += size) {
      const chunk = buffer.subarray(offset, offset + size);
      yield chunk;
      onProgress?.(offset + chunk.length, buffer.length);
    }
  }
  return Readable.from(slices(), { objectMode: false });
}

/** X-Pt-Id, X-Partner-Pt-Id and X-Hip-Id: the patient's own when the call is about one, else the settings'. */
function accountHeaders(config: ServiceConfig, patient: PatientHeaders | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const userOid = patient ? patient.servicePatientId : config.userOid;
  const partnerUserId = patient ? patient.partnerPatientId : config.partnerUserId;
  const hipId = patient?.hipId ?? config.partnerHipId;
  if (userOid) headers['x-pt-id'] = userOid;
  if (partnerUserId) headers['x-partner-pt-id'] = partnerUserId;
  if (hipId) headers['x-hip-id'] = hipId;
  return headers;
}

export class ServiceCaller {
  private readonly transport: Transport;

  constructor(
    /** Awaited before every request: the embedded sandbox may still be starting. */
    private readonly config: () => ServiceConfig | Promise<ServiceConfig>,
    private readonly clock: Pick<Clock, 'now'>,
    transportOptions: TransportOptions = {},
    transport?: Transport,
  ) {
    this.transport = transport ?? new HttpTransport(transportOptions);
  }

  /** The client id the app signed in with, or null (a fixed token). */
  async clientId(): Promise<string | null> {
    return (await this.config()).clientId || null;
  }

  async jweKey(): Promise<JweKey | null> {
    const { jwe } = await this.config();
    return jwe ? deriveJweKey(jwe.clientKey, jwe.kid) : null;
  }

  /**
   * One request with a bearer token. A 401 is answered by renewing the token (one renewal
   * shared by every waiting request) and replaying the request once, never more.
   */
  async call(options: CallOptions): Promise<Answer> {
    const config = await this.config();
    const url = serviceUrl(config.baseUrl, options.path, options.query);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...accountHeaders(config, options.patient) };
    const send = (token: string): Promise<TransportResponse> =>
      this.transport.send({ method: options.method, url, headers: { ...headers, authorization: `Bearer ${token}` }, body: options.body?.(), signal: options.signal });

    const token = await config.auth.token(options.signal);
    let response = await send(token);
    if (response.status === 401) {
      const renewed = await config.auth.renewAfterRejection(token, options.signal);
      if (renewed !== null) {
        response = await send(renewed);
        // A token issued a moment ago refused too: the sign-in worked, so this is not one for the user to mend.
        if (response.status === 401) throw new ServiceError('server_error', MESSAGES.freshTokenRefused, { status: 401 });
      }
    }
    let json = parseJson(response.text);
    if (looksEncrypted(json)) {
      const key = config.jwe ? deriveJweKey(config.jwe.clientKey, config.jwe.kid) : null;
      if (!key) throw new ServiceError('encryption', 'The service sent an encrypted answer, but no encryption key is set. Set it in Settings.');
      json = await decryptResponse(check(encryptedResponseSchema, json, 'encrypted answer'), key.secret, options.requestProtected ?? null);
    } else if (options.requestProtected && response.status >= 200 && response.status < 300) {
      // An encrypted request's answer must be encrypted too: a plain one may have been swapped on the way.
      throw new ServiceError('encryption', MESSAGES.plainAnswer, { status: response.status });
    }
    return { ...response, json, receivedAt: this.clock.now() };
  }

  /** The service's address now, as answers about it are kept (its base URL without a trailing slash). */
  async serviceAddress(): Promise<string> {
    const { baseUrl } = await this.config();
    assertTransportAllowed(baseUrl);
    return baseUrl.replace(/\/+$/, '');
  }

  /**
   * A request to the service that needs no sign-in (discovery): no token, no account headers.
   * `address` (serviceAddress) pins the service asked, for an answer kept for that one.
   */
  async callWithoutToken(options: Omit<CallOptions, 'requestProtected'>, address?: string): Promise<Answer> {
    const config = await this.config();
    return this.sendWithoutToken(serviceUrl(address ?? config.baseUrl, options.path, options.query), options);
  }

  /**
   * A request to an address the service handed out (a presigned upload or download URL):
   * https (plain http only to the service's own origin on this computer, the built-in
   * sandbox: presignedAddressProblem), and sent without the bearer token or account headers,
   * which are for the service alone.
   */
  async callPresigned(url: string, options: Omit<CallOptions, 'path' | 'query' | 'requestProtected'>): Promise<Answer> {
    await this.checkPresigned(url);
    return this.sendWithoutToken(new URL(url), options);
  }

  /** Throws the refusal (code `address_refused`) of an address the service handed out that may not be used. */
  async checkPresigned(url: string): Promise<void> {
    assertPresignedAllowed(url, await this.serviceAddress());
  }

  private async sendWithoutToken(url: URL, options: Omit<CallOptions, 'path' | 'query' | 'requestProtected'>): Promise<Answer> {
    const response = await this.transport.send({ method: options.method, url, headers: { accept: 'application/json', ...options.headers }, body: options.body?.(), signal: options.signal });
    return { ...response, json: parseJson(response.text), receivedAt: this.clock.now() };
  }

  /** A JSON body, encrypted when encryption is configured. */
  async jsonBody(payload: unknown): Promise<Pick<CallOptions, 'body' | 'headers' | 'requestProtected'>> {
    const key = await this.jweKey();
    if (!key) {
      const text = JSON.stringify(payload);
      return { body: () => text, headers: { 'content-type': 'application/json' } };
    }
    const envelope = await encryptJson(payload, key);
    const text = JSON.stringify(envelope);
    return {
      body: () => text,
      headers: { 'content-type': 'application/json', 'x-encryption': 'JWE' },
      requestProtected: envelope.protected,
    };
  }

  /** A file as multipart field `file`, the one way both uploads send one in the clear. */
  fileUpload(path: string, query: Array<[string, string]>, file: UploadSource, onProgress?: Progress, signal?: AbortSignal): CallOptions {
    const multipart = multipartFileBody('file', file, onProgress);
    return {
      method: 'POST',
      path,
      query,
      headers: { 'content-type': multipart.contentType, 'content-length': String(multipart.contentLength) },
      body: multipart.body,
      signal,
    };
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
