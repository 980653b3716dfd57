/**
 * A kind whose items are only sent (a part of a session's audio, a corrected note): it
 * declares its store, its upload and what a failure for good changes; it has no result to
 * look up, nothing to settle, and nothing to retry by itself. The rest of what a kind is
 * (outbox-kind.ts) is filled in here, once.
 */
import type { OutboxKind, OutboxStore, QueuedItem, UploadContext } from './outbox-kind';

export interface UploadOnly<M extends QueuedItem> {
  name: string;
  store: OutboxStore<M>;
  /** "It could not be sent", as the item's problem begins when this computer could not send it. */
  uploadFailed: string;
  /** Which items wait to be sent (default: every item the store lists). */
  waitsForUpload?(item: M): boolean;
  /** Sends the item; resolves once the service has it (with a change to the item, if any). */
  upload(item: M, context: UploadContext): Promise<Partial<M> | void>;
  /** The change when the service refused the item for good. */
  failed: Partial<M>;
  /** Unreadable answers retried this many times (only when sending again cannot make a second copy). */
  malformedRetries: number;
  concurrency?: number;
  held?(): boolean;
}

export function uploadOnlyKind<M extends QueuedItem>(declared: UploadOnly<M>): OutboxKind<M, never> {
  const { name, store, uploadFailed, failed, concurrency, held } = declared;
  // Nothing of such a kind is looked up, kept or retried by itself: only the upload's words are ever shown.
  const none = `${uploadFailed}.`;
  return {
    name,
    store,
    words: { uploadFailed, lookupFailed: uploadFailed, lost: none, notStored: none, gone: none, cannotRetry: none },
    waitsForUpload: declared.waitsForUpload ?? (() => true),
    waitsForResult: () => false,
    firstLookupDelayMs: () => 0,
    upload: async (item, context) => (await declared.upload(item, context)) ?? {},
    lookUp: () => Promise.reject(new Error(`${name}: an item that is only sent has no result to look up.`)),
    settle: () => ({}),
    waiting: {},
    failed,
    retry: () => ({}),
    malformedRetries: { upload: declared.malformedRetries, lookup: 0 },
    concurrency,
    held,
  };
}
