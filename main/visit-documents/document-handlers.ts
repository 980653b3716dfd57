/**
 * The page's operations on documents made from a recording: which templates, asking for one
 * (the same template and language asked again is the same document), opening it with what it
 * says otherwise than the note, Retry, Delete, the review mark, and its leaving (copy, print,
 * PDF) by the rules of document-leaving.ts. The printer and the file dialog are the shell's,
 * passed in.
 */
import { FINISHED_STATES } from '../../contract/dictation';
import type { OperationHandlers } from '../../contract/operation-handlers';
import type { DOCUMENT_OPERATIONS } from '../../contract/ipc-names';
import { NEEDS_SESSIONS, type DocumentDetail } from '../../contract/visit-documents';
import { exportStem } from '../../contract/export-name';
import { handoutLanguage } from '../../contract/handout-languages';
import { patientName } from '../../contract/patients';
import { TEST_DATA_FILE_SUFFIX } from '../../contract/test-data';
import { ownerOf, type CopyPath } from '../clipboard/copy-path';
import { isoNow, type Clock } from '../core/clock';
import { refuse } from '../core/refusal';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';
import type { PatientOf } from '../note-leaving/dictation-notes';
import { documentCopy, documentMismatch, leavingProblem, printedPageHtml, type HeadingPatient } from './document-leaving';
import { summaryOfDocument, type VisitDocument, type VisitDocumentStore } from './document-store';
import type { DocumentTemplateList } from './document-templates';

export type DocumentOperations = (typeof DOCUMENT_OPERATIONS)[number];

export interface DocumentHandlersDeps {
  store: VisitDocumentStore;
  dictations: DictationStore;
  /** The documents' outbox: Retry, Delete, and a new one to send. */
  outbox: { retry(id: string): void; remove(id: string): void; kick(): void };
  templates: Pick<DocumentTemplateList, 'current' | 'titleOf'>;
  copies: Pick<CopyPath, 'copy'>;
  requireReview(): boolean;
  patientOf: PatientOf;
  /** The language a patient reads (ISO 639-1), or null when not asked yet. */
  patientLanguage(patientId: string): string | null;
  /** The visit's patient: a document leaves only as theirs, and its leaving ends their visit. */
  visit: { chosen(): (HeadingPatient & { id: string }) | null; noteLeft(patientId: string | null): void };
  sendsToSandbox(): boolean;
  /** The lines that head a printed page (policy). */
  clinicHeader(): string[];
  /** The system's print dialog for a page; false when cancelled. */
  print(html: string): Promise<boolean>;
  /** The page as a PDF where the user chooses; the path, or null when cancelled. */
  savePdf(html: string, defaultName: string): Promise<string | null>;
  showing(id: string | null): void;
  /** When a page was printed, and a document marked reviewed. */
  clock: Pick<Clock, 'now'>;
  log(event: string): void;
}

/** The dictation a document may be asked of: finished, sent in a session that is ended, and not stopped by a withdrawal. */
function askable(manifest: DictationManifest): void {
  if (manifest.api !== 'sessions' || manifest.session === null) refuse('refused', NEEDS_SESSIONS);
  if (!FINISHED_STATES.has(manifest.state) || manifest.session.endedAt === null) refuse('refused', 'Another document is made once the recording’s note has come: wait for it.');
  if (manifest.haltedAt !== null) refuse('refused', 'The patient is withdrawing consent to this consultation: nothing more is made of it.');
}

