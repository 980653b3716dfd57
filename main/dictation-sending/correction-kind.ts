/**
 * The doctor's corrections, saved to the service as a document of the dictation's session
 * (a kind of outbox item that is only sent, outbox-kind.ts): once made, that document is updated in place by every
 * later correction (and by Undo, which puts the service's note back), offline or not; the
 * latest note goes, never an older one after it. Only dictations sent in a session have one.
 * What was sent is kept in the manifest (the document's id and the correction it holds);
 * attempts only in memory.
 */
import { FINISHED_STATES } from '../../contract/dictation';
import { noteMarkdown } from '../../contract/clinical-note';
import type { SavedDocument } from '../api/service-client';
import { AttemptsInMemory } from '../outbox/attempts-in-memory';
import type { OutboxKind, OutboxStore, QueuedItem } from '../outbox/outbox-kind';
import { uploadOnlyKind } from '../outbox/upload-only-kind';
import type { DictationManifest } from '../dictations/dictation-manifest';
import type { DictationStore } from '../dictations/dictation-store';

/** What the document holds: the correction's time, or the service's own note (after Undo). */
const SERVICE_NOTE = 'service-note';

export interface CorrectionItem extends QueuedItem {
  dictationId: string;
  /** The version of the note to send. */
  version: string;
  /** Set when the service refused it for good: this version is not sent again (a later correction is). */
  givenUp?: boolean;
}

/** The note's version the service should hold, or null when it needs no document. */
function wantedVersion(manifest: DictationManifest): string | null {
  if (manifest.api !== 'sessions' || !manifest.session?.endedAt || !FINISHED_STATES.has(manifest.state)) return null;
  const version = manifest.correctedAt ?? (manifest.correctionDocument.id ? SERVICE_NOTE : null);
  return version !== null && version !== manifest.correctionDocument.sentFor ? version : null;
}

class CorrectionStore implements OutboxStore<CorrectionItem> {
  private readonly attempts = new AttemptsInMemory();
  /** The version the service refused, by dictation. */
  private readonly refused = new Map<string, string>();

  constructor(private readonly dictations: DictationStore) {}

  list(): CorrectionItem[] {
    return this.dictations.list().flatMap((manifest) => {
      const item = this.item(manifest);
      return item ? [item] : [];
    });
  }

  get(id: string): CorrectionItem | undefined {
    const manifest = this.dictations.get(id);
    return manifest ? (this.item(manifest) ?? undefined) : undefined;
  }

  update(id: string, patch: Partial<CorrectionItem>): CorrectionItem {
    return this.writeOrKeepInMemory(id, patch);
  }

  writeOrKeepInMemory(id: string, patch: Partial<CorrectionItem>): CorrectionItem {
    const current = this.get(id);
    if (!current) throw new Error('This correction no longer waits to be sent.');
    const merged = { ...current, ...patch, ...this.attempts.take(id, patch) };
    if (patch.givenUp) {
      this.refused.set(id, current.version);
      this.attempts.forget((candidate) => candidate === id);
      this.dictations.writeOrKeepInMemory(id, { problem: `Your correction is kept on this computer; the service did not take it (${(patch.problem ?? 'refused').replace(/\.$/, '')}).` });
    }
    return merged;
  }

  private item(manifest: DictationManifest): CorrectionItem | null {
    const version = wantedVersion(manifest);
    if (version === null || manifest.haltedAt !== null || this.refused.get(manifest.id) === version) return null;
    return {
      id: manifest.id,
      dictationId: manifest.id,
      version,
      createdAt: manifest.createdAt,
      ...this.attempts.of(manifest.id),
      uploadedAt: null,
      finishedAt: null,
    };
  }
}

export interface CorrectionDeps {
  store: DictationStore;
  client: {
    saveSessionDocument(input: { sessionId: string; documentId?: string | null; name: string; markdown: string; signal?: AbortSignal; onDocumentId?(id: string): void }): Promise<SavedDocument>;
  };
  held?(): boolean;
}

/** Corrected notes as the session's document: the kind the host registers. */
export function correctionKind({ store, client, held }: CorrectionDeps): OutboxKind<CorrectionItem, never> {
  return uploadOnlyKind<CorrectionItem>({
    name: 'corrected notes',
    store: new CorrectionStore(store),
    uploadFailed: 'The corrected note could not be saved to the service',
    upload: async (item, { signal }) => {
      const manifest = store.get(item.dictationId);
      if (!manifest?.session) return;
      const correction = store.readCorrection(manifest.id);
      const markdown = noteMarkdown(store.readResult(manifest.id), correction && 'parts' in correction ? correction : null, manifest.testData);
      if (markdown === null) return;
      const sessionId = manifest.session.id;
      const remember = (id: string) => {
        const now = store.get(manifest.id);
        if (now && now.correctionDocument.id !== id) store.writeOrKeepInMemory(manifest.id, { correctionDocument: { ...now.correctionDocument, id } });
      };
      await client.saveSessionDocument({ sessionId, documentId: manifest.correctionDocument.id, name: 'Note corrected by the doctor', markdown, signal, onDocumentId: remember });
      const now = store.get(manifest.id);
      if (now) store.writeOrKeepInMemory(manifest.id, { correctionDocument: { ...now.correctionDocument, sentFor: item.version } });
    },
    failed: { givenUp: true },
    // The same document is updated again: no second copy.
    malformedRetries: 5,
    // One at a time: two saves of one document must not cross.
    concurrency: 1,
    held,
  });
}
