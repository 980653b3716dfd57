/**
 * The lines that head whatever patient data leaves the app by the clipboard: whose it is
 * (the chosen patient's name, age/sex and ABHA number when known, else the label; mode, time), what it is when that is not the whole note as the doctor left it, a
 * warning the doctor overruled to let it leave, and, for the sandbox's data, that it is test data. A note, a part of it, FHIR, an ABHA number:
 * every copy is headed by these rules (main/clipboard/copy-path.ts applies them). Pure.
 */
import { dateTimeText, timeText } from './dates';
import { MODE_NAMES, NO_PATIENT, type DictationMode } from './dictation';
import { patientHeading, type Patient } from './patients';
import { testDataNotice } from './test-data';

/** What a heading says of the patient chosen for a dictation. */
export type HeadingPatient = Pick<Patient, 'name' | 'label' | 'age' | 'sex' | 'abhaNumber'>;

export interface Whose {
  label: string;
  mode: DictationMode;
  createdAt: string;
  /** The patient it is for, when one was chosen. */
  patient?: HeadingPatient | null;
}

export interface CopyHeading {
  /** Whose it is: a dictation's patient or label, mode and time; null for what has none (an ABHA number). */
  whose: Whose | null;
  /** What this copy is, when it is not the whole note as the doctor left it ("The service's original, …"). */
  what: string | null;
  /** For the sandbox's data, what it is not ("prescription": "not a real prescription"); null for real data. */
  testData: string | null;
  /** A warning the doctor chose to overrule by a deliberate click ("COPIED ANYWAY: …"), said under what it is; absent when none was. */
  overruled?: string | null;
}

export interface CopiedText {
  text: string;
  html?: string;
}

/** A time as notes and file names give it, in this computer's time zone: "23 Nov 2026, 14:05" (contract/dates.ts). */
export const noteTime = dateTimeText;

/** A time of day as the app writes it, 24-hour ("11:35"). */
export const clockTime = (iso: string): string => timeText(iso);

/** Who a dictation is for: the patient (with the dictation's own label when it says more), else its label. */
export function whoLine(whose: Pick<Whose, 'label' | 'patient'>): string {
  const label = whose.label.trim();
  if (!whose.patient) return label || NO_PATIENT;
  return label !== '' && label !== whose.patient.label ? `${patientHeading(whose.patient)} (${label})` : patientHeading(whose.patient);
}

/** The first line: patient or label, mode and time of the dictation. */
export function headerLine(whose: Whose): string {
  return `${whoLine(whose)} · ${MODE_NAMES[whose.mode]} · ${noteTime(whose.createdAt)}`;
}

export function headingLines(heading: CopyHeading): string[] {
  return [
    ...(heading.whose ? [headerLine(heading.whose)] : []),
    ...(heading.what ? [heading.what] : []),
    ...(heading.overruled ? [heading.overruled] : []),
    ...(heading.testData ? [testDataNotice(heading.testData)] : []),
  ];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The body under its heading: in text, the heading's lines, a blank line, the body; in HTML,
 * each line as a bold paragraph before the body's HTML (an HTML form is made for a body without
 * one, so that an editor that takes HTML gets the heading too). A body with no heading lines is
 * left exactly as it is (a real ABHA number pastes into a one-line field).
 */
export function headed(heading: CopyHeading, body: CopiedText): CopiedText {
  const lines = headingLines(heading);
  if (lines.length === 0) return body;
  const top = lines.map((line) => `<p><strong>${escapeHtml(line)}</strong></p>`).join('');
  const bodyHtml = body.html ?? `<p>${escapeHtml(body.text).replace(/\n/g, '<br>')}</p>`;
  return { text: `${lines.join('\n')}\n\n${body.text}`, html: `${top}${bodyHtml}` };
}
