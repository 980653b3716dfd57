/**
 * Documents made from a recording as the page knows them: their summaries (main tells each
 * change), the templates they may be made of, the one open with its text, and what each
 * action last said. The page never holds a document's text for longer than it is open, and
 * never passes it anywhere: copy, print and PDF are main's.
 */
import { create } from 'zustand';
import type { ScribeBridge, ShortcutCopyOutcome } from '../../../contract/ipc';
import type { AppError, Result } from '../../../contract/result';
import type { DocumentDetail, DocumentSummary, DocumentTemplates } from '../../../contract/visit-documents';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import { followItems } from '../../app/follow';

export interface DocumentNotice {
  text: string;
  error: boolean;
  /** A refusal a deliberate click may overrule (another patient's, a prescription that contradicts itself). */
  anyway?: boolean;
  /** It says that the app's copy is on the clipboard (until a press of the copy shortcut replaces it). */
  copied?: boolean;
}

export interface DocumentsState {
  documents: ReadonlyMap<string, DocumentSummary>;
  templates: DocumentTemplates | null;
  /** The document whose text is shown, with it. */
  open: DocumentDetail | null;
  /** What the last action on each document said. */
  notices: Readonly<Record<string, DocumentNotice>>;
  follow(): () => void;
  loadTemplates(): Promise<void>;
  /** Asks for a document; the error when main refused (a language to ask first: `needs-confirmation`). */
  request(dictationId: string, templateId: string, forPatient: boolean): Promise<AppError | null>;
  /** The patient's language, asked once (null: not known). */
  setPatientLanguage(patientId: string, language: string): Promise<AppError | null>;
  /** Opens a document (its text), or closes it (null). */
  show(id: string | null): Promise<void>;
  /** The open document read again (the note it is compared with changed). */
  refresh(): Promise<void>;
  retry(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  setReviewed(id: string, reviewed: boolean): Promise<void>;
  copy(id: string, anyway?: boolean): Promise<void>;
  /** The copy shortcut copied, or refused: "Copied: …" gives way to what it did. */
  shortcutCopied(outcome: ShortcutCopyOutcome): void;
  print(id: string): Promise<void>;
  savePdf(id: string): Promise<void>;
}

export function documentsOf(documents: ReadonlyMap<string, DocumentSummary>, dictationId: string): DocumentSummary[] {
  return [...documents.values()].filter((document) => document.dictationId === dictationId).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
}

export function createDocumentsStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<DocumentsState>((set, get) => {
    const say = (id: string, notice: DocumentNotice | null) => {
      const { [id]: _earlier, ...rest } = get().notices;
      set({ notices: notice ? { ...rest, [id]: notice } : rest });
    };
    /** The open document again (its text, what it says otherwise than the note), after it or the note changed. */
    const refresh = async (id: string) => {
      if (get().open?.id !== id) return;
      const result = await bridge.openDocument({ id });
      if (get().open?.id === id) set({ open: result.ok ? result.value : null });
    };
    const act = async (id: string, call: Promise<Result<unknown>>, done: string, copied = false) => {
      const result = await call;
      say(id, result.ok ? { text: done, error: false, ...(copied ? { copied } : {}) } : { text: result.error.message, error: true, anyway: result.error.kind === 'needs-confirmation' });
    };
    return {
      documents: new Map(),
      templates: null,
      open: null,
      notices: {},
      follow: () =>
        followItems({
          onChanged: bridge.on.documentChanged,
          onRemoved: bridge.on.documentRemoved,
          load: () => valueOrReport(bridge.listDocuments()),
          changed: (document) => {
            // What the last action said holds until the document moves on (asked for again, then made).
            if (get().documents.get(document.id)?.state !== document.state) say(document.id, null);
            set({ documents: new Map(get().documents).set(document.id, document) });
            void refresh(document.id);
          },
          removed: (id) => {
            const documents = new Map(get().documents);
            documents.delete(id);
            set({ documents, open: get().open?.id === id ? null : get().open });
          },
          loaded: (fresh) => {
            const documents = new Map(get().documents);
            for (const document of fresh) if (!documents.has(document.id)) documents.set(document.id, document);
            set({ documents });
          },
        }),
      loadTemplates: async () => {
        const templates = await valueOrReport(bridge.listDocumentTemplates());
        if (templates) set({ templates });
      },
      request: async (dictationId, templateId, forPatient) => {
        const result = await bridge.requestDocument({ dictationId, templateId, forPatient });
        if (!result.ok) return result.error;
        set({ documents: new Map(get().documents).set(result.value.id, result.value) });
        return null;
      },
      setPatientLanguage: (patientId, language) => errorOf(bridge.setPatientLanguage({ id: patientId, language })),
      show: async (id) => {
        void bridge.showingDocument({ id });
        if (id === null) {
          set({ open: null });
          return;
        }
        set({ open: null });
        const detail = await valueOrReport(bridge.openDocument({ id }));
        set({ open: detail });
      },
      refresh: async () => {
        const open = get().open;
        if (open) await refresh(open.id);
      },
      retry: (id) => act(id, bridge.retryDocument({ id }), 'Asked for again.'),
      remove: async (id) => {
        const error = await errorOf(bridge.deleteDocument({ id }));
        if (error) say(id, { text: error.message, error: true });
      },
      setReviewed: async (id, reviewed) => {
        await act(id, bridge.setDocumentReviewed({ id, reviewed }), reviewed ? 'Marked reviewed.' : 'Review mark removed.');
        await refresh(id);
      },
      copy: (id, anyway) => act(id, bridge.copyDocument({ id, ...(anyway ? { anyway } : {}) }), 'Copied: paste it where it belongs in the patient’s record.', true),
      shortcutCopied: (outcome) => {
        const said: DocumentNotice = { text: outcome.message, error: !outcome.copied, copied: outcome.copied };
        set({ notices: Object.fromEntries(Object.entries(get().notices).map(([id, notice]) => [id, notice.copied ? said : notice])) });
      },
      print: async (id) => {
        const result = await bridge.printDocument({ id });
        say(id, result.ok ? (result.value ? { text: 'Sent to the printer.', error: false } : null) : { text: result.error.message, error: true });
      },
      savePdf: async (id) => {
        const result = await bridge.saveDocumentPdf({ id });
        say(id, result.ok ? (result.value ? { text: `Saved as ${result.value}.`, error: false } : null) : { text: result.error.message, error: true });
      },
    };
  });
}
