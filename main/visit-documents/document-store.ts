/**
 * Documents made from a recording, on disk: one file each, in its dictation's folder
 * (`dictations/<id>/documents/<document>.sealed`), sealed with the dictation's key, written
 * atomically at every change, so that a crash loses no document and leaves none half-written;
 * deleting the dictation (or a withdrawal of consent) destroys that key first, and its documents
 * with it. Everything about a document is sealed (which template, which language the patient
 * reads, its text): nothing in clear ties it to a patient. The outbox schedules them through the
 * store (outbox-kind.ts); what is only scheduling (attempts) is written too, so that a restart
 * resumes where it was.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DOCUMENT_STATES, type DocumentSummary } from '../../contract/visit-documents';
import { ownerOf } from '../clipboard/copy-path';
import { Emitter } from '../core/emitter';
import type { OutboxStore } from '../outbox/outbox-kind';
import { writeFileAtomic } from '../storage/atomic-file';
import { openSealedBytes, sealBytes } from '../storage/sealed-file';
import type { DictationStore } from '../dictations/dictation-store';

const FOLDER = 'documents';
/** A document is a few kilobytes of Markdown; a file far larger is not one. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

const documentSchema = z.object({
  version: z.literal(1),
  id: z.uuid(),
  dictationId: z.uuid(),
  templateId: z.string().min(1).max(200),
  title: z.string().max(500),
  /** For the patient, in this language (ISO 639-1); null: in the note's. */
  language: z.string().max(8).nullable(),
  state: z.enum(DOCUMENT_STATES),
  createdAt: z.string(),
  attempts: z.number().int().min(0),
  nextAttemptAt: z.string().nullable(),
  problem: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The service's id of it, once the service took the request. */
  serviceDocumentId: z.string().max(200).nullable(),
  /** When a request last went (its answer may have been lost): before asking again, the session's documents are looked at. */
  askedAt: z.string().nullable(),
  /** The session's documents of the same template before the first request: a new one since is this one. Null until listed. */
  knownBefore: z.array(z.string().max(200)).max(1_000).nullable(),
  reviewedAt: z.string().nullable(),
  /** Whose it was when reviewed (ownerOf): under another patient or label it is no longer the document reviewed. */
  reviewedFor: z.string().nullable().default(null),
  testData: z.boolean(),
  text: z.string().nullable(),
});
export type VisitDocument = z.infer<typeof documentSchema>;

export function summaryOfDocument(document: VisitDocument): DocumentSummary {
  return {
    id: document.id,
    dictationId: document.dictationId,
    templateId: document.templateId,
    title: document.title,
    language: document.language,
    state: document.state,
    problem: document.problem,
    nextAttemptAt: document.nextAttemptAt,
    attempts: document.attempts,
    createdAt: document.createdAt,
    readyAt: document.state === 'ready' ? document.finishedAt : null,
    reviewedAt: document.reviewedAt,
    testData: document.testData,
  };
}

export class VisitDocumentStore implements OutboxStore<VisitDocument> {
  private readonly documents = new Map<string, VisitDocument>();
  private readonly changes = new Emitter<VisitDocument>();
  private readonly removals = new Emitter<string>();

  constructor(
    private readonly dictations: DictationStore,
    private readonly now: () => number = Date.now,
  ) {
    // Another patient or label for the dictation: its documents are no longer the ones reviewed, as its note is not.
    dictations.onChange((manifest) => {
      for (const document of this.ofDictation(manifest.id)) {
        if (document.reviewedAt !== null && document.reviewedFor !== ownerOf(manifest)) this.writeOrKeepInMemory(document.id, { reviewedAt: null, reviewedFor: null });
      }
    });
    // A dictation deleted or withdrawn: its key is gone, and its documents with it.
    dictations.onRemove((dictationId) => {
      for (const document of this.ofDictation(dictationId)) {
        this.documents.delete(document.id);
        this.removals.emit(document.id);
      }
    });
  }

  /** True while the dictations' keys cannot be opened: nothing is read, written or sent. */
  get locked(): boolean {
    return this.dictations.locked;
  }

