/**
 * Lab reports as a kind of outbox item (outbox.ts): queued ones are sent, then each one's
 * parsing result is looked up until the service has read it or refused it. The upload operation has no
 * client-chosen id, so an upload cut off by a crash is sent again from the start; the
 * service may then hold the document twice. A document the service has is never sent again
 * because its result could not be fetched or stored here: it is looked up again.
 */
import { canRetryRecord, isRecordPending } from '../../contract/records';
import type { RecordResultAnswer, RecordUpload } from '../api/service-client';
import { Outbox, type OutboxKind } from '../outbox/outbox';
import type { PollSchedule } from '../outbox/result-poller';
import type { ServiceHealth } from '../service/service-health';
import { readRecordResult, type RecordParseAnswer } from './lab-result';
import type { RecordManifest, RecordStore } from './record-store';

type FinalAnswer = Exclude<RecordParseAnswer, { state: 'pending' }>;

/** The service needs a few seconds to read a report. */
const FIRST_LOOKUP_MS = 3_000;
const MAX_MALFORMED_ATTEMPTS = 5;

export interface RecordOutboxOptions {
  store: RecordStore;
  client: {
    uploadRecord(input: RecordUpload): Promise<{ documentId: string }>;
    getRecordResult(documentId: string, signal?: AbortSignal): Promise<RecordResultAnswer>;
  };
  health: ServiceHealth;
  isOnline(): boolean;
  /** Whether requests are encrypted now (a key and kid are set). */
  encrypting(): boolean;
  onProgress?(id: string, fraction: number): void;
  /** Between result lookups while the service reads a report. */
  pollSchedule?: PollSchedule;
  /** How long after its upload a report's result is first asked for. */
  firstLookupMs?: number;
  /** After a local failure (the report could not be stored here), look it up again this much later. */
  localRetryMs?: number;
  now?: () => number;
  random?: () => number;
  /** A fault the outbox did not expect, for the log. */
  onFault?(error: unknown): void;
}

function labReportKind(options: RecordOutboxOptions): OutboxKind<RecordManifest, FinalAnswer> {
  const { store, client } = options;
  const now = () => (options.now ?? Date.now)();
  return {
    words: {
      uploadFailed: 'The file could not be sent',
      lookupFailed: 'The result could not be fetched',
      lost: 'The service lost track of this document. Retry to send it again.',
      notStored: 'The report could not be saved on this computer.',
      gone: 'This document is no longer in the list.',
      cannotRetry: 'This document cannot be sent again now.',
    },
    waitsForUpload: (record) => record.state === 'queued',
    waitsForResult: (record) => record.state === 'reading' && record.documentId !== null,
    firstLookupDelayMs: () => options.firstLookupMs ?? FIRST_LOOKUP_MS,
    upload: async (record, { signal, onProgress }) => {
      store.update(record.id, { state: 'uploading', problem: null, encrypted: options.encrypting() });
      const { documentId } = await client.uploadRecord({ file: store.documentSource(record), documentType: 'lr', tasks: record.tasks, batch: record.batch, signal, onProgress });
      return { state: 'reading', documentId, uploadedAt: new Date(now()).toISOString(), problem: null };
    },
    lookUp: async (record, signal) => {
      if (!record.documentId) return { state: 'pending' };
      const answer = readRecordResult(await client.getRecordResult(record.documentId, signal));
      return answer.state === 'pending' ? { state: 'pending' } : { state: 'final', result: answer };
    },
    settle: (record, answer) => {
      if (answer.state === 'error') return { state: 'failed', problem: answer.message };
      if (answer.state === 'deleted') return { state: 'failed', problem: 'The service deleted this document before reading it. Retry to send it again.' };
      store.saveReport(record.id, answer.report);
      return { state: 'ready', problem: null };
    },
    waiting: { state: 'queued' },
    failed: { state: 'failed' },
    lost: { documentId: null },
    retry: (record) => {
      if (!canRetryRecord(record)) return null;
      // A report the service has but whose result could not be fetched is looked up again; otherwise it is sent again.
      if (record.documentId !== null && record.finishedAt === null) return { state: 'reading' };
      store.dropReport(record.id);
      return { state: 'queued', documentId: null, uploadedAt: null, finishedAt: null };
    },
    // An unreadable answer to an upload may hide a document the service took: not sent again unasked.
    malformedRetries: { upload: 0, lookup: MAX_MALFORMED_ATTEMPTS },
  };
}

export class RecordOutbox extends Outbox<RecordManifest, FinalAnswer> {
  private readonly records: RecordStore;

  constructor(options: RecordOutboxOptions) {
    super(labReportKind(options), options.store, {
      health: options.health,
      isOnline: options.isOnline,
      pollSchedule: options.pollSchedule,
      localRetryMs: options.localRetryMs,
      now: options.now,
      random: options.random,
      onProgress: options.onProgress,
      onFault: options.onFault,
    });
    this.records = options.store;
  }

  pendingCount(): number {
    return this.records.list().filter((record) => isRecordPending(record.state)).length;
  }

  remove(id: string): void {
    this.halt(id);
    this.records.delete(id);
  }
}
