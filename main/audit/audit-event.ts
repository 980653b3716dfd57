/**
 * What a hook tells the audit trail (an access to patient data, a sign-in, a policy), and the
 * one thing every hook is given: a writer. The trail adds when, who, which machine and the
 * patient's pseudonym itself, so that no hook can put a name, an ABHA or an Aadhaar number
 * in an entry: an event carries ids, closed words and numbers only. Types only.
 */
import type { AuditAction, AuditItemKind, AuditOutcome } from '../../contract/audit';

/** What an entry says besides its action, in closed words and numbers: never a label, a name or a file name. */
export interface AuditDetail {
  /** The service it went to: sandbox, production, development, or the host of a custom one. */
  service?: string;
  /** Which of the service's interfaces: voice upload, sessions (audio part, end, document), records, registration. */
  api?: string;
  /** How: by hand, with a patient, by retention, by the copy shortcut, by the page. */
  how?: string;
  /** What of the item: note, transcript, note part, FHIR, JSON, ABHA number, the recording's audio. */
  what?: string;
  /** In what form: rich text, plain text, typed. */
  form?: string;
  /** What the consent was for (a consultation, Aadhaar registration). */
  for?: string;
  /** A part's number, or how many items (deleted with a patient, files past retention). */
  count?: number;
  /** The trail's own entries: a trail file, a line in it, an entry's number and fingerprint. */
  file?: string;
  line?: number;
  seq?: number;
  hash?: string;
  /** A policy file or registry key (its path; never its values). */
  source?: string;
  /** The trail's own entries: what was found (a torn entry, a damaged one, a full disk), in a few words. */
  found?: string;
  /** The service's own ids (sessions, transactions, documents), space-separated: what the clinic asks it to delete after a withdrawal. */
  serviceIds?: string;
}

export interface AuditEvent {
  action: AuditAction;
  /** The item it is about: a dictation, a lab report, a patient (by id). */
  item?: { kind: AuditItemKind; id: string } | null;
  /** The patient it concerns, by their id in the patients' file: the trail writes their pseudonym instead. */
  patientId?: string | null;
  /** Done unless said otherwise. */
  outcome?: AuditOutcome;
  detail?: AuditDetail;
}

/** What a hook is given: it records, and never waits or fails (a trail that cannot write says so itself). */
export interface AuditWriter {
  record(event: AuditEvent): void;
}

/** For code run where no trail is kept (unit tests of other parts). */
export const NO_AUDIT: AuditWriter = { record: () => undefined };
