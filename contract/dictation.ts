/** Dictations as the renderer sees them. */
import type { TranscriptionResult } from './transcription';

export const DICTATION_MODES = ['dictation', 'consultation'] as const;
export type DictationMode = (typeof DICTATION_MODES)[number];

/**
 * recording → recorded → uploading → processing → completed | partial | failed.
 * `cancelled`: the user stopped sending it; Retry resumes.
 */
export const DICTATION_STATES = ['recording', 'recorded', 'uploading', 'processing', 'completed', 'partial', 'failed', 'cancelled'] as const;
export type DictationState = (typeof DICTATION_STATES)[number];

export const STATE_LABELS: Record<DictationState, string> = {
  recording: 'Recording',
  recorded: 'Waiting to send',
  uploading: 'Uploading',
  processing: 'Processing',
  completed: 'Completed',
  partial: 'Partial result',
  failed: 'Failed',
  cancelled: 'Not sent (cancelled)',
};

export interface DictationSummary {
  id: string;
  txnId: string;
  /** ISO 8601. */
  createdAt: string;
  label: string;
  mode: DictationMode;
  durationMs: number;
  state: DictationState;
  /** Found after a crash or power cut and repaired. */
  recovered: boolean;
  /** 0..1 while uploading. */
  uploadProgress: number | null;
  /** What went wrong last, in plain words. */
  problem: string | null;
  /** When the next automatic attempt is due (ISO 8601), if one is scheduled. */
  nextAttemptAt: string | null;
  attempts: number;
}

export interface DictationDetail extends DictationSummary {
  result: TranscriptionResult | null;
  /** The recording can be played at this app:// address. */
  audioUrl: string | null;
}

export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping';

export interface RecorderStatus {
  state: RecorderState;
  dictationId: string | null;
  mode: DictationMode;
  label: string;
  elapsedMs: number;
  /** 0..1 on a decibel scale. */
  level: number;
  /** Why the last action failed or the recording ended by itself, or null. */
  message: string | null;
  /** The global shortcut that starts and stops recording, if registered. */
  shortcut: string | null;
}

export interface SyncStatus {
  /** Why sending is on hold: the sign-in must be mended in Settings, or automatic sync is off. */
  paused: 'needs-sign-in' | 'sync-off' | null;
  /** False after the service could not be reached, until it answers again. */
  serviceReachable: boolean;
  message: string | null;
}
