/**
 * The transcription operations: the audio upload and the result lookup. The lookup's answer
 * is read with zod into the wire's own shape (each output item checked apart); what the page
 * shows is made of it with the other result views (main/results/transcription-view.ts).
 */
import { MAX_OUTPUT_ITEMS, type OutputItemRead } from './output-items';
import { lookupUnauthorizedSchema, messageSchema, outputItemSchema, resultDataSchema, resultErrorSchema, voiceUploadSchema } from './response-schemas';
import { check, commonFailure, unexpected, type Progress, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { firstIssue, serviceCode, serviceWords } from './service-text';
import type { UploadSource } from './upload-source';

export type { OutputItemRead } from './output-items';

/** GET /voice/api/v3/status as read: still processing (perhaps with output so far), done, partly done, or failed. */
export type VoiceStatus =
  /** `output`: the items read (at most MAX_OUTPUT_ITEMS); `unread`: how many more the answer held. */
  | { state: 'in_progress' | 'completed' | 'partial'; output: OutputItemRead[]; unread: number; additional_data: unknown }
  /** The service's error as it sent it (500 with a documented body). */
  | { state: 'failed'; error: { code: string; msg: string } };

/** Each item checked apart: one that is not an output item says why, and spoils only itself. */
export function readOutputItems(items: unknown[]): { output: OutputItemRead[]; unread: number } {
  const output = items.slice(0, MAX_OUTPUT_ITEMS).map((raw): OutputItemRead => {
    const parsed = outputItemSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const templateId = typeof raw === 'object' && raw !== null && 'template_id' in raw && typeof raw.template_id === 'string' ? raw.template_id : null;
    return { unreadable: firstIssue(parsed.error), template_id: templateId };
  });
  return { output, unread: Math.max(0, items.length - MAX_OUTPUT_ITEMS) };
}

export type VoiceMode = 'dictation' | 'consultation';

export interface VoiceUpload {
  mode: VoiceMode;
  txnId: string;
  file: UploadSource;
  onProgress?: Progress;
  signal?: AbortSignal;
}

/** POST /voice/upload?mode&txnid, the audio as multipart field `file`. */
export async function uploadVoice(caller: ServiceCaller, input: VoiceUpload): Promise<{ message: string; filename: string }> {
  const query: Array<[string, string]> = [
    ['mode', input.mode],
    ['txnid', input.txnId],
  ];
  const answer = await caller.call(caller.fileUpload('/voice/upload', query, input.file, input.onProgress, input.signal));
  if (answer.status === 200) return check(voiceUploadSchema, answer.json, 'voice upload confirmation');
  if (answer.status === 401) check(messageSchema, answer.json, 'unauthorized answer');
  throw commonFailure(answer) ?? unexpected(answer);
}

/** GET /voice/api/v3/status/<txn_id>. */
export async function getTranscriptionResult(caller: ServiceCaller, txnId: string, signal?: AbortSignal): Promise<VoiceStatus> {
  const answer = await caller.call({ method: 'GET', path: `/voice/api/v3/status/${encodeURIComponent(txnId)}`, signal });
  switch (answer.status) {
    case 200:
    case 202:
    case 206: {
      const body = answer.status === 202 && answer.json === undefined ? { data: { output: [], additional_data: {} } } : answer.json;
      const { data } = check(resultDataSchema, body, 'transcription result');
      const state = answer.status === 200 ? 'completed' : answer.status === 202 ? 'in_progress' : 'partial';
      return { state, ...readOutputItems(data.output), additional_data: data.additional_data };
    }
    case 400: {
      const { error } = check(resultErrorSchema, answer.json, 'error answer');
      if (error.code === 'transaction_not_found') {
        throw new ServiceError('not_found', 'The service has no transaction with this id (yet).', { status: 400, code: error.code });
      }
      const said = serviceWords(error.msg);
      const code = serviceCode(error.code);
      throw new ServiceError('invalid_request', `The service refused the request: ${said.text || 'no reason given'}${code ? ` (${code})` : ''}.`, {
        status: 400,
        code,
        detail: said.detail,
      });
    }
    case 401:
      check(lookupUnauthorizedSchema, answer.json, 'unauthorized answer');
      throw commonFailure(answer)!;
    case 500: {
      const parsed = resultErrorSchema.safeParse(answer.json);
      if (!parsed.success) throw commonFailure(answer)!;
      return { state: 'failed', error: { code: parsed.data.error.code, msg: parsed.data.error.msg } };
    }
    default:
      throw commonFailure(answer) ?? unexpected(answer);
  }
}
