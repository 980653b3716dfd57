/**
 * HTTP for the service client: one pooled keep-alive undici Agent, connect/headers/body
 * timeouts, streaming request bodies, and transport failures turned into ServiceErrors.
 */
import type { Readable } from 'node:stream';
import { Agent, errors, request } from 'undici';
import { MESSAGES, ServiceError } from './service-error';

export interface TransportOptions {
  connectTimeoutMs?: number;
  /** Time to wait for the answer's headers once the request is sent. */
  headersTimeoutMs?: number;
  /** Longest silence while a body is being received. */
  bodyTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  connectionsPerOrigin?: number;
  /** Longest a whole exchange may take, upload included. */
  requestTimeoutMs?: number;
}

export interface TransportRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string | Buffer | Readable;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  /** The body as received, for binary answers (an image). */
  bytes: Buffer;
}

const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

const TIMEOUT_ERRORS = [errors.ConnectTimeoutError, errors.HeadersTimeoutError, errors.BodyTimeoutError];

function toServiceError(error: unknown, caller: AbortSignal | undefined, deadline: AbortSignal): ServiceError {
  if (error instanceof ServiceError) return error;
  if (caller?.aborted) return new ServiceError('cancelled', 'The request was cancelled.', { cause: error });
  if (deadline.aborted) return new ServiceError('timeout', MESSAGES.timeout, { cause: error });
  if (TIMEOUT_ERRORS.some((type) => error instanceof type)) return new ServiceError('timeout', MESSAGES.timeout, { cause: error });
  if (error instanceof errors.ResponseExceededMaxSizeError) {
    return new ServiceError('malformed_response', MESSAGES.malformed('the answer is far too large'), { cause: error });
  }
  return new ServiceError('network', MESSAGES.network, { cause: error });
}

export class HttpTransport {
  private readonly agent: Agent;
  private readonly requestTimeoutMs: number;

  constructor(options: TransportOptions = {}) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 15 * 60_000;
    this.agent = new Agent({
      connect: { timeout: options.connectTimeoutMs ?? 10_000 },
      headersTimeout: options.headersTimeoutMs ?? 60_000,
      bodyTimeout: options.bodyTimeoutMs ?? 60_000,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
      connections: options.connectionsPerOrigin ?? 8,
      maxResponseSize: MAX_RESPONSE_BYTES,
    });
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    const deadline = AbortSignal.timeout(this.requestTimeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
    try {
      const response = await request(req.url, {
        dispatcher: this.agent,
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal,
      });
      const bytes = Buffer.from(await response.body.arrayBuffer());
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      return { status: response.statusCode, headers, text: bytes.toString('utf8'), bytes };
    } catch (error) {
      throw toServiceError(error, req.signal, deadline);
    }
  }

  private closing: Promise<void> | null = null;

  /** Closes pooled connections; pending requests finish first. Safe to call twice. */
  close(): Promise<void> {
    this.closing ??= this.agent.close();
    return this.closing;
  }
}

/** What callers need of a transport (a test answers with generated responses through it). */
export type Transport = Pick<HttpTransport, 'send' | 'close'>;
