/** What the transcription settings and the recorder may offer, as the service in use publishes it. */

/** Whether the service in use offers transcription sessions, as far as the app has learned. */
export type SessionsOfferState = 'offered' | 'not-offered' | 'unknown';

export interface TranscriptionChoices {
  sessions: SessionsOfferState;
  /** ISO 639-1 codes with their English names. */
  languages: Array<{ code: string; name: string }>;
  /** The service can tell the language by itself (no language chosen). */
  autoDetection: boolean;
  models: Array<{ id: string; name: string }>;
  /** `custom`: the clinic's own template, not one of the service's. */
  templates: Array<{ id: string; title: string; custom: boolean }>;
  /** Why the service's lists could not be fetched (the usual choices are shown instead), in plain words; null when they were. */
  problem: string | null;
}
