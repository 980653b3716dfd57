/** Dictations as the renderer sees them. */
import type { ConsentRecord } from './consent';
import type { NoteCorrection } from './note-correction';
import type { StoredResult } from './transcription';

export const DICTATION_MODES = ['dictation', 'consultation'] as const;
export type DictationMode = (typeof DICTATION_MODES)[number];

/** A mode as the note and the detail view name it. */
export const MODE_NAMES: Record<DictationMode, string> = { dictation: 'Dictation', consultation: 'Consultation' };

/** What a dictation without a patient (one from before patients were asked for) is called: never "Untitled". */
export const NO_PATIENT = 'No patient chosen';

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

/** What the list's "Waiting" filter shows: what is on its way (being recorded, to be sent, being sent, waiting for its result); a cancelled one waits for nothing. */
export const UNFINISHED_STATES: ReadonlySet<DictationState> = new Set([...PENDING_STATES, 'recording']);

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
  /** The patient it is for (contract/patients.ts); null when none was chosen. */
  patientId: string | null;
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
  /** When the doctor last saved a correction of the note (ISO 8601); null while it is the service's. */
  correctedAt: string | null;
  /** When the doctor marked the note, as it is now, reviewed (ISO 8601); null when not. */
  reviewedAt: string | null;
  /** How many medicines of the note, as it leaves, contradict themselves (dose, frequency, period); 0 when none, or no note yet. */
  contradictions: number;
  /** The result came from the built-in sandbox: test data, never a real prescription. */
  testData: boolean;
  /** What its session asked the service for (languages, empty: detected; note templates); null for the voice upload. */
  askedFor: { languages: string[]; templates: string[] } | null;
  /** A consultation's consent (kept sealed with it); null for a dictation, or when it could not be read. */
  consent: ConsentRecord | null;
  /** When "Patient withdraws consent" stopped it (ISO 8601): nothing is recorded or sent until the doctor says whether to destroy it. */
  haltedAt: string | null;
}

/** Short names of the service's own templates, as "Asked for" says them. */
const TEMPLATE_SHORT_NAMES: Record<string, string> = { eka_emr_template: 'Prescription', clinical_notes_template: 'Clinical notes', transcript_template: 'Transcript' };

/**
 * "Asked for: Hindi · Prescription + Clinical notes": what a dictation asked for, in words.
 * `languageName`: a language's name from its code; `templateTitle`: a clinic template's title, when known.
 */
export function askedForLine(
  asked: NonNullable<DictationSummary['askedFor']>,
  languageName: (code: string) => string,
  templateTitle: (id: string) => string | undefined = () => undefined,
): string {
  const languages = asked.languages.length === 0 ? 'Language detected by the service' : asked.languages.map(languageName).join(' + ');
  const templates = asked.templates.map((id) => TEMPLATE_SHORT_NAMES[id] ?? templateTitle(id) ?? id).join(' + ');
  return `Asked for: ${languages}${templates ? ` · ${templates}` : ''}`;
}

/** Which note a copy took: the doctor's correction, the service's original while a correction exists, or the service's (never corrected). */
export type CopiedNoteVersion = 'corrected' | 'original' | 'service';

export interface DictationDetail extends DictationSummary {
  /** The stored result, as the service sent it (never changed by a correction), or why it could not be read; null before there is one. */
  result: StoredResult | null;
  /** The doctor's correction of the note, or why it could not be read; null when there is none. */
  correction: NoteCorrection | { unreadable: string } | null;
  /** The recording can be played at this app:// address. */
  audioUrl: string | null;
}

/** `halted`: "Patient withdraws consent" stopped the capture; the doctor is asked whether to destroy the recording or go on. */
export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused' | 'halted' | 'stopping';

/**
 * The label, mode and languages the next recording gets, as the Dictation screen shows them. Main holds
 * them, so that every way to start a recording (the button, the shortcut) uses what is on the
 * screen, and clears the label and languages once a recording has started, for the next patient;
 * the mode stays as the doctor last chose it, through a restart too.
 */
export interface RecordingDraft {
  label: string;
  mode: DictationMode;
  /** The languages spoken in this one dictation (ISO 639-1); null: as in Settings; empty: detected by the service. */
  languages: string[] | null;
  /** Counts the times main cleared the draft (a recording started): the page then shows it afresh (its first value, after a start: the mode kept). */
  cleared: number;
}

export const EMPTY_DRAFT: RecordingDraft = { label: '', mode: 'dictation', languages: null, cleared: 0 };

/** The call's sound in the recording under way (Consultation with "Include the call's sound"). */
export interface CallSoundStatus {
  /** 0..1 on a decibel scale, like the microphone's. */
  level: number;
  /** `on`: recorded with the microphone; `missing`: asked for but not recorded (`message` says why). */
  state: 'on' | 'missing';
  message: string | null;
}

export interface RecorderStatus {
  state: RecorderState;
  dictationId: string | null;
  mode: DictationMode;
  label: string;
  /** The patient the recording under way is for; null when none. */
  patientId: string | null;
  elapsedMs: number;
  /** 0..1 on a decibel scale. */
  level: number;
  /** Why the last action failed or the recording ended by itself, or null. */
  message: string | null;
  /** The global shortcut that starts and stops recording, if registered. */
  shortcut: string | null;
  /** What the next recording will be labelled. */
  draft: RecordingDraft;
  /** The call's sound while a recording that asked for it is under way; null otherwise. */
  callSound: CallSoundStatus | null;
  /** Why this computer cannot record the call's sound (said beside the choice); null where it can. */
  callSoundNotAvailable: string | null;
  /** Another program began using the microphone while the app was idle (a call?): the app offers to record the consultation. */
  callOffer: boolean;
}

/** The recorder before anything has happened: what main starts with, and what the page shows until main has answered. */
export const IDLE_RECORDER: RecorderStatus = {
  state: 'idle',
  dictationId: null,
  mode: 'dictation',
  label: '',
  patientId: null,
  elapsedMs: 0,
  level: 0,
  message: null,
  shortcut: null,
  draft: EMPTY_DRAFT,
  callSound: null,
  callSoundNotAvailable: null,
  callOffer: false,
};

export interface SyncStatus {
  /**
   * Why sending is on hold: the administrator's policy file cannot be used (until it is mended
   * or the user chooses the sandbox), the sign-in must be mended in Settings, or automatic sync is off.
   */
  paused: 'policy-problem' | 'needs-sign-in' | 'sync-off' | null;
  /** False after the service could not be reached, until it answers again. */
  serviceReachable: boolean;
  message: string | null;
}
