/**
 * Turns the service's output items into what the page shows: base64 decoded, the EMR
 * template checked into a prescription, FHIR read into a summary, other JSON pretty-printed,
 * all bounded in size and depth. Whatever does not fit becomes "could not be read" content
 * with the reason; one bad item never spoils the others. Pure.
 */
import { z } from 'zod';
import type { DecodedOutput, OutputContent, TranscriptionContext } from '../../contract/transcription';
import { emrDocumentSchema } from './emr-document';
import { summarizeFhir } from './fhir-summary';
import { boundedCopy, parseJsonText } from './json-limits';
import { outputItemSchema } from './response-schemas';
import { cutText, serviceText } from './service-text';

const EMR_TEMPLATE_ID = 'eka_emr_template';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Larger decoded outputs are not read at all. */
export const MAX_DECODED_BYTES = 4 * 1024 * 1024;
/** "Show JSON", copy and export: pretty-printed when that fits, compact otherwise. */
export const MAX_JSON_CHARS = 1_000_000;
/** A text output (a transcript) is cut here. */
export const MAX_TEXT_CHARS = 1_000_000;
/** Output items read from one answer; more are summed up in one line. */
export const MAX_OUTPUTS = 100;
const MAX_MESSAGES = 50;
/** Fits the export operation's template id (200 characters). */
const TEMPLATE_ID_CHARS = 200;

const invalid = (problem: string): OutputContent => ({ kind: 'invalid', problem });

function describeZodPath(path: PropertyKey[]): string {
  return serviceText(
    path
      .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
      .join('')
      .replace(/^\./, ''),
    120,
  );
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unknown';
  const where = describeZodPath(issue.path);
  return `${where ? `${where}: ` : ''}${serviceText(issue.message, 200)}`;
}

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
    return text.length > MAX_TEXT_CHARS ? { kind: 'text', text: cutText(text, MAX_TEXT_CHARS), shortened: true } : { kind: 'text', text, shortened: false };
  }
  return jsonContent(parsed.value, { templateId: item.template_id, type: item.type });
}

/** The service's errors or warnings for an item: texts only, each cut to a readable length, at most MAX_MESSAGES. */
function messages(list: unknown[] | null | undefined): string[] {
  if (!list) return [];
  const shown = list.slice(0, MAX_MESSAGES).map((message) => (typeof message === 'string' ? serviceText(message) || '(an empty message)' : '(a message that could not be read)'));
  if (list.length > MAX_MESSAGES) shown.push(`(${list.length - MAX_MESSAGES} more not shown)`);
  return shown;
}

function unreadableItem(raw: unknown, index: number, problem: string): DecodedOutput {
  const templateId = typeof raw === 'object' && raw !== null && 'template_id' in raw && typeof raw.template_id === 'string' ? raw.template_id : '';
  return {
    templateId: cutText(templateId, TEMPLATE_ID_CHARS) || `part-${index + 1}`,
    name: `Part ${index + 1}`,
    type: '',
    status: 'unreadable',
    errors: [],
    warnings: [],
    content: invalid(problem),
  };
}

/** One output item as the page shows it; an item that is not one becomes "could not be read" with the reason. */
export function decodeOutputItem(raw: unknown, index = 0): DecodedOutput {
  const parsed = outputItemSchema.safeParse(raw);
  if (!parsed.success) return unreadableItem(raw, index, `This part of the result could not be read (${firstIssue(parsed.error)}).`);
  const item = parsed.data;
  let content: OutputContent;
  try {
    content = decodeValue(item);
  } catch (error) {
    // The last guard: nothing the service sends may stop the other items being read.
    content = invalid(error instanceof RangeError ? 'The output could not be read: it is nested too deeply.' : 'The output could not be read.');
  }
  return {
    templateId: cutText(item.template_id, TEMPLATE_ID_CHARS),
    name: serviceText(item.name, 200),
    type: serviceText(item.type, 100),
    status: serviceText(item.status, 100),
    errors: messages(item.errors),
    warnings: messages(item.warnings),
    content,
  };
}

/** Every output item of an answer, at most MAX_OUTPUTS (the rest summed up in one item). */
export function decodeOutputs(items: unknown[]): DecodedOutput[] {
  const outputs = items.slice(0, MAX_OUTPUTS).map((item, index) => decodeOutputItem(item, index));
  if (items.length > MAX_OUTPUTS) {
    outputs.push({ ...unreadableItem(null, MAX_OUTPUTS, `${items.length - MAX_OUTPUTS} more parts of the result are not shown.`), status: 'not shown' });
  }
  return outputs;
}

const optionalText = z.string().optional().catch(undefined);
const contextSchema = z
  .object({ mode: optionalText, doctor: z.object({ _id: optionalText }).optional().catch(undefined), visitid: optionalText })
  .catch({});

function nullableText(value: string | undefined): string | null {
  return value === undefined ? null : serviceText(value, 200);
}

/** `additional_data` as the app keeps it: the known keys as text, the rest bounded; anything else is no context. */
export function decodeContext(data: unknown): TranscriptionContext {
  const known = contextSchema.parse(data);
  const raw = typeof data === 'object' && data !== null && !Array.isArray(data) ? (boundedCopy(data) as Record<string, unknown>) : {};
  return { mode: nullableText(known.mode), doctorId: nullableText(known.doctor?._id), visitId: nullableText(known.visitid), raw };
}
