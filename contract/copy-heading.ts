/**
 * The lines that head whatever patient data leaves the app by the clipboard: whose it is
 * (label, mode, time), what it is when that is not the whole note as the doctor left it, and,
 * for the sandbox's data, that it is test data. A note, a part of it, FHIR, an ABHA number:
 * every copy is headed by these rules (main/clipboard/copy-path.ts applies them). Pure.
 */
import { MODE_NAMES, UNTITLED, type DictationMode } from './dictation';
import { testDataNotice } from './test-data';

export interface CopyHeading {
  /** Whose it is: a dictation's label, mode and time; null for what has none (an ABHA number). */
  whose: { label: string; mode: DictationMode; createdAt: string } | null;
  /** What this copy is, when it is not the whole note as the doctor left it ("The service's original, …"). */
  what: string | null;
  /** For the sandbox's data, what it is not ("prescription": "not a real prescription"); null for real data. */
  testData: string | null;
}

export interface CopiedText {
  text: string;
  html?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A time as notes and file names give it, in this computer's time zone: "23 Nov 2026, 14:05". */
export function noteTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The first line: label, mode and time of the dictation. */
export function headerLine(whose: NonNullable<CopyHeading['whose']>): string {
  return `${whose.label.trim() || UNTITLED} · ${MODE_NAMES[whose.mode]} · ${noteTime(whose.createdAt)}`;
}

export function headingLines(heading: CopyHeading): string[] {
  return [
    ...(heading.whose ? [headerLine(heading.whose)] : []),
    ...(heading.what ? [heading.what] : []),
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
