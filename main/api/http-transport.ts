/**
 * HTTP for the service client: one pooled keep-alive undici Agent, connect/headers/body
 * timeouts, streaming request bodies, and transport failures turned into ServiceErrors.
 * undici is loaded with the first request, not at start-up: it is most of main's code.
 */
import type { Readable } from 'node:stream';
import type * as UndiciModule from 'undici';
import type { Agent } from 'undici';
import { isRefusal, type Refusal } from '../core/refusal';
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
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
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

type Undici = typeof UndiciModule;

/**
 * A transport failure as a ServiceError; a refusal of the app's own (a file to send that no
 * longer reads back whole) stays what it is: it says nothing about the service.
 */
function toServiceError(undici: Undici | null, error: unknown, caller: AbortSignal | undefined, deadline: AbortSignal): ServiceError | Refusal {
  if (error instanceof ServiceError) return error;
  const own = [error, (error as { cause?: unknown } | null)?.cause].find(isRefusal);
  if (own) return own;
  if (caller?.aborted) return new ServiceError('cancelled', 'The request was cancelled.', { cause: error });
  if (deadline.aborted) return new ServiceError('timeout', MESSAGES.timeout, { cause: error });
  if (!undici) return new ServiceError('network', MESSAGES.network, { cause: error });
  const { errors } = undici;
  const timeouts = [errors.ConnectTimeoutError, errors.HeadersTimeoutError, errors.BodyTimeoutError];
  if (timeouts.some((type) => error instanceof type)) return new ServiceError('timeout', MESSAGES.timeout, { cause: error });
  if (error instanceof errors.ResponseExceededMaxSizeError) {
    return new ServiceError('malformed_response', MESSAGES.malformed('the answer is far too large'), { cause: error });
  }
  return new ServiceError('network', MESSAGES.network, { cause: error });
}

export class HttpTransport {
  private readonly options: TransportOptions;
  private readonly requestTimeoutMs: number;
  private undici: Undici | null = null;
  private agent: Agent | null = null;

  constructor(options: TransportOptions = {}) {
    this.options = options;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 15 * 60_000;
  }

  private async pool(): Promise<{ undici: Undici; agent: Agent }> {
    const undici = (this.undici ??= await import('undici'));
    // As a closed undici pool would: no new connections once closing has begun.
    if (this.closing) throw new undici.errors.ClientDestroyedError();
    const { options } = this;
    this.agent ??= new undici.Agent({
      connect: { timeout: options.connectTimeoutMs ?? 10_000 },
      headersTimeout: options.headersTimeoutMs ?? 60_000,
      bodyTimeout: options.bodyTimeoutMs ?? 60_000,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
      connections: options.connectionsPerOrigin ?? 8,
      maxResponseSize: MAX_RESPONSE_BYTES,
    });
    return { undici, agent: this.agent };
  }

  async send(req: TransportRequest): Promise<TransportResponse> {
    const deadline = AbortSignal.timeout(this.requestTimeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
    try {
      const { undici, agent } = await this.pool();
      const response = await undici.request(req.url, {
        dispatcher: agent,
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
      throw toServiceError(this.undici, error, req.signal, deadline);
    }
  }

  private closing: Promise<void> | null = null;

  /** Closes pooled connections; pending requests finish first. Safe to call twice. */
  close(): Promise<void> {
    this.closing ??= this.agent ? this.agent.close() : Promise.resolve();
    return this.closing;
  }
}

/** What callers need of a transport (a test answers with generated responses through it). */
export type Transport = Pick<HttpTransport, 'send' | 'close'>;
