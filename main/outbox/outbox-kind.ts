/**
 * What a kind of outbox item (a dictation by the voice upload, a part of a session, a lab
 * report, …) declares to the outbox host: its store, how an item is sent and its result
 * looked up, and the changes that record each step. Everything a kind does not declare
 * (attempts, back-off, holds, the clock, the service's health) is the host's. A kind that
 * only sends declares just that (upload-only-kind.ts). Types only.
 */
import type { LookupAnswer, PollSchedule } from './result-poller';

/** What the outbox reads and writes of every item. */
export interface QueuedItem {
  id: string;
  createdAt: string;
  attempts: number;
  nextAttemptAt: string | null;
  problem: string | null;
  uploadedAt: string | null;
  finishedAt: string | null;
}

export interface OutboxStore<M extends QueuedItem> {
  list(): M[];
  get(id: string): M | undefined;
  /** Writes the change; throws when the disk cannot take it. */
  update(id: string, patch: Partial<M>): M;
  /** Writes the change, or keeps it in memory when the disk cannot take it. */
  writeOrKeepInMemory(id: string, patch: Partial<M>): M;
  /** Deletes the item and what is kept of it. */
  delete?(id: string): void;
}

export interface UploadContext {
  signal: AbortSignal;
  onProgress(sentBytes: number, totalBytes: number): void;
}

/** For messages: "The dictation could not be sent", "The result could not be fetched", … */
export interface KindWords {
  uploadFailed: string;
  lookupFailed: string;
  lost: string;
  notStored: string;
  gone: string;
  cannotRetry: string;
}

export interface OutboxKind<M extends QueuedItem, R> {
  /** What is sent, for the log ("dictations", "lab reports"). */
  name: string;
  store: OutboxStore<M>;
  words: KindWords;
  waitsForUpload(item: M): boolean;
  waitsForResult(item: M): boolean;
  /** How long after its upload an item's result can first be expected. */
  firstLookupDelayMs(item: M): number;
  /** Sends the item (it may mark it as being sent); resolves with the change that records the service has it. */
  upload(item: M, context: UploadContext): Promise<Partial<M>>;
  lookUp(item: M, signal: AbortSignal): Promise<LookupAnswer<R>>;
  /** Keeps a final result; the item's change. Throws when the result cannot be kept here (it is fetched again later, never sent again). */
  settle(item: M, result: R): Partial<M>;
  /** The change when an upload waits for another attempt. */
  waiting: Partial<M>;
  /** The change when the item has failed for good. */
  failed: Partial<M>;
  /** The change when the service no longer knows the item (only sending it again can help). */
  lost?: Partial<M>;
  /** The change that sends an item again now, or null when it cannot be. */
  retry(item: M): Partial<M> | null;
  /** The change that stops sending an item (it stays until deleted or retried), or null when nothing is under way for it. */
  cancel?(item: M): Partial<M> | null;
  /**
   * Answers the service could not be understood are retried this many times. An upload the
   * service may have taken although its answer was unreadable is retried only when sending it
   * again cannot make a second copy.
   */
  malformedRetries: { upload: number; lookup: number };
  /** The item reached its end: completed, partial or failed. */
  onFinished?(item: M): void;
  /** Sent whether or not automatic sending is on (the host's `autoSync`). */
  ignoresAutoSync?: boolean;
  /** True while nothing of this kind may be sent (its keys are locked). */
  held?(): boolean;
  /** Uploads at a time (default 2). */
  concurrency?: number;
  /** Result lookups at a time (default 4). */
  lookupConcurrency?: number;
  /** Between result lookups while the service works (default: result-poller.ts). */
  pollSchedule?: PollSchedule;
  /** After a result could not be kept here, it is fetched again this much later. */
  localRetryMs?: number;
}
