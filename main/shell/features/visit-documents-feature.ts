/**
 * Documents from one recording, assembled: their store (in the dictations' folders, sealed with
 * each dictation's key), their outbox kind, the templates list, the bridge's handlers, the
 * printer and the PDF file, and the copy shortcut's share. The only module of the room that
 * touches Electron. A consultation whose consent is being withdrawn stops its documents at once.
 */
import { dialog } from 'electron';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_STATES } from '../../../contract/visit-documents';
import type { CopyPath } from '../../clipboard/copy-path';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import { refuse } from '../../core/refusal';
import type { DictationStore } from '../../dictations/dictation-store';
import { log } from '../log';
import type { PatientOf } from '../../note-leaving/dictation-notes';
import type { OutboxHost } from '../../outbox/outbox-host';
import type { PatientStore } from '../../patients/patient-store';
import type { ServiceFeature } from './service-feature';
import type { SettingsService } from '../../settings/settings-service';
import { storageProblem } from '../../storage/storage-problem';
import type { WindowEvents } from '../windows/app-window';
import { pagePdf, printPage } from '../windows/print-page';
import { documentHandlers } from '../../visit-documents/document-handlers';
import { documentKind } from '../../visit-documents/document-kind';
import { VisitDocumentStore, summaryOfDocument } from '../../visit-documents/document-store';
import { DocumentTemplateList } from '../../visit-documents/document-templates';
import { documentsForShortcut } from '../../visit-documents/documents-for-shortcut';

/** The in-memory session the printed page lives in. */
const PRINT_PARTITION = 'document-print';
/** Chromium refuses longer URLs, and the page is one. */
const MAX_URL_CHARS = 2 * 1024 * 1024 - 1024;
const PENDING = new Set<string>(DOCUMENT_STATES.filter((state) => state === 'waiting' || state === 'asking' || state === 'making'));

export interface VisitDocumentsFeatureDeps {
  userData: string;
  clock: Clock;
  dictations: DictationStore;
  service: Pick<ServiceFeature, 'client'>;
  settings: Pick<SettingsService, 'current' | 'clinicHeader'>;
  copies: CopyPath;
  outboxes: OutboxHost;
  window: WindowEvents;
  patients: Pick<PatientStore, 'get' | 'visitPatient' | 'noteLeft'>;
}

function pageUrl(html: string): string {
  const url = `data:text/html;base64,${Buffer.from(html, 'utf8').toString('base64')}`;
  if (url.length > MAX_URL_CHARS) refuse('refused', 'This document is too long to print from here.');
  return url;
}

/** The PDF written where the user chooses; the path, or null when cancelled. */
async function savePdf(deps: VisitDocumentsFeatureDeps, html: string, defaultPath: string): Promise<string | null> {
  const options = {
    title: 'Save the handout as PDF (the file is saved unencrypted)',
    message: 'The PDF is not encrypted: save it only where patient data may be kept.',
    defaultPath,
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  };
  const window = deps.window.current;
  const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return null;
  const pdf = await pagePdf(pageUrl(html), PRINT_PARTITION);
  const path = /\.pdf$/i.test(choice.filePath) ? choice.filePath : `${choice.filePath}.pdf`;
  try {
    await writeFile(path, pdf, { mode: 0o600 });
  } catch (error) {
    refuse('storage', `The PDF could not be saved. ${storageProblem(error)}`);
  }
  return path;
}

export function createVisitDocumentsFeature(deps: VisitDocumentsFeatureDeps) {
  const { dictations, outboxes, settings } = deps;
  const store = new VisitDocumentStore(dictations, deps.clock);
  const loaded = store.load();
  log.info(`documents: ${loaded.loaded} loaded, ${loaded.unreadable} unreadable`);
  const sendsToSandbox = () => settings.current().service === 'sandbox';
  const outbox = outboxes.register(documentKind({ store, dictations, client: deps.service.client, clock: deps.clock, sendsToSandbox }));
  outboxes.show({ items: store, uploads: outbox, changed: 'documentChanged', summary: summaryOfDocument, removed: 'documentRemoved', pending: (document) => PENDING.has(document.state) });
  // Withdrawal pressed: what is on its way for the consultation stops at once; resumed, it goes on.
  dictations.onChange((manifest) => {
    if (manifest.haltedAt !== null) for (const document of store.ofDictation(manifest.id)) outbox.stopFor(document.id);
    else outbox.kick();
  });
  const templates = new DocumentTemplateList(() => deps.service.client.listTemplates(), join(deps.userData, 'document-templates.json'));
  const patientOf: PatientOf = (id) => (id ? (deps.patients.get(id) ?? null) : null);
  const requireReview = () => settings.current().requireReview;
  const visit = { chosen: () => deps.patients.visitPatient(), noteLeft: (patientId: string | null) => deps.patients.noteLeft(patientId) };
  /** The document the window shows; the copy shortcut takes it. */
  let shownId: string | null = null;

  const handlers = documentHandlers({
    store,
    dictations,
    outbox,
    templates,
    copies: deps.copies,
    requireReview,
    patientOf,
    patientLanguage: (patientId) => deps.patients.get(patientId)?.language ?? null,
    visit,
    sendsToSandbox,
    clinicHeader: () => settings.clinicHeader(),
    print: async (html) => {
      try {
        return await printPage(pageUrl(html), PRINT_PARTITION);
      } catch (error) {
        log.warn(`documents: printing failed (${(error as Error).name})`);
        refuse('refused', 'The document could not be printed. Check that a printer is set up, or save it as PDF and print that file.');
      }
    },
    savePdf: (html, name) => savePdf(deps, html, name),
    showing: (id) => (shownId = id),
    clock: deps.clock,
    log: (event) => log.info(event),
  });

  return {
    handlers,
    store,
    /** What the copy shortcut copies of a document in view. */
    shortcutDocuments: documentsForShortcut({ store, dictations, copies: deps.copies, shownId: () => shownId, patientOf, requireReview, chosen: visit.chosen, noteLeft: visit.noteLeft }),
    /** The patient a document is for (its dictation's), for the audit trail. */
    patientOf: (id: string): string | null => {
      const document = store.get(id);
      return document ? (dictations.get(document.dictationId)?.patientId ?? null) : null;
    },
    start: () => {},
    stop: async () => {},
  } satisfies Feature;
}
