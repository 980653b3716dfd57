/**
 * Lab reports as a kind of outbox item (outbox.ts): queued ones are sent, then each one's
 * parsing result is looked up until the service has read it or refused it. The upload operation has no
 * client-chosen id, so an upload cut off by a crash is sent again from the start; the
 * service may then hold the document twice. A document the service has is never sent again
 * because its result could not be fetched or stored here: it is looked up again.
 */
import { canRetryLabReport, isLabReportPending } from '../../contract/lab-reports';
import type { LabReportResultAnswer, LabReportUpload } from '../api/service-client';
import { Outbox, type OutboxKind, type OutboxOptions } from '../outbox/outbox';
import { readLabReportResult, type LabReportParseAnswer } from './lab-result';
import type { LabReportManifest, LabReportStore } from './lab-report-store';

type FinalAnswer = Exclude<LabReportParseAnswer, { state: 'pending' }>;

/** The service needs a few seconds to read a report. */
const FIRST_LOOKUP_MS = 3_000;
const MAX_MALFORMED_ATTEMPTS = 5;

/**
 * The outbox's own options, passed on as they are (`pollSchedule`: between result lookups
 * while the service reads a report; `localRetryMs`: after a report could not be stored here),
 * and what sending lab reports needs besides. They are sent whether or not dictations are
 * sent automatically.
 */
export interface LabReportOutboxOptions extends Pick<OutboxOptions, 'health' | 'isOnline' | 'pollSchedule' | 'localRetryMs' | 'now' | 'random' | 'onProgress' | 'onFault'> {
  store: LabReportStore;
  client: {
    uploadLabReport(input: LabReportUpload): Promise<{ documentId: string }>;
    getLabReportResult(documentId: string, signal?: AbortSignal): Promise<LabReportResultAnswer>;
  };
  /** Whether requests are encrypted now (a key and kid are set). */
  encrypting(): boolean;
  /** True while the service is the built-in sandbox: what it reads back is test data. */
  sendsToSandbox?(): boolean;
  /** How long after its upload a report's result is first asked for. */
  firstLookupMs?: number;
}

function labReportKind(options: LabReportOutboxOptions): OutboxKind<LabReportManifest, FinalAnswer> {
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
    waitsForUpload: (labReport) => labReport.state === 'queued',
    waitsForResult: (labReport) => labReport.state === 'reading' && labReport.documentId !== null,
    firstLookupDelayMs: () => options.firstLookupMs ?? FIRST_LOOKUP_MS,
    upload: async (labReport, { signal, onProgress }) => {
      store.update(labReport.id, { state: 'uploading', problem: null, encrypted: options.encrypting(), testData: options.sendsToSandbox?.() ?? false });
      const { documentId } = await client.uploadLabReport({ file: store.documentSource(labReport), documentType: 'lr', tasks: labReport.tasks, batch: labReport.batch, signal, onProgress });
      return { state: 'reading', documentId, uploadedAt: new Date(now()).toISOString(), problem: null };
    },
    lookUp: async (labReport, signal) => {
      if (!labReport.documentId) return { state: 'pending' };
      const answer = readLabReportResult(await client.getLabReportResult(labReport.documentId, signal));
      return answer.state === 'pending' ? { state: 'pending' } : { state: 'final', result: answer };
    },
    settle: (labReport, answer) => {
      if (answer.state === 'error') return { state: 'failed', problem: answer.message };
      if (answer.state === 'deleted') return { state: 'failed', problem: 'The service deleted this document before reading it. Retry to send it again.' };
      store.saveReport(labReport.id, answer.report);
      return { state: 'ready', problem: null };
    },
    waiting: { state: 'queued' },
    failed: { state: 'failed' },
    lost: { documentId: null },
    retry: (labReport) => {
      if (!canRetryLabReport(labReport)) return null;
      // A report the service has but whose result could not be fetched is looked up again; otherwise it is sent again.
      if (labReport.documentId !== null && labReport.finishedAt === null) return { state: 'reading' };
      store.dropReport(labReport.id);
      return { state: 'queued', documentId: null, uploadedAt: null, finishedAt: null };
    },
    // An unreadable answer to an upload may hide a document the service took: not sent again unasked.
    malformedRetries: { upload: 0, lookup: MAX_MALFORMED_ATTEMPTS },
  };
}

export class LabReportOutbox extends Outbox<LabReportManifest, FinalAnswer> {
  private readonly labReports: LabReportStore;

  constructor(options: LabReportOutboxOptions) {
    super(labReportKind(options), options.store, options);
    this.labReports = options.store;
  }

  pendingCount(): number {
    return this.labReports.list().filter((labReport) => isLabReportPending(labReport.state)).length;
  }

  remove(id: string): void {
    this.halt(id);
    this.labReports.delete(id);
  }
}
