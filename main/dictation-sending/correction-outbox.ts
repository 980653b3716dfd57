/**
 * The doctor's corrections, saved to the service as a document of the dictation's session
 * (a kind of outbox item, outbox.ts): once made, that document is updated in place by every
 * later correction (and by Undo, which puts the service's note back), offline or not; the
 * latest note goes, never an older one after it. Only dictations sent in a session have one.
 * What was sent is kept in the manifest (the document's id and the correction it holds);
 * attempts only in memory.
 */
import { FINISHED_STATES } from '../../contract/dictation';
import { noteMarkdown } from '../../contract/clinical-note';
import type { BackoffPolicy } from '../api/retry-policy';
import type { SavedDocument } from '../api/service-client';
import { AttemptsInMemory } from '../outbox/attempts-in-memory';
import { Outbox, type OutboxKind, type OutboxStore, type QueuedItem } from '../outbox/outbox';
import type { ServiceHealth } from '../service/service-health';
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
    if (version === null || this.refused.get(manifest.id) === version) return null;
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

export interface CorrectionOutboxOptions {
  store: DictationStore;
  client: {
    saveSessionDocument(input: { sessionId: string; documentId?: string | null; name: string; markdown: string; signal?: AbortSignal; onDocumentId?(id: string): void }): Promise<SavedDocument>;
  };
  health: ServiceHealth;
  isOnline(): boolean;
  autoSync(): boolean;
  retryBackoff?: BackoffPolicy;
  now?: () => number;
  random?: () => number;
  onFault?(error: unknown): void;
}

function correctionKind({ store, client }: CorrectionOutboxOptions): OutboxKind<CorrectionItem, never> {
  return {
    words: {
      uploadFailed: 'The corrected note could not be saved to the service',
      lookupFailed: 'The corrected note could not be saved to the service',
      lost: 'The service lost the corrected note.',
      notStored: 'It could not be saved on this computer.',
      gone: 'This dictation no longer exists.',
      cannotRetry: 'This correction cannot be sent again now.',
    },
    waitsForUpload: () => true,
    waitsForResult: () => false,
    firstLookupDelayMs: () => 0,
    upload: async (item, { signal }) => {
      const manifest = store.get(item.dictationId);
      if (!manifest?.session) return {};
      const correction = store.readCorrection(manifest.id);
      const markdown = noteMarkdown(store.readResult(manifest.id), correction && 'parts' in correction ? correction : null, manifest.testData);
      if (markdown === null) return {};
      const sessionId = manifest.session.id;
      const remember = (id: string) => {
        const now = store.get(manifest.id);
        if (now && now.correctionDocument.id !== id) store.writeOrKeepInMemory(manifest.id, { correctionDocument: { ...now.correctionDocument, id } });
      };
      await client.saveSessionDocument({ sessionId, documentId: manifest.correctionDocument.id, name: 'Note corrected by the doctor', markdown, signal, onDocumentId: remember });
      const now = store.get(manifest.id);
      if (now) store.writeOrKeepInMemory(manifest.id, { correctionDocument: { ...now.correctionDocument, sentFor: item.version } });
      return {};
    },
    lookUp: () => Promise.reject(new Error('A corrected note has no result of its own.')),
    settle: () => ({}),
    waiting: {},
    failed: { givenUp: true },
    retry: () => ({}),
    // The same document is updated again: no second copy.
    malformedRetries: { upload: 5, lookup: 0 },
  };
}

export class CorrectionOutbox extends Outbox<CorrectionItem, never> {
  constructor(options: CorrectionOutboxOptions) {
    super(correctionKind(options), new CorrectionStore(options.store), {
      health: options.health,
      isOnline: options.isOnline,
      enabled: options.autoSync,
      concurrency: 1,
      retryBackoff: options.retryBackoff,
      now: options.now,
      random: options.random,
      onFault: options.onFault,
    });
  }
}
