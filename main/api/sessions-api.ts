/**
 * The sessions API, the vendor's current transcription API: discovery, create, audio parts
 * (to the service with the sign-in, or to a presigned address without it), End, the result,
 * PATCH, the templates list, and documents (a corrected note saved back). Every answer is
 * read with zod; a status the documents do not name is data, never a crash.
 */
import { Readable } from 'node:stream';
import { multipartFileBody } from './multipart-body';
import { check, commonFailure, unexpected, type Answer, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { serviceCode, serviceText, serviceWords } from './service-text';
import {
  partAcceptedSchema,
  createdSessionSchema,
  discoverySchema,
  documentEnvelopeSchema,
  endedSessionSchema,
  sessionAnswerSchema,
  sessionErrorSchema,
  templateEntrySchema,
  templatesListSchema,
  type PartExtension,
  type DiscoveryDocument,
} from './session-schemas';

/** The session's words for an answer that is final, whatever it holds. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'complete', 'success', 'partial', 'partial_success', 'done']);

const DISCOVERY_PATH = '/voice/v1/.well-known/medscribealliance';
const SESSIONS_PATH = '/voice/v1/sessions';

const CONTENT_TYPES: Record<PartExtension, string> = {
  webm: 'audio/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
};

/** Where a session's parts go: the service itself (with the sign-in), or an address it handed out (without). */
export type UploadTarget = { kind: 'service' } | { kind: 'presigned-url'; url: string } | { kind: 'presigned-form'; url: string; fields: Record<string, string> };

export interface NewSession {
  /** The client's own id (16–32 characters), so that a create whose answer was lost can be recognised. */
  sessionId?: string;
  model: 'pro' | 'lite';
  /** ISO 639-1 codes, or empty for auto-detection. */
  languages: string[];
  /** At most 2 template ids. */
  templates: string[];
  /** What the session is told about its patient (main/dictations/patient-details.ts); left out when absent. */
  patientDetails?: Record<string, string>;
  additionalData?: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface CreatedSession {
  sessionId: string;
  expiresAt: string | null;
  upload: UploadTarget;
}

export interface SessionPart {
  sessionId: string;
  upload: UploadTarget;
  /** The file name's base (`audio` in `audio_0.mp3`). */
  base: string;
  /** Counts from 0; a retry sends the same number with the same bytes. */
  sequence: number;
  extension: PartExtension;
  bytes: Buffer;
  signal?: AbortSignal;
}

export interface SessionTemplateResult {
  templateId: string;
  /** The service's word for it (`success`, `failed`, …), as text. */
  status: string;
  documentId: string | null;
  /** As the service sent it: its shape is not published, so it is read when shown. */
  data: unknown;
  errors: string[];
  warnings: string[];
}

export type SessionResult =
  | { state: 'processing'; transcript: string | null }
  | { state: 'completed' | 'partial'; transcript: string | null; language: string | null; templates: SessionTemplateResult[]; problems: string[] }
  /** Ended too late, or never: a new session must be made from the kept audio. */
  | { state: 'expired' }
  /** A body `status` that says the session failed (older documents), or one nobody documented. */
  | { state: 'failed'; status: string; problems: string[] };

export interface SavedDocument {
  documentId: string;
}

/** The service's own words in an error answer, if any, and its code. */
export function saidIn(answer: Answer): { text: string; detail?: string; code: string } {
  const parsed = sessionErrorSchema.safeParse(answer.json);
  if (!parsed.success) return { text: '', code: '' };
  const { error, message, code } = parsed.data;
  const inner = typeof error === 'object' ? error : undefined;
  const words = serviceWords(inner?.message ?? (typeof error === 'string' ? error : undefined) ?? message ?? '');
  return { text: words.text, detail: words.detail, code: serviceCode(inner?.code ?? code ?? '') };
}

/** A refusal of `what`, in words for the doctor; anything else the service answered is malformed. */
function refusal(answer: Answer, what: string): ServiceError {
  const common = commonFailure(answer);
  if (common) return common;
  const said = saidIn(answer);
  const because = said.text ? `: ${said.text.replace(/\.$/, '')}` : '';
  const details = { status: answer.status, code: said.code || undefined, detail: said.detail };
  switch (answer.status) {
    case 404:
      return new ServiceError('not_found', `The service has no such session (any more)${because}.`, details);
    case 410:
      return new ServiceError('invalid_request', 'The session expired before it was ended; the app makes a new one from the recording.', { ...details, code: said.code || 'session_expired' });
    case 400:
    case 409:
    case 413:
    case 422:
      return new ServiceError('invalid_request', `The service refused ${what}${because}.`, details);
    default:
      return unexpected(answer);
  }
}

/** True for a refusal that means the session is already ended, which an End counts as done. */
export function isAlreadyEnded(error: unknown): boolean {
  if (!(error instanceof ServiceError) || error.kind !== 'invalid_request' || error.status === 410) return false;
  return /already[_ ]ended|session[_ ]ended|already_committed/i.test(`${error.code ?? ''} ${error.message}`);
}

/** Seconds of `Cache-Control: max-age`, or null. */
export function maxAgeSeconds(cacheControl: string | undefined): number | null {
  if (!cacheControl || /\bno-(store|cache)\b/i.test(cacheControl)) return null;
  const match = /\bmax-age=(\d{1,9})\b/i.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

/**
 * GET discovery (no sign-in), whatever it answers: resolves once the service answered at all,
 * and rejects with the transport's error when it cannot be reached. The outbox asks it while
 * the service is unreachable, to find it back (main/outbox/reachability-probe.ts).
 */
export async function reach(caller: ServiceCaller, signal?: AbortSignal): Promise<void> {
  await caller.callWithoutToken({ method: 'GET', path: DISCOVERY_PATH, signal });
}

/**
 * GET discovery (no sign-in) of the service at `address` (ServiceCaller.serviceAddress): its
 * limits, formats, models and languages, and how long they may be kept.
 */
export async function discover(caller: ServiceCaller, address: string, signal?: AbortSignal): Promise<{ document: DiscoveryDocument; maxAgeSeconds: number | null }> {
  const answer = await caller.callWithoutToken({ method: 'GET', path: DISCOVERY_PATH, signal }, address);
  if (answer.status !== 200) throw commonFailure(answer) ?? unexpected(answer);
  return { document: check(discoverySchema, answer.json, 'discovery document'), maxAgeSeconds: maxAgeSeconds(answer.headers['cache-control']) };
}

/**
 * Where a session's parts go, from its `upload_url`: absent, or the service's own audio
 * endpoint for the session as documented (on the service's origin, its path ending
 * `/voice/v1/sessions/<id>/audio`), is the service itself, with the sign-in; anything else is
 * an address handed out, which gets the parts without it and must pass checkPresigned (https;
 * http only to the built-in sandbox's own origin): else the refusal (code `address_refused`).
 */
async function uploadTargetOf(caller: ServiceCaller, sessionId: string, uploadUrl: unknown): Promise<UploadTarget> {
  if (uploadUrl === undefined) return { kind: 'service' };
  const form = typeof uploadUrl === 'string' ? null : (uploadUrl as { url: string; fields: Record<string, string> });
  const address = form ? form.url : (uploadUrl as string);
  let target: URL;
  try {
    target = new URL(address);
  } catch {
    throw new ServiceError('malformed_response', 'The service sent an upload address that is not an address.');
  }
  const serviceAudio = `/voice/v1/sessions/${encodeURIComponent(sessionId)}/audio`;
  if (!form && target.origin === new URL(await caller.serviceAddress()).origin && target.pathname.replace(/\/+$/, '').endsWith(serviceAudio)) return { kind: 'service' };
  await caller.checkPresigned(address);
  return form ? { kind: 'presigned-form', url: form.url, fields: { ...form.fields } } : { kind: 'presigned-url', url: address };
}

/** POST a session for upload while recording. */
export async function createSession(caller: ServiceCaller, input: NewSession): Promise<CreatedSession> {
  const body = JSON.stringify({
    upload_type: 'chunked',
    model: input.model,
    language_hint: input.languages.length > 0 ? input.languages : ['auto_detect'],
    templates: input.templates.slice(0, 2),
    ...(input.sessionId ? { session_id: input.sessionId } : {}),
    ...(input.patientDetails ? { patient_details: input.patientDetails } : {}),
    ...(input.additionalData ? { additional_data: input.additionalData } : {}),
  });
  // Sessions calls go plain over HTTPS: JWE is not documented for them, and raw audio does not fit its envelope.
  const answer = await caller.call({ method: 'POST', path: SESSIONS_PATH, headers: { 'content-type': 'application/json' }, body: () => body, signal: input.signal });
  if (answer.status !== 201 && answer.status !== 200) throw refusal(answer, 'to start a session');
  const created = check(createdSessionSchema, answer.json, 'new session');
  return { sessionId: created.session_id, expiresAt: created.expires_at ?? null, upload: await uploadTargetOf(caller, created.session_id, created.upload_url) };
}

export function sessionPartFileName(part: Pick<SessionPart, 'base' | 'sequence' | 'extension'>): string {
  if (!Number.isSafeInteger(part.sequence) || part.sequence < 0) throw new Error('A part number counts from 0.');
  return `${part.base}_${part.sequence}.${part.extension}`;
}

/** One part's bytes, where the session's upload address says. */
export async function uploadPart(caller: ServiceCaller, part: SessionPart): Promise<void> {
  const fileName = sessionPartFileName(part);
  const contentType = CONTENT_TYPES[part.extension];
  const raw = { method: 'POST' as const, headers: { 'content-type': contentType, 'content-length': String(part.bytes.length) }, body: () => part.bytes, signal: part.signal };
  let answer: Answer;
  if (part.upload.kind === 'service') {
    answer = await caller.call({ ...raw, path: `${SESSIONS_PATH}/${encodeURIComponent(part.sessionId)}/audio/${encodeURIComponent(fileName)}` });
  } else if (part.upload.kind === 'presigned-url') {
    answer = await caller.callPresigned(`${part.upload.url.replace(/\/+$/, '')}/${encodeURIComponent(fileName)}`, raw);
  } else {
    const file = { fileName, contentType, size: part.bytes.length, open: () => Readable.from([part.bytes]) };
    const multipart = multipartFileBody('file', file, undefined, part.upload.fields);
    answer = await caller.callPresigned(part.upload.url, {
      method: 'POST',
      headers: { 'content-type': multipart.contentType, 'content-length': String(multipart.contentLength) },
      body: multipart.body,
      signal: part.signal,
    });
  }
  // Object storage answers a form upload with 204 (or 201) and no JSON.
  if (answer.status === 204 || answer.status === 201) return;
  if (answer.status !== 200) throw refusal(answer, `audio part ${part.sequence + 1}`);
  if (part.upload.kind === 'service') check(partAcceptedSchema, answer.json ?? {}, 'audio part confirmation');
}

/** End: every part has been acknowledged; `audioFilesSent` is their true count. An End already made counts as done. */
export async function endSession(caller: ServiceCaller, sessionId: string, audioFilesSent: number, signal?: AbortSignal): Promise<'ended' | 'already-ended'> {
  const body = JSON.stringify({ audio_files_sent: audioFilesSent });
  const answer = await caller.call({ method: 'POST', path: `${SESSIONS_PATH}/${encodeURIComponent(sessionId)}/end`, headers: { 'content-type': 'application/json' }, body: () => body, signal });
  if (answer.status === 202 || answer.status === 200) {
    check(endedSessionSchema, answer.json ?? {}, 'end of session');
    return 'ended';
  }
  const error = refusal(answer, 'to end the session');
  if (isAlreadyEnded(error)) return 'already-ended';
  throw error;
}

function messagesOf(list: unknown[] | undefined): string[] {
  return (list ?? []).flatMap((item) => {
    if (typeof item === 'string') return [serviceText(item)];
    if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const text = [record.template_id, record.message ?? record.msg ?? record.error].filter((part) => typeof part === 'string').join(': ');
      return text ? [serviceText(text)] : [serviceText(JSON.stringify(item))];
    }
    return [];
  });
}

function templatesOf(templates: unknown): SessionTemplateResult[] {
  if (!Array.isArray(templates)) return [];
  return templates.flatMap((entry) => {
    const parsed = templateEntrySchema.safeParse(entry);
    if (!parsed.success) return [];
    return Object.entries(parsed.data).map(([templateId, result]) => ({
      templateId: serviceText(templateId, 200),
      status: serviceText(result.status ?? 'unknown', 80),
      documentId: result.document_id ?? null,
      data: result.data ?? null,
      errors: messagesOf(result.errors),
      warnings: messagesOf(result.warnings),
    }));
  });
}

/** GET the session: processing (with a partial transcript when there is one), done, partial, expired, or failed. */
export async function getSession(caller: ServiceCaller, sessionId: string, signal?: AbortSignal): Promise<SessionResult> {
  const answer = await caller.call({ method: 'GET', path: `${SESSIONS_PATH}/${encodeURIComponent(sessionId)}`, signal });
  if (answer.status === 410) return { state: 'expired' };
  if (answer.status !== 200 && answer.status !== 202 && answer.status !== 206) throw refusal(answer, 'to look the session up');
  const body = check(sessionAnswerSchema, answer.json ?? {}, 'session');
  const transcript = body.transcript ?? null;
  const status = serviceText(body.status ?? '', 80).toLowerCase();
  if (answer.status === 202) return status === 'failed' || status === 'error' ? { state: 'failed', status, problems: messagesOf(body.processing_errors) } : { state: 'processing', transcript };
  if (status === 'failed' || status === 'error' || status === 'expired') {
    return status === 'expired' ? { state: 'expired' } : { state: 'failed', status, problems: messagesOf(body.processing_errors) };
  }
  const templates = templatesOf(body.templates);
  // A status nobody documented, with nothing to show yet: still being worked on, asked again.
  if (templates.length === 0 && !transcript && !FINAL_STATUSES.has(status)) return { state: 'processing', transcript: null };
  return {
    state: answer.status === 206 ? 'partial' : 'completed',
    transcript,
    language: body.language_detected ?? null,
    templates,
    problems: messagesOf(body.processing_errors),
  };
}

/** PATCH what may change of a session (the service refuses unknown fields). */
export async function patchSession(
  caller: ServiceCaller,
  sessionId: string,
  patch: { templates?: string[]; languages?: string[]; patientDetails?: Record<string, unknown> },
  signal?: AbortSignal,
): Promise<void> {
  const body = JSON.stringify({
    ...(patch.templates ? { templates: patch.templates.slice(0, 2) } : {}),
    ...(patch.languages ? { language_hint: patch.languages.length > 0 ? patch.languages : ['auto_detect'] } : {}),
    ...(patch.patientDetails ? { patient_details: patch.patientDetails } : {}),
  });
  const answer = await caller.call({ method: 'PATCH', path: `${SESSIONS_PATH}/${encodeURIComponent(sessionId)}`, headers: { 'content-type': 'application/json' }, body: () => body, signal });
  if (answer.status !== 200) throw refusal(answer, 'the change to the session');
}

/** The templates a session may ask for, the clinic's own included; the doctor's favourites marked. */
export async function listTemplates(caller: ServiceCaller, signal?: AbortSignal): Promise<Array<{ id: string; title: string; builtIn: boolean; favorite: boolean }>> {
  const answer = await caller.call({ method: 'GET', path: '/voice/api/v1/template', signal });
  if (answer.status !== 200) throw refusal(answer, 'the list of templates');
  return check(templatesListSchema, answer.json, 'templates list').items.map((item) => ({
    id: item.id,
    title: serviceText(item.title ?? item.id, 200),
    builtIn: item.default === true,
    favorite: item.is_favorite === true,
  }));
}

/**
 * Saves a corrected note as a document of its session: created (or, with `documentId`,
 * updated in place), then its Markdown PUT to the address the service hands out.
 * `onDocumentId` hears the id as soon as the service gives it, before the text is sent: a
 * retry after a failed PUT then updates that document instead of making another.
 */
export async function saveDocument(
  caller: ServiceCaller,
  input: { sessionId: string; documentId?: string | null; templateId?: string; name: string; markdown: string; signal?: AbortSignal; onDocumentId?(id: string): void },
): Promise<SavedDocument> {
  const body = JSON.stringify({
    session_id: input.sessionId,
    ...(input.documentId ? { document_id: input.documentId } : {}),
    ...(input.templateId ? { template_id: input.templateId } : {}),
    type: 'notes',
    document_name: input.name,
    status: 'success',
  });
  const answer = await caller.call({ method: 'POST', path: '/voice/api/v1/documents', headers: { 'content-type': 'application/json' }, body: () => body, signal: input.signal });
  if (answer.status !== 201 && answer.status !== 200) throw refusal(answer, 'to keep the corrected note');
  const { data } = check(documentEnvelopeSchema, answer.json, 'document');
  input.onDocumentId?.(data.document_id);
  if (!data.presigned_url) throw new ServiceError('malformed_response', 'The service kept the corrected note but gave no address to send its text to.');
  const text = Buffer.from(input.markdown, 'utf8');
  const put = await caller.callPresigned(data.presigned_url, {
    method: 'PUT',
    headers: { 'content-type': 'text/markdown; charset=utf-8', 'content-length': String(text.length) },
    body: () => text,
    signal: input.signal,
  });
  if (put.status < 200 || put.status > 299) throw commonFailure(put) ?? new ServiceError('server_error', `The corrected note could not be sent (HTTP ${put.status}). The app will try again.`, { status: put.status });
  return { documentId: data.document_id };
}
