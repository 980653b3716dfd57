/**
 * Documents made from a recording as a kind of outbox item (outbox-kind.ts): a waiting one is
 * asked for when the service can be reached (offline, it waits; after a restart too), then
 * looked up until the service has made it or refused it. The request has no id of the client's,
 * so a request whose answer was lost (a crash, a dropped connection) could make a second
 * document: before asking again, the session's documents are listed, and one of the template
 * made since the first request is taken as this one. What comes back is checked before it is
 * kept: text, and for the patient, in the script of their language; else the document is not
 * made, and says why.
 */
import { handoutLanguage, scriptProblem } from '../../contract/handout-languages';
import type { DocumentAnswer, DocumentRequest, SessionDocument } from '../api/visit-documents-api';
import { ServiceError, isServiceError } from '../api/service-error';
import type { Clock } from '../core/clock';
import type { OutboxKind } from '../outbox/outbox-kind';
import type { PollSchedule } from '../outbox/result-poller';
import type { DictationStore } from '../dictations/dictation-store';
import type { VisitDocument, VisitDocumentStore } from './document-store';

type Final = Exclude<DocumentAnswer, { state: 'in-progress' }>;

/** The service takes a few seconds to make a document: asked about once a second meanwhile. */
const DOCUMENT_POLL_SCHEDULE: PollSchedule = { baseMs: 1_000, capMs: 1_000, patienceMs: 10 * 60_000, slowMs: 30_000, notFoundRetries: 3 };
const FIRST_LOOKUP_MS = 1_000;
const MAX_MALFORMED_LOOKUPS = 5;

export interface DocumentClient {
  requestDocument(request: DocumentRequest): Promise<{ documentId: string }>;
  getDocument(documentId: string, signal?: AbortSignal): Promise<DocumentAnswer>;
  sessionDocuments(sessionId: string, signal?: AbortSignal): Promise<SessionDocument[]>;
  listTemplates(signal?: AbortSignal): Promise<Array<{ id: string }>>;
}

export interface DocumentKindDeps {
  store: VisitDocumentStore;
  dictations: Pick<DictationStore, 'get'>;
  client: DocumentClient;
  clock: Clock;
  sendsToSandbox(): boolean;
  pollSchedule?: PollSchedule;
  firstLookupMs?: number;
}

/** The session a document is made from, while it may be asked of it: ended, and the consultation not stopped by a withdrawal. */
function sessionOf(dictations: DocumentKindDeps['dictations'], document: VisitDocument): string | null {
  const manifest = dictations.get(document.dictationId);
  if (!manifest?.session?.endedAt || manifest.haltedAt !== null) return null;
  return manifest.session.id;
}

/** The service's code for the document's language; null for a document in the note's. */
const serviceLanguage = (document: VisitDocument) => (document.language === null ? null : (handoutLanguage(document.language)?.service ?? document.language));

/** A refusal said for the doctor: the template by its title, the language by its name, with what to do. */
async function explained(error: unknown, document: VisitDocument, client: DocumentClient, signal: AbortSignal): Promise<unknown> {
  if (!isServiceError(error) || error.retryable || error.kind === 'unauthorized' || error.kind === 'sign_in_failed') return error;
  const details = { status: error.status, code: error.code, detail: error.detail };
  const gone = error.code === 'template_not_found' || !(await client.listTemplates(signal).then((list) => list.some((template) => template.id === document.templateId), () => true));
  if (gone) return new ServiceError('not_found', `The service no longer has the template “${document.title}”. Choose another template for this document.`, { ...details, code: 'template_not_found' });
  const language = handoutLanguage(document.language);
  if (language && error.code === 'unsupported_language') {
    return new ServiceError('invalid_request', `The service does not make documents in ${language.name}: ${error.message} Choose another language for this patient, or make it in the note’s language.`, details);
  }
  return error;
}

/** Why a made document cannot be kept (empty, or not in the script its language is written in), or null. */
export function madeTextProblem(text: string, document: Pick<VisitDocument, 'language'>): string | null {
  if (text.trim() === '') return 'The service sent this document back empty. Retry to ask for it again.';
  const language = handoutLanguage(document.language);
  const problem = language ? scriptProblem(text, language) : null;
  return problem ? `The service sent this document in another script than asked, so it is not shown: ${problem} Retry to ask for it again.` : null;
}