  /**
   * Reads every document of every dictation; how many could not be read (a damaged file, a
   * missing key). A request cut off by a crash waits to be asked again (its session is looked at first).
   */
  load(): { loaded: number; unreadable: number } {
    if (this.locked) return { loaded: 0, unreadable: 0 };
    let unreadable = 0;
    for (const dictation of this.dictations.list()) {
      const folder = join(this.dictations.folderOf(dictation.id), FOLDER);
      if (!existsSync(folder)) continue;
      for (const name of readdirSync(folder).filter((file) => file.endsWith('.sealed'))) {
        const document = this.read(dictation.id, join(folder, name));
        if (!document) {
          unreadable += 1;
          continue;
        }
        this.documents.set(document.id, document);
        if (document.state === 'asking') this.writeOrKeepInMemory(document.id, { state: 'waiting' });
      }
    }
    return { loaded: this.documents.size, unreadable };
  }

  list(): VisitDocument[] {
    return [...this.documents.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  get(id: string): VisitDocument | undefined {
    return this.documents.get(id);
  }

  ofDictation(dictationId: string): VisitDocument[] {
    return this.list().filter((document) => document.dictationId === dictationId);
  }

  /** The document of this template (and language) already asked for from the dictation, if any. */
  sameAs(dictationId: string, templateId: string, language: string | null): VisitDocument | undefined {
    return this.ofDictation(dictationId).find((document) => document.templateId === templateId && document.language === language);
  }

  create(input: Pick<VisitDocument, 'dictationId' | 'templateId' | 'title' | 'language' | 'testData'>): VisitDocument {
    const document: VisitDocument = {
      version: 1,
      id: randomUUID(),
      ...input,
      state: 'waiting',
      createdAt: new Date(this.now()).toISOString(),
      attempts: 0,
      nextAttemptAt: null,
      problem: null,
      uploadedAt: null,
      finishedAt: null,
      serviceDocumentId: null,
      askedAt: null,
      knownBefore: null,
      reviewedAt: null,
      reviewedFor: null,
      text: null,
    };
    return this.write(document);
  }

  update(id: string, patch: Partial<VisitDocument>): VisitDocument {
    const current = this.documents.get(id);
    if (!current) throw new Error('This document no longer exists.');
    return this.write(documentSchema.parse({ ...current, ...patch }));
  }

  writeOrKeepInMemory(id: string, patch: Partial<VisitDocument>): VisitDocument {
    try {
      return this.update(id, patch);
    } catch (error) {
      const current = this.documents.get(id);
      if (!current) throw error;
      const kept = documentSchema.parse({ ...current, ...patch });
      this.documents.set(id, kept);
      this.changes.emit(kept);
      return kept;
    }
  }

  delete(id: string): void {
    const document = this.documents.get(id);
    if (!document) return;
    rmSync(this.pathOf(document), { force: true });
    this.documents.delete(id);
    this.removals.emit(id);
  }

  /** The bytes the document takes on disk, sealed. */
  sealedBytes(id: string): number {
    const document = this.documents.get(id);
    return document ? statSync(this.pathOf(document)).size : 0;
  }

  onChange(listener: (document: VisitDocument) => void): () => void {
    return this.changes.on(listener);
  }

  onRemove(listener: (id: string) => void): () => void {
    return this.removals.on(listener);
  }

  private pathOf(document: Pick<VisitDocument, 'id' | 'dictationId'>): string {
    return join(this.dictations.folderOf(document.dictationId), FOLDER, `${document.id}.sealed`);
  }

  private write(document: VisitDocument): VisitDocument {
    const { key } = this.dictations.keysOf(document.dictationId);
    writeFileAtomic(this.pathOf(document), sealBytes(key, Buffer.from(JSON.stringify(document), 'utf8')));
    this.documents.set(document.id, document);
    this.changes.emit(document);
    return document;
  }

  private read(dictationId: string, path: string): VisitDocument | null {
    try {
      if (statSync(path).size > MAX_FILE_BYTES) return null;
      const parsed = documentSchema.safeParse(JSON.parse(openSealedBytes(this.dictations.keysOf(dictationId).key, readFileSync(path)).toString('utf8')));
      return parsed.success && parsed.data.dictationId === dictationId ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