export function documentHandlers(deps: DocumentHandlersDeps): Pick<OperationHandlers, DocumentOperations> {
  const { store, dictations, outbox } = deps;
  const existing = (id: string): { document: VisitDocument; manifest: DictationManifest } => {
    const document = store.get(id);
    const manifest = document ? dictations.get(document.dictationId) : undefined;
    if (!document || !manifest) refuse('not-found', 'This document no longer exists.');
    return { document, manifest };
  };
  const detailOf = (id: string): DocumentDetail => {
    const { document, manifest } = existing(id);
    return { ...summaryOfDocument(document), text: document.text, mismatch: documentMismatch(dictations, manifest, document) };
  };
  /** The printed page, when the rules let it be printed. */
  const printable = (id: string): { html: string; document: VisitDocument; manifest: DictationManifest } => {
    const { document, manifest } = existing(id);
    const problem = leavingProblem(dictations, manifest, document, deps.patientOf, { requireReview: deps.requireReview(), chosen: deps.visit.chosen(), done: 'printed', anyway: false });
    if (problem) refuse('refused', problem.message);
    const patient = deps.patientOf(manifest.patientId)!;
    return { html: printedPageHtml({ clinic: deps.clinicHeader(), patient, manifest, document, at: isoNow(deps.clock) }), document, manifest };
  };

  return {
    listDocumentTemplates: () => deps.templates.current(),
    listDocuments: () => store.list().map(summaryOfDocument),
    requestDocument: async ({ dictationId, templateId, forPatient }) => {
      // The title as the service lists it; asked first (nothing is created before this wait, so two requests at once still make one document).
      const title = deps.templates.titleOf(templateId) ?? (await deps.templates.current()).templates.find((template) => template.id === templateId)?.title ?? templateId;
      const manifest = dictations.get(dictationId);
      if (!manifest) refuse('not-found', 'This dictation no longer exists.');
      askable(manifest);
      let language: string | null = null;
      if (forPatient) {
        if (manifest.patientId === null) refuse('refused', 'A handout is made in its patient’s language: choose this recording’s patient first.');
        language = deps.patientLanguage(manifest.patientId);
        if (language === null || !handoutLanguage(language)) refuse('needs-confirmation', 'Which language does the patient read? Choose it once; it is kept with the patient.');
      }
      const same = store.sameAs(dictationId, templateId, language);
      if (same) {
        // Asked again: the same document, never a second one; one not made is asked for again.
        if (same.state === 'failed') outbox.retry(same.id);
        return summaryOfDocument(store.get(same.id)!);
      }
      const document = store.create({ dictationId, templateId, title, language, testData: deps.sendsToSandbox() });
      deps.log(`documents: one asked for${language ? ' in the patient’s language' : ''}`);
      outbox.kick();
      return summaryOfDocument(document);
    },
    openDocument: ({ id }) => detailOf(id),
    retryDocument: ({ id }) => {
      existing(id);
      outbox.retry(id);
    },
    deleteDocument: ({ id }) => {
      existing(id);
      outbox.remove(id);
      deps.log('documents: one deleted');
    },
    setDocumentReviewed: ({ id, reviewed }) => {
      const { document, manifest } = existing(id);
      if (reviewed && document.state !== 'ready') refuse('refused', 'This document is not ready to review yet.');
      return summaryOfDocument(store.update(id, reviewed ? { reviewedAt: isoNow(deps.clock), reviewedFor: ownerOf(manifest) } : { reviewedAt: null, reviewedFor: null }));
    },
    copyDocument: async ({ id, anyway }) => {
      const { document, manifest } = existing(id);
      const problem = leavingProblem(dictations, manifest, document, deps.patientOf, { requireReview: deps.requireReview(), chosen: deps.visit.chosen(), done: 'copied', anyway: anyway === true });
      // A refusal takes the app's earlier copy off the clipboard, as any refused copy does.
      if (problem) {
        await deps.copies.copy({ refused: problem.message });
        refuse(problem.kind, problem.message);
      }
      const outcome = await deps.copies.copy(documentCopy(manifest, document, deps.patientOf));
      if (!outcome.copied) refuse('refused', outcome.reason);
      deps.visit.noteLeft(manifest.patientId);
    },
    printDocument: async ({ id }) => {
      const { html, manifest } = printable(id);
      const printed = await deps.print(html);
      if (printed) deps.visit.noteLeft(manifest.patientId);
      return printed;
    },
    saveDocumentPdf: async ({ id }) => {
      const { html, document, manifest } = printable(id);
      const who = manifest.patientId ? patientName(deps.patientOf(manifest.patientId)!) : manifest.label;
      const what = document.templateId.replace(/[^A-Za-z0-9_-]+/g, '-');
      const name = `${exportStem(who, manifest.createdAt, 'dictation')}-${what}${document.language ? `-${document.language}` : ''}${document.testData ? TEST_DATA_FILE_SUFFIX : ''}.pdf`;
      const saved = await deps.savePdf(html, name);
      if (saved) deps.visit.noteLeft(manifest.patientId);
      return saved;
    },
    showingDocument: ({ id }) => deps.showing(id),
  };
}
