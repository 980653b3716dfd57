/**
 * More documents from a finished session (the vendor's sessions API): another template
 * (`POST /voice/v1/sessions/{id}/process/template/{template}`), or a template in another
 * language (`POST /voice/api/v1/transaction/{id}/convert-to-template` with `target_language`),
 * each answered 202 with a `document_id`; the document then read with Get Document (its status,
 * then its Markdown from the presigned address it hands out, without the sign-in); and the
 * session's documents listed (`GET /voice/api/v1/sessions/{id}`), so that a request whose answer
 * was lost is found instead of made twice. Every answer is read with zod; a status nobody
 * documented is data.
 */
import { z } from 'zod';
import { check, commonFailure, unexpected, type Answer, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { serviceText } from './service-text';
import { saidIn } from './sessions-api';

/** A document's Markdown is a few kilobytes; far more is not one. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;

const acceptedSchema = z.object({ document_id: z.string().min(1).max(200).nullish(), status: z.string().max(80).optional() }).loose();

const documentSchema = z.object({
  status: z.string().optional(),
  data: z
    .object({
      document_id: z.string().min(1).max(200),
      template_id: z.string().max(200).nullish(),
      status: z.string().max(80).nullish(),
      errors: z.array(z.unknown()).max(100).nullish(),
      presigned_url: z.string().min(1).max(4_000).nullish(),
      lang: z.string().max(20).nullish(),
    })
    .loose(),
});

const sessionDocumentsSchema = z.object({
  data: z
    .object({
      documents: z
        .array(z.object({ document_id: z.string().min(1).max(200), template_id: z.string().max(200).nullish(), lang: z.string().max(20).nullish() }).loose())
        .max(1_000)
        .default([]),
    })
    .loose(),
});

export interface DocumentRequest {
  sessionId: string;
  templateId: string;
  /** The service's `target_language` (`hi`, `eng`, …); null: as the session was spoken, by the template alone. */
  language: string | null;
  signal?: AbortSignal;
}

export type DocumentAnswer = { state: 'in-progress' } | { state: 'success'; text: string; language: string | null } | { state: 'failed'; problems: string[] };

export interface SessionDocument {
  documentId: string;
  templateId: string | null;
  language: string | null;
}

const IN_PROGRESS: ReadonlySet<string> = new Set(['in-progress', 'in_progress', 'processing', 'pending', 'queued', 'created', '']);
const SUCCESS: ReadonlySet<string> = new Set(['success', 'completed', 'complete', 'done']);

/** A refusal of a document request, in words for the doctor: the template, the language or the session gone; else as for any call. */
function refusal(answer: Answer, request: Pick<DocumentRequest, 'templateId' | 'language'>): ServiceError {
  const common = commonFailure(answer);
  if (common) return common;
  const said = saidIn(answer);
  const because = said.text ? ` (${said.text.replace(/\.$/, '')})` : '';
  const details = { status: answer.status, code: said.code || undefined, detail: said.detail };
  const about = `${said.code} ${said.text}`.toLowerCase();
  if (answer.status === 404 && /template/.test(about)) return new ServiceError('not_found', `The service no longer has the template “${request.templateId}”${because}.`, { ...details, code: said.code || 'template_not_found' });
  if (answer.status === 404) return new ServiceError('not_found', `The service no longer has this recording's session${because}.`, details);
  if ([400, 409, 422].includes(answer.status) && request.language !== null && /lang/.test(about)) {
    return new ServiceError('invalid_request', `The service does not make documents in this language${because}.`, { ...details, code: said.code || 'unsupported_language' });
  }
  if ([400, 409, 413, 422].includes(answer.status)) return new ServiceError('invalid_request', `The service refused to make this document${because}.`, details);
  return unexpected(answer);
}

/** Asks for the document; resolves with its id at the service once the service has taken the request. */
export async function requestDocument(caller: ServiceCaller, request: DocumentRequest): Promise<{ documentId: string }> {
  const session = encodeURIComponent(request.sessionId);
  const answer =
    request.language === null
      ? await caller.call({ method: 'POST', path: `/voice/v1/sessions/${session}/process/template/${encodeURIComponent(request.templateId)}`, signal: request.signal })
      : await caller.call({
          method: 'POST',
          path: `/voice/api/v1/transaction/${session}/convert-to-template`,
          headers: { 'content-type': 'application/json' },
          body: () => JSON.stringify({ template_id: request.templateId, target_language: request.language }),
          signal: request.signal,
        });
  if (answer.status !== 202 && answer.status !== 200 && answer.status !== 201) throw refusal(answer, request);
  const accepted = check(acceptedSchema, answer.json ?? {}, 'document request');
  if (!accepted.document_id) throw new ServiceError('malformed_response', 'The service took the request for the document but gave no document id.');
  return { documentId: accepted.document_id };
}

