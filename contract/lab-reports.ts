/** Lab report uploads as the renderer sees them. */
import type { PatientField } from './patient-match';

export const LAB_REPORT_TASKS = ['smart', 'pii', 'classification'] as const;
export type LabReportTask = (typeof LAB_REPORT_TASKS)[number];

export const TASK_LABELS: Record<LabReportTask, string> = {
  smart: 'Smart report (values and ranges)',
  pii: 'Patient details (name, age, IDs)',
  classification: 'Document type',
};

export type LabReportKind = 'pdf' | 'jpeg' | 'png';

/** A file chosen or dropped, checked, not yet queued. */
export interface StagedFile {
  id: string;
  name: string;
  size: number;
  kind: LabReportKind | null;
  /** Why it cannot be uploaded; null when it can. */
  problem: string | null;
  /** What the user must accept to upload it (low resolution); null when nothing. */
  warning: string | null;
}

/** Sent, then read by the service (`reading` until its parsing result is final). */
export const LAB_REPORT_STATES = ['queued', 'uploading', 'reading', 'ready', 'failed'] as const;
export type LabReportState = (typeof LAB_REPORT_STATES)[number];

export const LAB_REPORT_STATE_LABELS: Record<LabReportState, string> = {
  queued: 'Waiting to send',
  uploading: 'Uploading',
  reading: 'Reading the report',
  ready: 'Ready',
  failed: 'Failed',
};

/** Whether "Retry" (or "Send now") applies to a lab report. */
export function canRetryLabReport(labReport: Pick<LabReportSummary, 'state' | 'problem'>): boolean {
  return labReport.state === 'failed' || (labReport.state === 'queued' && labReport.problem !== null);
}

/** Waiting to be sent, being sent, or waiting for the service to read it ("waiting to sync"). */
export function isLabReportPending(state: LabReportState): boolean {
  return state === 'queued' || state === 'uploading' || state === 'reading';
}

export interface LabReportSummary {
  id: string;
  /** The patient or visit it is for, as typed at upload (kept encrypted); '' when none was given. */
  label: string;
  /** The patient chosen for it (contract/patients.ts); null when none. */
  patientId: string | null;
  fileName: string;
  size: number;
  kind: LabReportKind;
  tasks: LabReportTask[];
  batch: boolean;
  createdAt: string;
  state: LabReportState;
  uploadProgress: number | null;
  documentId: string | null;
  /** Sent as an encrypted envelope. */
  encrypted: boolean;
  /** Sent to the built-in sandbox: what it reads back is test data. */
  testData: boolean;
  problem: string | null;
  nextAttemptAt: string | null;
  /** When the service took the file; null before. */
  uploadedAt: string | null;
  /** When its parsing result came (ready or failed by the service); null before. */
  finishedAt: string | null;
  /** When the doctor marked its values reviewed (ISO 8601); null when not. */
  reviewedAt: string | null;
}

/** Where a test's value lies against its reference range; `unknown` without a usable range or number. */
export type LabFlag = 'low' | 'high' | 'normal' | 'unknown';

export const LAB_FLAG_LABELS: Record<LabFlag, string> = { low: 'Low', high: 'High', normal: 'Normal', unknown: 'No range' };

/** One test of a parsed lab report, as shown. */
export interface LabTest {
  name: string;
  /** The value as reported (a number, or a text such as "Positive"). */
  value: string;
  unit: string;
  /** The reference range as a person reads it ("13 – 17", "< 200"), or '' when none was given. */
  range: string;
  flag: LabFlag;
  /** How sure the service is of what it read, 0 to 1; null when not given. */
  confidence: number | null;
}

/** The report's identifying details: shown only on request (patient data). */
export interface LabReportDetails {
  patientName: string | null;
  /** "54 years", "8 months"… */
  age: string | null;
  gender: string | null;
  /** ISO date-time of sample collection. */
  sampleDate: string | null;
  lab: string | null;
  doctor: string | null;
}

/** A parsed lab report as the Records screen shows it; the details come apart, on request. */
export type LabReportResultView =
  | {
      state: 'ready';
      tests: LabTest[];
      /** Tests the service sent that could not be read (left out of `tests`). */
      unreadableTests: number;
      /** Whether patient details were found (the `pii` task). */
      hasDetails: boolean;
      /** Whether a FHIR bundle can be exported. */
      hasFhir: boolean;
      /** What the doctor should know about the result (a part that could not be read). */
      notices: string[];
      /**
       * What plainly differs between the patient the report names and the one its label says it
       * was uploaded for (contract/patient-match.ts); empty when nothing does or nothing can be compared.
       */
      patientDiffers: PatientField[];
    }
  | { state: 'unreadable'; problem: string };

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