/** A new document of the template since the first request, not one of this app's others: the one a lost answer was about. */
async function madeAlready(deps: DocumentKindDeps, document: VisitDocument, sessionId: string, signal: AbortSignal): Promise<string | null> {
  if (document.askedAt === null || document.knownBefore === null) return null;
  const language = serviceLanguage(document);
  const claimed = new Set(deps.store.list().flatMap((other) => (other.serviceDocumentId ? [other.serviceDocumentId] : [])));
  const listed = await deps.client.sessionDocuments(sessionId, signal);
  const found = listed.find(
    (candidate) =>
      candidate.templateId === document.templateId &&
      (language === null || candidate.language === null || candidate.language === language) &&
      !document.knownBefore!.includes(candidate.documentId) &&
      !claimed.has(candidate.documentId),
  );
  return found?.documentId ?? null;
}

/** The session's documents of the template now, or null where the service does not list them (then a lost answer cannot be found). */
async function knownNow(client: DocumentClient, document: VisitDocument, sessionId: string, signal: AbortSignal): Promise<string[] | null> {
  try {
    return (await client.sessionDocuments(sessionId, signal)).filter((candidate) => candidate.templateId === document.templateId).map((candidate) => candidate.documentId);
  } catch (error) {
    if (isServiceError(error) && !error.retryable && error.kind !== 'unauthorized') return null;
    throw error;
  }
}

export function documentKind(deps: DocumentKindDeps): OutboxKind<VisitDocument, Final> {
  const { store, client } = deps;
  const now = () => new Date(deps.clock.now()).toISOString();
  return {
    name: 'documents',
    store,
    words: {
      uploadFailed: 'The document could not be asked for',
      lookupFailed: 'The document could not be fetched',
      lost: 'The service lost track of this document. Retry to ask for it again.',
      notStored: 'The document could not be saved on this computer.',
      gone: 'This document no longer exists.',
      cannotRetry: 'This document cannot be asked for again now.',
    },
    waitsForUpload: (document) => document.state === 'waiting' && sessionOf(deps.dictations, document) !== null,
    waitsForResult: (document) => document.state === 'making' && document.serviceDocumentId !== null && sessionOf(deps.dictations, document) !== null,
    firstLookupDelayMs: () => deps.firstLookupMs ?? FIRST_LOOKUP_MS,
    upload: async (document, { signal }) => {
      const sessionId = sessionOf(deps.dictations, document);
      if (sessionId === null) throw new ServiceError('cancelled', 'This recording can no longer be asked for documents.');
      const knownBefore = document.knownBefore ?? (await knownNow(client, document, sessionId, signal));
      const found = await madeAlready(deps, { ...document, knownBefore }, sessionId, signal);
      if (found) return { state: 'making', serviceDocumentId: found, uploadedAt: now(), problem: null };
      store.update(document.id, { state: 'asking', askedAt: now(), knownBefore, testData: deps.sendsToSandbox(), problem: null });
      try {
        const { documentId } = await client.requestDocument({ sessionId, templateId: document.templateId, language: serviceLanguage(document), signal });
        return { state: 'making', serviceDocumentId: documentId, uploadedAt: now(), problem: null };
      } catch (error) {
        throw await explained(error, document, client, signal);
      }
    },
    lookUp: async (document, signal) => {
      const answer = await client.getDocument(document.serviceDocumentId!, signal);
      return answer.state === 'in-progress' ? { state: 'pending' } : { state: 'final', result: answer };
    },
    settle: (document, answer) => {
      if (answer.state === 'failed') {
        const said = answer.problems.length > 0 ? ` (${answer.problems.join('; ').replace(/\.$/, '')})` : '';
        return { state: 'failed', problem: `The service could not make this document${said}. Retry to ask for it again.` };
      }
      const problem = madeTextProblem(answer.text, document);
      return problem ? { state: 'failed', problem, text: null } : { state: 'ready', text: answer.text, problem: null };
    },
    waiting: { state: 'waiting' },
    failed: { state: 'failed' },
    lost: { serviceDocumentId: null },
    retry: (document) => {
      if (document.state !== 'failed' && !(document.state === 'waiting' && document.nextAttemptAt !== null)) return null;
      return { state: 'waiting', serviceDocumentId: null, askedAt: null, knownBefore: null, text: null, uploadedAt: null, finishedAt: null, reviewedAt: null };
    },
    // An unreadable answer to a request may hide a document the service made: not asked again unasked.
    malformedRetries: { upload: 0, lookup: MAX_MALFORMED_LOOKUPS },
    // Asked for by the doctor, one at a time: sent whether or not dictations go by themselves.
    ignoresAutoSync: true,
    held: () => store.locked,
    pollSchedule: deps.pollSchedule ?? DOCUMENT_POLL_SCHEDULE,
  };
}