/** The document's Markdown from the address the service handed out (without the sign-in). */
async function readText(caller: ServiceCaller, url: string, signal?: AbortSignal): Promise<string> {
  const answer = await caller.callPresigned(url, { method: 'GET', headers: { accept: 'text/markdown, text/plain, application/json' }, signal });
  if (answer.status !== 200) throw commonFailure(answer) ?? new ServiceError('server_error', `The document's text could not be fetched (HTTP ${answer.status}). The app will try again.`, { status: answer.status });
  if (answer.bytes.length > MAX_DOCUMENT_BYTES) throw new ServiceError('malformed_response', 'The service sent a document far larger than a document is (over 1 MB).');
  const text = answer.bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(answer.bytes)) throw new ServiceError('malformed_response', 'The service sent a document that is not UTF-8 text.');
  // The vendor's SDK reads it as JSON: a JSON string is the text itself; other JSON is shown as it came.
  const json = answer.json;
  if (typeof json === 'string') return json;
  if (json !== undefined && typeof json === 'object' && json !== null) {
    const inner = (json as Record<string, unknown>).markdown ?? (json as Record<string, unknown>).content ?? (json as Record<string, unknown>).text;
    return typeof inner === 'string' ? inner : JSON.stringify(json, null, 2);
  }
  return text;
}

function problemsOf(errors: unknown[] | null | undefined): string[] {
  return (errors ?? []).map((item) => serviceText(typeof item === 'string' ? item : ((item as Record<string, unknown> | null)?.message ?? JSON.stringify(item)))).filter((text) => text !== '');
}

/** The document as it stands: still being made, made (with its text), or failed (with the service's words). */
export async function getDocument(caller: ServiceCaller, documentId: string, signal?: AbortSignal): Promise<DocumentAnswer> {
  const answer = await caller.call({ method: 'GET', path: `/voice/api/v1/documents/${encodeURIComponent(documentId)}`, signal });
  if (answer.status === 404) {
    const said = saidIn(answer);
    throw new ServiceError('not_found', `The service has no such document (any more)${said.text ? ` (${said.text.replace(/\.$/, '')})` : ''}.`, { status: 404, code: said.code || undefined });
  }
  if (answer.status !== 200 && answer.status !== 202) throw commonFailure(answer) ?? unexpected(answer);
  const { data } = check(documentSchema, answer.json, 'document');
  const status = serviceText(data.status ?? '', 80).toLowerCase();
  if (answer.status === 202 || IN_PROGRESS.has(status)) return { state: 'in-progress' };
  if (SUCCESS.has(status)) {
    if (!data.presigned_url) throw new ServiceError('malformed_response', 'The service made the document but gave no address to read it at.');
    return { state: 'success', text: await readText(caller, data.presigned_url, signal), language: data.lang ?? null };
  }
  if (status === 'failed' || status === 'error' || status === 'failure') return { state: 'failed', problems: problemsOf(data.errors) };
  // A status nobody documented: still being worked on, asked again.
  return { state: 'in-progress' };
}

/** The documents the service holds of a session (its notes and every document asked for). */
export async function sessionDocuments(caller: ServiceCaller, sessionId: string, signal?: AbortSignal): Promise<SessionDocument[]> {
  const answer = await caller.call({ method: 'GET', path: `/voice/api/v1/sessions/${encodeURIComponent(sessionId)}`, signal });
  if (answer.status !== 200) throw commonFailure(answer) ?? (answer.status === 404 ? new ServiceError('not_found', "The service no longer has this recording's session.", { status: 404 }) : unexpected(answer));
  return check(sessionDocumentsSchema, answer.json, 'session documents').data.documents.map((document) => ({
    documentId: document.document_id,
    templateId: document.template_id ?? null,
    language: document.lang ?? null,
  }));
}
