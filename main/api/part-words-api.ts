/**
 * One part's words while the doctor speaks: `GET /voice/api/v3/transcript/{session_id}/{n}`
 * on the service (the vendor's per-part transcript, as its TS SDK reads it). What the service
 * answers before the words are ready is not documented: any answer but 200 is "not yet",
 * except 501, which says the service has no such endpoint. A 200 is read with a cap (a part's
 * words are a few hundred bytes) and dropped when it says it is of another session or part.
 */
import { LIVE_PART_TEXT_MAX_CHARS } from '../../contract/live-words';
import { check, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { serviceText } from './service-text';
import { partWordsSchema } from './session-schemas';

const PART_WORDS_PATH = '/voice/api/v3/transcript';
/** An answer longer than this is not read as a part's words. */
export const PART_WORDS_MAX_BYTES = 64 * 1024;

export type PartWords =
  | { state: 'heard'; text: string }
  /** Not ready, or the service could not say now: asked again later. `status`: what it answered. */
  | { state: 'not-yet'; status: number }
  /** 501: the service has no per-part words. */
  | { state: 'no-endpoint' };

export async function getPartWords(caller: ServiceCaller, sessionId: string, sequence: number, signal?: AbortSignal): Promise<PartWords> {
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new Error('A part number counts from 0.');
  const answer = await caller.call({ method: 'GET', path: `${PART_WORDS_PATH}/${encodeURIComponent(sessionId)}/${sequence}`, signal });
  if (answer.status === 501) return { state: 'no-endpoint' };
  if (answer.status !== 200) return { state: 'not-yet', status: answer.status };
  if (answer.bytes.length > PART_WORDS_MAX_BYTES) throw new ServiceError('malformed_response', 'The service sent more than a part\'s words; they are left out.');
  const body = check(partWordsSchema, answer.json, 'words of a part');
  const ofSession = body.session_id ?? body.txn_id;
  const ofPart = body.chunk_number ?? body.chunk;
  if ((ofSession !== undefined && ofSession !== sessionId) || (ofPart !== undefined && ofPart !== sequence)) {
    throw new ServiceError('malformed_response', 'The service answered with the words of another part; they are left out.');
  }
  return { state: 'heard', text: serviceText(body.text, LIVE_PART_TEXT_MAX_CHARS) };
}
