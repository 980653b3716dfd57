/**
 * One typed function per operation of the service. Every answer is validated; every
 * documented error becomes a ServiceError with a message a doctor can act on.
 */
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { RecordTask } from '../../contract/records';
import type { TranscriptionResult } from '../../contract/transcription';
import { HttpTransport, type TransportOptions, type TransportResponse } from './http-transport';
import { decryptResponse, deriveJweKey, encryptJson, encryptedResponseSchema, looksEncrypted, type JweKey } from './jwe';
import { multipartFileBody } from './multipart-body';
import { readWhole, type UploadSource } from './upload-source';
import {
  documentUploadSchema,
  lookupUnauthorizedSchema,
  messageSchema,
  registrationErrorSchema,
  registrationSchema,
  resultDataSchema,
  resultErrorSchema,
  voiceUploadSchema,
} from './response-schemas';
import { isRetryableStatus, parseRetryAfter } from './retry-policy';
import { MESSAGES, ServiceError } from './service-error';
import { serviceUrl } from './service-url';
import type { TokenSource } from '../service/token-source';
import { decodeContext, decodeOutputItem } from './transcription-output';

export const REGISTRY_PREFIX = 'abdm';
export type VoiceMode = 'dictation' | 'consultation';

export interface ServiceConfig {
  baseUrl: string;
  /** Bearer tokens: renewed by a signed-in session, or a fixed token. */
  auth: TokenSource;
  userOid?: string;
  partnerUserId?: string;
  partnerHipId?: string;
  /** Payload encryption; null or absent means plain requests. */
  jwe?: { clientKey: string; kid: string } | null;
}

export type Progress = (sentBytes: number, totalBytes: number) => void;

export interface VoiceUpload {
  mode: VoiceMode;
  txnId: string;
  file: UploadSource;
  onProgress?: Progress;
  signal?: AbortSignal;
}

export interface RecordUpload {
  file: UploadSource;
  documentType: 'lr';
  tasks: readonly RecordTask[];
  batch: boolean;
  onProgress?: Progress;
  signal?: AbortSignal;
}

export interface RegistrationOtp {
  /** The service's hint, e.g. "OTP sent successfully to your mobile number ******90973". */
  hint: string | null;
  txnId: string;
}

