/**
 * How the service's own words enter the app's messages: cut to a readable length in a
 * message, and kept whole (still bounded) only as a detail for a details view. Any value is
 * accepted; only strings, numbers and booleans become text (an object never prints as
 * "[object Object]"). Pure.
 */
import type { z } from 'zod';
import { cutText } from '../../contract/text';

/** The service's words inside a message. */
export const SERVICE_TEXT_MAX_CHARS = 300;
/** The service's words in a details view. */
export const DETAIL_MAX_CHARS = 20_000;
/** A whole message, whoever built it: the last guard before a screen. */
export const MESSAGE_MAX_CHARS = 1_000;
/** An error code (`system_error`, `ABDM-1100`). */
export const CODE_MAX_CHARS = 80;

export { cutText };

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** Markup in the service's words (`<b>`, `</p>`, `<br/>`) is removed: its words are shown as text, never as a page. */
const MARKUP_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;

function withoutMarkup(text: string): string {
  return text.replace(MARKUP_TAG, '');
}

/** One line: control characters and runs of white space become single spaces. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}

/** A value from the service as one line of at most `max` characters. */
export function serviceText(value: unknown, max = SERVICE_TEXT_MAX_CHARS): string {
  // Cut before cleaning so a huge text costs no more than a short one.
  return cutText(oneLine(withoutMarkup(asText(value).slice(0, max * 4 + 16))), max);
}

/** A value from the service for a details view: line breaks kept, at most `max` characters. */
export function serviceDetail(value: unknown, max = DETAIL_MAX_CHARS): string {
  // eslint-disable-next-line no-control-regex
  return cutText(withoutMarkup(asText(value).slice(0, max + 16)).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' '), max).trim();
}

export interface ServiceWords {
  /** For a message: one line, cut. */
  text: string;
  /** The whole text (bounded) when `text` had to be cut; undefined otherwise. */
  detail: string | undefined;
}

/** The service's words for a message, and for a details view when the message could not hold them. */
export function serviceWords(value: unknown, max = SERVICE_TEXT_MAX_CHARS): ServiceWords {
  const text = serviceText(value, max);
  const whole = withoutMarkup(asText(value)).trim();
  return { text, detail: whole.length > max ? serviceDetail(whole) : undefined };
}

/** An error code for a message (`system_error`); a code named like `__proto__` is just its text. */
export function serviceCode(value: unknown): string {
  return serviceText(value, CODE_MAX_CHARS);
}

function describeZodPath(path: PropertyKey[]): string {
  return serviceText(
    path
      .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
      .join('')
      .replace(/^\./, ''),
    120,
  );
}

/** Where and why the service's data is not what a schema wants, for a person: `prescription.medications[0].name: …`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown';
  const where = describeZodPath(issue.path);
  return `${where ? `${where}: ` : ''}${serviceText(issue.message, 200)}`;
}
