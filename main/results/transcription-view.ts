/**
 * A voice-upload result as the page shows it, made from what the service said (the status
 * answer as the api read it, or as it was kept: stored-result.ts): each output item decoded
 * (output-content.ts), the service's names and messages cut to a readable length,
 * `additional_data` as the context, a failure in words. One bad item never spoils the
 * others. Pure.
 */
import type { DecodedOutput, OutputContent, TranscriptionContext, TranscriptionResult } from '../../contract/transcription';
import { z } from 'zod';
import { cutText, serviceCode, serviceText, serviceWords } from '../api/service-text';
import { isUnreadableItem, type OutputItemRead } from '../api/output-items';
import type { VoiceStatus } from '../api/voice-api';
import { boundedCopy } from './json-limits';
import { decodeValue, invalid } from './output-content';

const MAX_MESSAGES = 50;
/** Fits the export operation's template id (200 characters). */
const TEMPLATE_ID_CHARS = 200;

// A Map: the code is the service's, and may be named like an Object.prototype member.
const FAILURE_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['system_error', 'The service could not process this dictation (system error)'],
  ['output_not_available', 'The service produced no output for this dictation'],
]);

/** The service's errors or warnings for an item: texts only, each cut to a readable length, at most MAX_MESSAGES. */
function messages(list: Array<string | null> | null | undefined): string[] {
  if (!list) return [];
  const shown = list.slice(0, MAX_MESSAGES).map((message) => (typeof message === 'string' ? serviceText(message) || '(an empty message)' : '(a message that could not be read)'));
  if (list.length > MAX_MESSAGES) shown.push(`(${list.length - MAX_MESSAGES} more not shown)`);
  return shown;
}

function unreadableItem(templateId: string | null, index: number, problem: string): DecodedOutput {
  return {
    templateId: cutText(templateId ?? '', TEMPLATE_ID_CHARS) || `part-${index + 1}`,
    name: `Part ${index + 1}`,
    type: '',
    status: 'unreadable',
    errors: [],
    warnings: [],
    content: invalid(problem),
  };
}

/** One output item as the page shows it; an item that is not one is "could not be read" with the reason. */
export function decodeOutputItem(item: OutputItemRead, index = 0): DecodedOutput {
  if (isUnreadableItem(item)) return unreadableItem(item.template_id, index, `This part of the result could not be read (${item.unreadable}).`);
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

/** The items read, and one line for those the answer held beyond them (`unread`). */
export function decodeOutputs(items: OutputItemRead[], unread = 0): DecodedOutput[] {
  const outputs = items.map((item, index) => decodeOutputItem(item, index));
  if (unread > 0) outputs.push({ ...unreadableItem(null, items.length, `${unread} more parts of the result are not shown.`), status: 'not shown' });
  return outputs;
}

const optionalText = z.string().optional().catch(undefined);
const contextSchema = z
  .object({ mode: optionalText, doctor: z.object({ _id: optionalText }).optional().catch(undefined), visitid: optionalText })
  .catch({});

function nullableText(value: string | undefined): string | null {
  return value === undefined ? null : serviceText(value, 200);
}

/** `additional_data` as the app shows it: the known keys as text, the rest bounded; anything else is no context. */
export function decodeContext(data: unknown): TranscriptionContext {
  const known = contextSchema.parse(data);
  const raw = typeof data === 'object' && data !== null && !Array.isArray(data) ? (boundedCopy(data) as Record<string, unknown>) : {};
  return { mode: nullableText(known.mode), doctorId: nullableText(known.doctor?._id), visitId: nullableText(known.visitid), raw };
}

/** The service's error, in words: what failed, its own words (whole, bounded, as a detail when they had to be cut). */
function failure(error: { code: string; msg: string }): TranscriptionResult {
  const said = serviceWords(error.msg);
  const message = `${FAILURE_MESSAGES.get(error.code) ?? 'The transcription failed'}${said.text ? `: ${said.text}` : '.'}`;
  return { state: 'failed', code: serviceCode(error.code), message, ...(said.detail ? { detail: said.detail } : {}) };
}

/** The status answer as the page shows it. */
export function voiceTranscription(answer: VoiceStatus): TranscriptionResult {
  if (answer.state === 'failed') return failure(answer.error);
  return { state: answer.state, outputs: decodeOutputs(answer.output, answer.unread), context: decodeContext(answer.additional_data) };
}
