/**
 * Documents made from a finished recording without recording again (a referral letter, a
 * certificate, a handout for the patient in their language), as the page shows them beside the
 * note: each with its own state, its language, its review, and what stops it leaving (a
 * prescription it says otherwise than the note). Pure.
 */
import type { HandoutProblem } from './handout-check';
import { languageLine } from './handout-languages';

/**
 * waiting (to be asked for: offline, or the service busy) → asking (the request on its way) →
 * making (the service took it) → ready | failed.
 */
export const DOCUMENT_STATES = ['waiting', 'asking', 'making', 'ready', 'failed'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  waiting: 'Waiting to be asked for',
  asking: 'Asking the service',
  making: 'The service is making it',
  ready: 'Ready',
  failed: 'Not made',
};

/** Said on a result of the voice upload, which has no session to make more documents from. */
export const NEEDS_SESSIONS =
  'More documents from this recording (a referral letter, a handout for the patient) need the sessions API: this dictation was sent by the voice upload. Choose “In parts while speaking (sessions)” in Settings → Transcription for the next ones.';

export interface DocumentSummary {
  id: string;
  /** The dictation (dictation or consultation) it is made from. */
  dictationId: string;
  templateId: string;
  /** The template's title as the service listed it when it was asked for. */
  title: string;
  /** For the patient, in this language (ISO 639-1); null: in the note's language. */
  language: string | null;
  state: DocumentState;
  /** What went wrong last, in plain words. */
  problem: string | null;
  nextAttemptAt: string | null;
  attempts: number;
  /** ISO 8601. */
  createdAt: string;
  /** When its text came (ISO 8601). */
  readyAt: string | null;
  /** When the doctor marked it reviewed (ISO 8601); null when not. */
  reviewedAt: string | null;
  /** Made by the built-in sandbox: test data. */
  testData: boolean;
}

export interface DocumentDetail extends DocumentSummary {
  /** Its Markdown, once ready. */
  text: string | null;
  /** Where it says the prescription otherwise than the note (as the note is now): it cannot leave until they agree. */
  mismatch: HandoutProblem[];
}

/** The templates a document may be made of, favourites first, and why the list is not the service's own now (null when it is). */
export interface DocumentTemplates {
  templates: Array<{ id: string; title: string; favorite: boolean }>;
  problem: string | null;
}

/** Whether Retry applies: a document not made, or one waiting for its next try. */
export function canRetryDocument(document: Pick<DocumentSummary, 'state' | 'nextAttemptAt'>): boolean {
  return document.state === 'failed' || (document.state === 'waiting' && document.nextAttemptAt !== null);
}

/** "Referral letter (clinic template)", or "Instructions for the patient, in Hindi (हिन्दी)". */
export function documentName(document: Pick<DocumentSummary, 'title' | 'language'>): string {
  return document.language ? `${document.title}, in ${languageLine(document.language)}` : document.title;
}
