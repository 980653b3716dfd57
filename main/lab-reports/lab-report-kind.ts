/**
 * Lab reports as a kind of outbox item (outbox-kind.ts): queued ones are sent, then each one's
 * parsing result is looked up until the service has read it or refused it. The upload operation has no
 * client-chosen id, so an upload cut off by a crash is sent again from the start; the
 * service may then hold the document twice. A document the service has is never sent again
 * because its result could not be fetched or stored here: it is looked up again.
 */
import { canRetryLabReport, isLabReportPending } from '../../contract/lab-reports';
import type { PatientHeaders } from '../api/service-call';
import type { LabReportResultAnswer, LabReportUpload } from '../api/service-client';
import type { Clock } from '../core/clock';
import type { OutboxKind } from '../outbox/outbox-kind';
import type { PollSchedule } from '../outbox/result-poller';
import { readLabReportResult, type LabReportParseAnswer } from './lab-result';
import type { LabReportManifest, LabReportStore } from './lab-report-store';

type FinalAnswer = Exclude<LabReportParseAnswer, { state: 'pending' }>;

/** The service needs a few seconds to read a report. */
const FIRST_LOOKUP_MS = 3_000;
const MAX_MALFORMED_ATTEMPTS = 5;

export interface LabReportDeps {
  store: LabReportStore;
  client: {
    uploadLabReport(input: LabReportUpload): Promise<{ documentId: string }>;
    getLabReportResult(documentId: string, signal?: AbortSignal): Promise<LabReportResultAnswer>;
  };
  /** The host's clock: when a report was sent. */
  clock: Clock;
  /** Whether requests are encrypted now (a key and kid are set). */
  encrypting(): boolean;
  /** True while the service is the built-in sandbox: what it reads back is test data. */
  sendsToSandbox?(): boolean;
  /** The report's patient as the service knows them (X-Pt-Id); without it, none is sent. */
  patientHeaders?(patientId: string, signal: AbortSignal): Promise<PatientHeaders>;
  /** How long after its upload a report's result is first asked for. */
  firstLookupMs?: number;
  /** Between result lookups while the service reads a report. */
  pollSchedule?: PollSchedule;
  /** After a report could not be stored here, it is fetched again this much later. */
  localRetryMs?: number;
}

/** What counts as waiting to be sent, for the status bar. */
export function labReportPending(labReport: LabReportManifest): boolean {
  return isLabReportPending(labReport.state);
}

/**
 * Lab reports as the host registers them. They are sent whether or not dictations are sent
 * automatically, and not while their keys are locked.
 */
export function labReportKind(options: LabReportDeps): OutboxKind<LabReportManifest, FinalAnswer> {
  const { store, client } = options;
  const now = () => options.clock.now();
  return {
    name: 'lab reports',
    store,
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
      const patient = labReport.patientId && options.patientHeaders ? await options.patientHeaders(labReport.patientId, signal) : undefined;
      const { documentId } = await client.uploadLabReport({ file: store.documentSource(labReport), documentType: 'lr', tasks: labReport.tasks, batch: labReport.batch, patient, signal, onProgress });
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
    ignoresAutoSync: true,
    held: () => store.locked,
    pollSchedule: options.pollSchedule,
    localRetryMs: options.localRetryMs,
  };
}
