/** Dictations as the renderer sees them. */
import type { StoredResult } from './transcription';

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
  recorded: 'Saved, waiting to send',
  uploading: 'Uploading',
  processing: 'Processing',
  completed: 'Completed',
  partial: 'Partial result',
  failed: 'Failed',
  cancelled: 'Not sent (cancelled)',
};

/** Recorded and not finished: to be sent, being sent, or waiting for its result ("waiting to sync"). */
export const PENDING_STATES: ReadonlySet<DictationState> = new Set(['recorded', 'uploading', 'processing']);

/** Finished with a result to read (in full or in part): the dictations a note can be made of. */
export const FINISHED_STATES: ReadonlySet<DictationState> = new Set(['completed', 'partial']);

/** What the list's "Waiting" filter shows: everything not finished. */
export const UNFINISHED_STATES: ReadonlySet<DictationState> = new Set([...PENDING_STATES, 'recording', 'cancelled']);

/** Whether "Retry" (or "Send now") applies: a failed, partial or cancelled dictation, or one waiting for its next attempt. */
export function canRetry(dictation: Pick<DictationSummary, 'state' | 'nextAttemptAt' | 'durationMs'>): boolean {
  if (dictation.durationMs === 0) return false;
  if (dictation.state === 'failed' || dictation.state === 'partial' || dictation.state === 'cancelled') return true;
  return (dictation.state === 'recorded' || dictation.state === 'processing') && dictation.nextAttemptAt !== null;
}

/** Whether "Cancel sending" applies. */
export function canCancel(state: DictationState): boolean {
  return PENDING_STATES.has(state);
}

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
  /** The stored result, or why it could not be read; null before there is one. */
  result: StoredResult | null;
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

/** The recorder before anything has happened: what main starts with, and what the page shows until main has answered. */
export const IDLE_RECORDER: RecorderStatus = {
  state: 'idle',
  dictationId: null,
  mode: 'dictation',
  label: '',
  elapsedMs: 0,
  level: 0,
  message: null,
  shortcut: null,
};

export interface SyncStatus {
  /** Why sending is on hold: the sign-in must be mended in Settings, or automatic sync is off. */
  paused: 'needs-sign-in' | 'sync-off' | null;
  /** False after the service could not be reached, until it answers again. */
  serviceReachable: boolean;
  message: string | null;
}
