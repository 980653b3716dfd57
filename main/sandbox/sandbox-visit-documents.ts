/**
 * More documents from a finished session, in the sandbox: another template
 * (`POST /voice/v1/sessions/{id}/process/template/{template}`), a template in another language
 * (`POST /voice/api/v1/transaction/{id}/convert-to-template`), both answered 202 with a new
 * `document_id`, and the session's documents listed (`GET /voice/api/v1/sessions/{id}`). A
 * document is in progress for `documentProcessingMs` (the service's own time), then read with
 * Get Document like any (sandbox-sessions.ts). As strict as the documents allow: the session
 * ended, a template the list has (`removedTemplates` takes some away), `target_language` one of
 * the eleven published (`refusedLanguages` refuses more), at least one of `transcript` and
 * `target_language` for the second route. Every text is test data (sandbox-document-texts.ts);
 * `documentTextNext` makes the next ones empty, in another script, with a number changed, or failed.
 */
import { z } from 'zod';
import type { SandboxFaults } from './sandbox-faults';
import { SANDBOX_DOCUMENT_LANGUAGES, sandboxDocumentText } from './sandbox-document-texts';
import type { RouteContext, SandboxArea, SandboxRoute } from './sandbox-routes';
import type { Reply } from './sandbox-reply';
import { listedTemplates, type SandboxSessions } from './sandbox-sessions';

const problem = (status: number, code: string, message: string): Reply => ({ status, json: { error: { code, message } } });

const convertSchema = z
  .object({
    template_id: z.string().min(1).max(200).optional(),
    target_language: z.string().min(1).max(20).optional(),
    transcript: z.string().max(1_000_000).optional(),
  })
  .strict();

const PROCESS_PATH = /^\/voice\/v1\/sessions\/([^/]+)\/process\/template\/([^/]+)$/;
const CONVERT_PATH = /^\/voice\/api\/v1\/transaction\/([^/]+)\/convert-to-template$/;
const LIST_PATH = /^\/voice\/api\/v1\/sessions\/([^/]+)$/;

/** The handout's template when only a language is asked for (the transcript translated). */
const HANDOUT_TEMPLATE = 'sandbox_patient_handout';

export class SandboxVisitDocuments implements SandboxArea {
  constructor(
    private readonly sessions: SandboxSessions,
    private readonly faults: () => SandboxFaults,
    private readonly now: () => number,
  ) {}

  readonly routes: SandboxRoute[] = [
    this.route('documentFromTemplate', 'POST', PROCESS_PATH, (context) => {
      const [, session = '', template = ''] = PROCESS_PATH.exec(context.url.pathname) ?? [];
      return this.make(session, decodeURIComponent(template), null);
    }),
    this.route('documentInLanguage', 'POST', CONVERT_PATH, async (context) => {
      const [, session = ''] = CONVERT_PATH.exec(context.url.pathname) ?? [];
      const parsed = convertSchema.safeParse((await context.readJson()).payload);
      if (!parsed.success) return problem(422, 'validation_error', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
      const { template_id: template, target_language: language, transcript } = parsed.data;
      // Kept for the tests to read: what was asked, never a transcript's words.
      context.record.json = { ...parsed.data, ...(transcript !== undefined ? { transcript: `${transcript.length} characters` } : {}) };
      if (language === undefined && transcript === undefined) return problem(400, 'invalid_request', 'Send at least one of transcript or target_language.');
      if (language !== undefined && (!SANDBOX_DOCUMENT_LANGUAGES.includes(language) || this.faults().refusedLanguages.includes(language))) {
        return problem(422, 'unsupported_language', `target_language '${language}' is not supported.`);
      }
      return this.make(session, template ?? HANDOUT_TEMPLATE, language ?? null);
    }),
    this.route('sessionDocumentList', 'GET', LIST_PATH, (context) => {
      const [, session = ''] = LIST_PATH.exec(context.url.pathname) ?? [];
      const found = this.sessions.finished(session);
      if ('status' in found && found.status === 404) return found;
      const id = 'id' in found ? found.id : decodeURIComponent(session);
      const documents = this.sessions.documentsOf(id).map((document) => ({
        document_id: document.id,
        session_id: id,
        template_id: document.templateId,
        document_name: document.name,
        type: document.made ? 'template' : 'custom',
        lang: document.made?.lang ?? null,
      }));
      return { status: 200, json: { status: 'success', data: { session_id: id, documents } } };
    }),
  ];

  reset(): void {}

  private route(operation: string, method: SandboxRoute['method'], path: RegExp, handle: SandboxRoute['handle']): SandboxRoute {
    // A service without the sessions API knows none of these addresses.
    const guarded: SandboxRoute['handle'] = (context: RouteContext) => (this.faults().sessionsApi === 'off' ? problem(404, 'not_found', 'Not Found') : handle(context));
    return { operation, method, path, unauthorized: problem(401, 'unauthorized', 'Missing or invalid access token.'), badRequest: (reason) => problem(400, 'invalid_request', reason), handle: guarded };
  }

  /** A new document of `templateId` (in `language`, the service's code) from the session: 202 with its id. */
  private make(sessionId: string, templateId: string, language: string | null): Reply {
    const session = this.sessions.finished(sessionId);
    if ('status' in session) return session;
    if (!listedTemplates(this.faults()).some((template) => template.id === templateId)) return problem(404, 'template_not_found', `No such template: ${templateId}.`);
    const fault = this.faults().documentTextNext.shift() ?? null;
    const document = this.sessions.addMade(session.id, templateId, sandboxDocumentText(templateId, session.fingerprint, language, fault === 'failed' ? null : fault), {
      readyAt: this.now() + this.faults().documentProcessingMs,
      failed: fault === 'failed' ? ['The sandbox could not make this document (a scripted failure).'] : null,
      lang: language,
    });
    return {
      status: 202,
      json: { session_id: session.id, txn_id: session.id, template_id: templateId, document_id: document.id, status: 'in-progress', message: 'Template generation in progress', templates: [{ template_id: templateId, document_id: document.id }] },
    };
  }
}
