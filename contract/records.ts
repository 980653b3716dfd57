/** Lab report uploads as the renderer sees them. */

export const RECORD_TASKS = ['smart', 'pii', 'classification'] as const;
export type RecordTask = (typeof RECORD_TASKS)[number];

export const TASK_LABELS: Record<RecordTask, string> = {
  smart: 'Smart report (values and ranges)',
  pii: 'Patient details (name, age, IDs)',
  classification: 'Document type',
};

export type RecordKind = 'pdf' | 'jpeg' | 'png';

/** A file chosen or dropped, checked, not yet queued. */
export interface StagedFile {
  id: string;
  name: string;
  size: number;
  kind: RecordKind | null;
  /** Why it cannot be uploaded; null when it can. */
  problem: string | null;
  /** What the user must accept to upload it (low resolution); null when nothing. */
  warning: string | null;
}

export const RECORD_STATES = ['queued', 'uploading', 'uploaded', 'failed'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

export const RECORD_STATE_LABELS: Record<RecordState, string> = {
  queued: 'Waiting to send',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  failed: 'Failed',
};

/** Whether "Retry" (or "Send now") applies to a record. */
export function canRetryRecord(record: Pick<RecordSummary, 'state' | 'problem'>): boolean {
  return record.state === 'failed' || (record.state === 'queued' && record.problem !== null);
}

/** Waiting to be sent or being sent ("waiting to sync"). */
export function isRecordPending(state: RecordState): boolean {
  return state === 'queued' || state === 'uploading';
}

export interface RecordSummary {
  id: string;
  fileName: string;
  size: number;
  kind: RecordKind;
  tasks: RecordTask[];
  batch: boolean;
  createdAt: string;
  state: RecordState;
  uploadProgress: number | null;
  documentId: string | null;
  /** Sent as an encrypted envelope. */
  encrypted: boolean;
  problem: string | null;
  nextAttemptAt: string | null;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
