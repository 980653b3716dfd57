/**
 * One output of the service as the page shows it: base64 decoded, the EMR template checked
 * into a prescription, FHIR read into a summary, other JSON pretty-printed, all bounded in
 * size and depth. Whatever does not fit becomes "could not be read" content with the reason.
 * Shared by the dictations (their outputs, their stored results) and the lab reports (their
 * FHIR bundle). Pure.
 */
import { EMR_TEMPLATE_ID } from '../../contract/note-correction';
import type { OutputContent } from '../../contract/transcription';
import { cutText, firstIssue } from '../api/service-text';
import { emrDocumentSchema } from './emr-document';
import { summarizeFhir } from './fhir-summary';
import { parseJsonText } from './json-limits';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Larger decoded outputs are not read at all. */
export const MAX_DECODED_BYTES = 4 * 1024 * 1024;
/** "Show JSON", copy and export: pretty-printed when that fits, compact otherwise. */
export const MAX_JSON_CHARS = 1_000_000;
/** A text output (a transcript) is cut here. */
export const MAX_TEXT_CHARS = 1_000_000;

export const invalid = (problem: string): OutputContent => ({ kind: 'invalid', problem });

function megabytes(chars: number): string {
  return (chars / (1024 * 1024)).toFixed(1);
}

/** Pretty-printed JSON within MAX_JSON_CHARS, or null when even compact JSON is larger. */
export function boundedJson(value: unknown): string | null {
  const pretty = JSON.stringify(value, null, 2);
  if (pretty.length <= MAX_JSON_CHARS) return pretty;
  const compact = JSON.stringify(value);
  return compact.length <= MAX_JSON_CHARS ? compact : null;
}

function tooLarge(what: string, chars: number): OutputContent {
  return invalid(`${what} is too large to show (${megabytes(chars)} MB).`);
}

function prescriptionContent(json: unknown): OutputContent {
  const parsed = emrDocumentSchema.safeParse(json);
  if (!parsed.success) return invalid(`The prescription has an unexpected shape (${firstIssue(parsed.error)}).`);
  const text = boundedJson(json);
  if (text === null) return tooLarge('The prescription', JSON.stringify(json).length);
  return { kind: 'prescription', prescription: parsed.data.prescription, json: text };
}

function hasResourceType(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && typeof (json as { resourceType?: unknown }).resourceType === 'string';
}

function fhirContent(json: unknown): OutputContent {
  const reading = summarizeFhir(json);
  if (!reading.ok) return invalid(`The FHIR output could not be read: ${reading.problem}.`);
  const text = boundedJson(json);
  if (text === null) return tooLarge('The FHIR output', JSON.stringify(json).length);
  return { kind: 'fhir', summary: reading.summary, json: text };
}

/** Decoded JSON as the template calls for: a prescription, FHIR, or other JSON. Expects depth already limited. */
export function jsonContent(json: unknown, template: { templateId: string; type: string }): OutputContent {
  if (template.templateId === EMR_TEMPLATE_ID || template.type === 'eka_emr') return prescriptionContent(json);
  if (template.type === 'fhir' || hasResourceType(json)) return fhirContent(json);
  const text = boundedJson(json);
  return text === null ? tooLarge('The output', JSON.stringify(json).length) : { kind: 'json', json: text };
}

/** A text as content: cut at MAX_TEXT_CHARS, saying so. */
export function textContent(text: string): OutputContent {
  return text.length > MAX_TEXT_CHARS ? { kind: 'text', text: cutText(text, MAX_TEXT_CHARS), shortened: true } : { kind: 'text', text, shortened: false };
}

/** A base64 value as its template calls for: JSON read as above, anything else as text. */
export function decodeValue(item: { template_id: string; type: string; value: string }): OutputContent {
  const compact = item.value.replace(/\s+/g, '');
  if (compact === '') return { kind: 'empty' };
  if ((compact.length / 4) * 3 > MAX_DECODED_BYTES) return tooLarge('The output', (compact.length / 4) * 3);
  if (!BASE64.test(compact)) return invalid('The output is not valid base64.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64'));
  } catch {
    return invalid('The output is not valid UTF-8 text.');
  }
  const isEmr = item.template_id === EMR_TEMPLATE_ID || item.type === 'eka_emr';
  const parsed = parseJsonText(text);
  if (!parsed.ok && parsed.problem === 'nested too deeply') return invalid('The output could not be read: it is nested too deeply.');
  if (!parsed.ok) {
    if (isEmr) return invalid('The prescription is not valid JSON.');
    if (item.type === 'fhir') return invalid('The FHIR output could not be read: it is not JSON.');
    return textContent(text);
  }
  return jsonContent(parsed.value, { templateId: item.template_id, type: item.type });
}
