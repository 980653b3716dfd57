/** The transcription operations: the audio upload and the result lookup. */
import type { TranscriptionResult } from '../../contract/transcription';
import { lookupUnauthorizedSchema, messageSchema, resultDataSchema, resultErrorSchema, voiceUploadSchema } from './response-schemas';
import { check, commonFailure, unexpected, type Progress, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { serviceCode, serviceWords } from './service-text';
import { decodeContext, decodeOutputs } from './transcription-output';
import type { UploadSource } from './upload-source';

export type VoiceMode = 'dictation' | 'consultation';

export interface VoiceUpload {
  mode: VoiceMode;
  txnId: string;
  file: UploadSource;
  onProgress?: Progress;
  signal?: AbortSignal;
}

// A Map: the code is the service's, and may be named like an Object.prototype member.
const FAILURE_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['system_error', 'The service could not process this dictation (system error)'],
  ['output_not_available', 'The service produced no output for this dictation'],
]);

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
export async function getTranscriptionResult(caller: ServiceCaller, txnId: string, signal?: AbortSignal): Promise<TranscriptionResult> {
  const answer = await caller.call({ method: 'GET', path: `/voice/api/v3/status/${encodeURIComponent(txnId)}`, signal });
  switch (answer.status) {
    case 200:
    case 202:
    case 206: {
      const body = answer.status === 202 && answer.json === undefined ? { data: { output: [], additional_data: {} } } : answer.json;
      const { data } = check(resultDataSchema, body, 'transcription result');
      const state = answer.status === 200 ? 'completed' : answer.status === 202 ? 'in_progress' : 'partial';
      return { state, outputs: decodeOutputs(data.output), context: decodeContext(data.additional_data) };
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
      const code = serviceCode(parsed.data.error.code);
      const said = serviceWords(parsed.data.error.msg);
      const message = `${FAILURE_MESSAGES.get(parsed.data.error.code) ?? 'The transcription failed'}${said.text ? `: ${said.text}` : '.'}`;
      return { state: 'failed', code, message, ...(said.detail ? { detail: said.detail } : {}) };
    }
    default:
      throw commonFailure(answer) ?? unexpected(answer);
  }
}