interface CallOptions {
  method: 'GET' | 'POST';
  path: string;
  query?: Array<[string, string]>;
  headers?: Record<string, string>;
  /** Makes the body; called again when the request is replayed with a renewed token. */
  body?: () => string | Buffer | Readable;
  signal?: AbortSignal;
  /** The request's JWE protected header, to verify an encrypted answer that omits its own. */
  requestProtected?: string | null;
}

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  /** The body parsed as JSON (decrypted when it was encrypted); undefined when empty or not JSON. */
  json: unknown;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at "${issue.path.join('.')}"` : '';
    throw new ServiceError('malformed_response', MESSAGES.malformed(`${what}${where}`));
  }
  return parsed.data;
}

/** Answers every operation treats alike: 401, 403, 408, 429 and 5xx without a documented body. */
function commonFailure(answer: Answer): ServiceError | null {
  const retryAfterMs = parseRetryAfter(answer.headers['retry-after']);
  switch (true) {
    case answer.status === 401:
      return new ServiceError('unauthorized', MESSAGES.unauthorized, { status: 401 });
    case answer.status === 403:
      return new ServiceError('forbidden', MESSAGES.forbidden, { status: 403 });
    case answer.status === 408:
      return new ServiceError('timeout', MESSAGES.timeout, { status: 408, retryAfterMs });
    case answer.status === 429:
      return new ServiceError('rate_limited', MESSAGES.rateLimited, { status: 429, retryAfterMs });
    case isRetryableStatus(answer.status):
      return new ServiceError('server_error', MESSAGES.server(answer.status), { status: answer.status, retryAfterMs });
    default:
      return null;
  }
}

function unexpected(answer: Answer): ServiceError {
  return new ServiceError('malformed_response', MESSAGES.malformed(`unexpected HTTP status ${answer.status}`), { status: answer.status });
}

function chunked(buffer: Buffer, onProgress?: Progress): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    const size = 256 * 1024;
    for (let offset = 0; offset < buffer.length; offset += size) {
      const chunk = buffer.subarray(offset, offset + size);
      yield chunk;
      onProgress?.(offset + chunk.length, buffer.length);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

const FAILURE_MESSAGES: Record<string, string> = {
  system_error: 'The service could not process this dictation (system error)',
  output_not_available: 'The service produced no output for this dictation',
};

export class ServiceClient {
  private readonly transport: HttpTransport;

  constructor(
    private readonly config: () => ServiceConfig,
    transportOptions: TransportOptions = {},
  ) {
    this.transport = new HttpTransport(transportOptions);
  }

  private jweKey(): JweKey | null {
    const jwe = this.config().jwe;
    return jwe ? deriveJweKey(jwe.clientKey, jwe.kid) : null;
  }

  /**
   * One request with a bearer token. A 401 is answered by renewing the token (one renewal
   * shared by every waiting request) and replaying the request once, never more.
   */
  private async call(options: CallOptions): Promise<Answer> {
    const config = this.config();
    const url = serviceUrl(config.baseUrl, options.path, options.query);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (config.userOid) headers['x-pt-id'] = config.userOid;
    if (config.partnerUserId) headers['x-partner-pt-id'] = config.partnerUserId;
    if (config.partnerHipId) headers['x-hip-id'] = config.partnerHipId;
    const send = (token: string): Promise<TransportResponse> =>
      this.transport.send({ method: options.method, url, headers: { ...headers, authorization: `Bearer ${token}` }, body: options.body?.(), signal: options.signal });

    const token = await config.auth.token(options.signal);
    let response = await send(token);
    if (response.status === 401) {
      const renewed = await config.auth.renewAfterRejection(token, options.signal);
      if (renewed !== null) response = await send(renewed);
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
    return { ...response, json };
  }

  /** A JSON body, encrypted when encryption is configured. */
  private async jsonBody(payload: unknown): Promise<Pick<CallOptions, 'body' | 'headers' | 'requestProtected'>> {
    const key = this.jweKey();
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
  private fileUpload(path: string, query: Array<[string, string]>, file: UploadSource, onProgress?: Progress, signal?: AbortSignal): CallOptions {
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

  /** POST /voice/upload?mode&txnid, the audio as multipart field `file`. */
  async uploadVoice(input: VoiceUpload): Promise<{ message: string; filename: string }> {
    const query: Array<[string, string]> = [
      ['mode', input.mode],
      ['txnid', input.txnId],
    ];
    const answer = await this.call(this.fileUpload('/voice/upload', query, input.file, input.onProgress, input.signal));
    if (answer.status === 200) return check(voiceUploadSchema, answer.json, 'voice upload confirmation');
    if (answer.status === 401) check(messageSchema, answer.json, 'unauthorized answer');
    throw commonFailure(answer) ?? unexpected(answer);
  }

  /** GET /voice/api/v3/status/<txn_id>. */
  async getTranscriptionResult(txnId: string, signal?: AbortSignal): Promise<TranscriptionResult> {
    const answer = await this.call({ method: 'GET', path: `/voice/api/v3/status/${encodeURIComponent(txnId)}`, signal });
    switch (answer.status) {
      case 200:
      case 202:
      case 206: {
        const body = answer.status === 202 && answer.json === undefined ? { data: { output: [], additional_data: {} } } : answer.json;
        const { data } = check(resultDataSchema, body, 'transcription result');
        const state = answer.status === 200 ? 'completed' : answer.status === 202 ? 'in_progress' : 'partial';
        return { state, outputs: data.output.map(decodeOutputItem), context: decodeContext(data.additional_data) };
      }
      case 400: {
        const { error } = check(resultErrorSchema, answer.json, 'error answer');
        if (error.code === 'transaction_not_found') {
          throw new ServiceError('not_found', 'The service has no transaction with this id (yet).', { status: 400, code: error.code });
        }
        throw new ServiceError('invalid_request', `The service refused the request: ${error.msg} (${error.code}).`, { status: 400, code: error.code });
      }
      case 401:
        check(lookupUnauthorizedSchema, answer.json, 'unauthorized answer');
        throw commonFailure(answer)!;
      case 500: {
        const parsed = resultErrorSchema.safeParse(answer.json);
        if (!parsed.success) throw commonFailure(answer)!;
        const { code, msg } = parsed.data.error;
        return { state: 'failed', code, message: `${FAILURE_MESSAGES[code] ?? 'The transcription failed'}: ${msg}` };
      }
      default:
        throw commonFailure(answer) ?? unexpected(answer);
    }
  }

  /** POST /mr/api/v2/docs?dt&task…&batch, multipart `file` or a JWE envelope of `{file: base64}`. */
  async uploadRecord(input: RecordUpload): Promise<{ documentId: string }> {
    if (input.tasks.length === 0) throw new ServiceError('invalid_request', 'Choose at least one parsing task.');
    const query: Array<[string, string]> = [['dt', input.documentType], ...input.tasks.map((task): [string, string] => ['task', task])];
    if (input.batch) query.push(['batch', 'true']);
    const key = this.jweKey();
    let request: CallOptions;
    if (key) {
      const envelope = await encryptJson({ file: (await readWhole(input.file)).toString('base64') }, key);
      const body = Buffer.from(JSON.stringify(envelope), 'utf8');
      request = {
        method: 'POST',
        path: '/mr/api/v2/docs',
        query,
        headers: { 'content-type': 'application/json', 'x-encryption': 'JWE', 'content-length': String(body.length) },
        body: () => chunked(body, input.onProgress),
        requestProtected: envelope.protected,
        signal: input.signal,
      };
    } else {
      request = this.fileUpload('/mr/api/v2/docs', query, input.file, input.onProgress, input.signal);
    }
    const answer = await this.call(request);
    if (answer.status === 200 || answer.status === 201) {
      return { documentId: check(documentUploadSchema, answer.json, 'upload confirmation').document_id };
    }
    if (answer.status === 400) {
      const text = answer.text.trim();
      const detail = text === '' || text.length > 200 ? 'invalid form data' : text.replace(/\.$/, '').toLowerCase();
      throw new ServiceError('invalid_request', `The service refused the file: ${detail}.`, { status: 400 });
    }
    if (answer.status === 403) {
      const { message } = check(messageSchema, answer.json, 'forbidden answer');
      throw new ServiceError('forbidden', `The service refused the upload (${message.toLowerCase()}): this account may not upload records.`, { status: 403 });
    }
    throw commonFailure(answer) ?? unexpected(answer);
  }

  /** POST /<registry>/na/v1/registration/aadhaar/init. */
  startRegistration(input: { aadhaarNumber: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
    return this.registrationCall('init', { aadhaar_number: input.aadhaarNumber }, input.signal);
  }

  /** POST /<registry>/na/v1/registration/aadhaar/resend. */
  resendRegistrationOtp(input: { txnId: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
    return this.registrationCall('resend', { txn_id: input.txnId }, input.signal);
  }

  private async registrationCall(step: 'init' | 'resend', payload: unknown, signal?: AbortSignal): Promise<RegistrationOtp> {
    const answer = await this.call({
      method: 'POST',
      path: `/${REGISTRY_PREFIX}/na/v1/registration/aadhaar/${step}`,
      ...(await this.jsonBody(payload)),
      signal,
    });
    if (answer.status === 200) {
      const body = check(registrationSchema, answer.json, 'registration answer');
      return { hint: body.hint ?? null, txnId: body.txn_id };
    }
    const parsed = registrationErrorSchema.safeParse(answer.json);
    if (answer.status === 401) throw commonFailure(answer)!;
    if (!parsed.success) throw commonFailure(answer) ?? unexpected(answer);
    const { error, source_error: source, code } = parsed.data;
    const upstream = source && source.message ? ` The national health system said: "${source.message}"${source.code ? ` (${source.code})` : ''}.` : '';
    throw new ServiceError('registration_failed', `${error.replace(/\.?$/, '.')}${upstream}`, {
      status: answer.status,
      code: String(code),
      sourceError: source,
      retryAfterMs: parseRetryAfter(answer.headers['retry-after']),
    });
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
