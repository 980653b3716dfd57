/** The file to upload for a dictation: its recording as a WAV, or the MP3 made from it once and kept; both decrypted as they are sent. */
import { existsSync, rmSync } from 'node:fs';
import type { UploadAudioFormat } from '../../contract/settings';
import { sealedFileSource, wholeSealedFileSource, type UploadSource } from '../api/upload-source';
import { checkSealedFile, sealedSizeOf } from '../storage/sealed-file';
import { writeProblem } from '../storage/storage-problem';
import type { PartFormat } from './audio-parts';
import { runEncoderJob, type EncoderAnswer, type EncoderJob, type EncoderJobs } from './encoder-jobs';
import { wavHeader } from './wav-file';

export type Mp3Encoding = (audioPath: string, mp3Path: string, key: Uint8Array) => Promise<void>;
/** Cuts the parts of a finished recording that are not on disk yet, in the dictation's part format (MP3 when absent); resolves with the number of parts. */
export type PartCutting = (audioPath: string, partsFolder: string, key: Uint8Array, format?: PartFormat) => Promise<number>;

/** A job run by the encoder process; its failure in the doctor's words, after `failure`. */
async function inEncoder(jobs: EncoderJobs, job: EncoderJob, failure: string): Promise<EncoderAnswer & { ok: true }> {
  const answer = await jobs(job);
  if (answer.ok) return answer;
  const cause = Object.assign(new Error(answer.message), { code: answer.code, syscall: answer.syscall });
  throw new Error(`${failure}: ${writeProblem(cause)}`, { cause });
}

/** Encodes in the encoder process, so that main stays responsive. */
export function encoderMp3Encoding(jobs: EncoderJobs): Mp3Encoding {
  return async (audioPath, mp3Path, key) => {
    await inEncoder(jobs, { job: 'mp3', audioPath, mp3Path, key }, 'The recording could not be compressed');
  };
}

/** Cuts parts in the encoder process. */
export function encoderPartCutting(jobs: EncoderJobs): PartCutting {
  return async (audioPath, partsFolder, key, format = 'mp3') => (await inEncoder(jobs, { job: 'parts', audioPath, partsFolder, key, format }, 'The recording could not be cut into parts')).parts ?? 0;
}

/** Cuts on the calling thread, as the encoder process would (tools and tests). */
export const inlinePartCutting: PartCutting = encoderPartCutting(runEncoderJob);

/** Encodes on the calling thread, as the encoder process would (tools and tests). */
export const inlineMp3Encoding: Mp3Encoding = encoderMp3Encoding(runEncoderJob);

/** What a recording holds: the plain bytes of its parcels that verify, and the parcels that do not. */
export interface RecordingSize {
  plainBytes: number;
  damagedParcels: number;
}

export interface RecordingFiles {
  audioPath: string;
  mp3Path: string;
  key: Uint8Array;
  /** What the recording holds, as counted when it ended or was recovered; null or absent: counted here (decrypting it once). */
  size?: RecordingSize | null;
  /** Keeps a size counted here for the next upload or playback; null forgets one the recording no longer matches. */
  keepSize?(size: RecordingSize | null): void;
}

/** The recording's size: as counted before, or counted now (the whole recording decrypted once) and kept. */
export function recordingSize(files: Pick<RecordingFiles, 'audioPath' | 'key' | 'size' | 'keepSize'>): RecordingSize {
  if (files.size) return files.size;
  const check = checkSealedFile(files.audioPath, files.key);
  const size = { plainBytes: check.plainBytes, damagedParcels: check.damagedParcels };
  files.keepSize?.(size);
  return size;
}

/** The recording as a WAV file, decrypted as it is read (upload, playback): read once, its size known beforehand. */
export function wavSource(files: Pick<RecordingFiles, 'audioPath' | 'key' | 'size' | 'keepSize'>): UploadSource & { damagedParcels: number } {
  const { plainBytes, damagedParcels } = recordingSize(files);
  const source = sealedFileSource(files.audioPath, files.key, plainBytes, 'dictation.wav', 'audio/wav', wavHeader(plainBytes), () => files.keepSize?.(null));
  return { ...source, damagedParcels };
}

const MP3_DAMAGED = 'The copy of the recording made for sending is damaged on the disk; it is made again from the recording at the next attempt.';

/** True for a finished encrypted file whose parcel headers are in order (its parcels are verified as it is sent). */
function wholeByItsHeaders(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    return sealedSizeOf(path).whole;
  } catch {
    return false;
  }
}

/**
 * What to upload, and how many parts of the recording did not verify (left out, and to be
 * reported). A damaged compact copy is made again from the recording.
 */
export async function prepareUploadAudio(files: RecordingFiles, format: UploadAudioFormat, encode: Mp3Encoding): Promise<{ source: UploadSource; damagedParcels: number }> {
  if (format === 'wav') {
    const { damagedParcels, ...source } = wavSource(files);
    return { source, damagedParcels };
  }
  const recording = recordingSize(files);
  if (!wholeByItsHeaders(files.mp3Path)) await encode(files.audioPath, files.mp3Path, files.key);
  // Checked as it is sent: a copy damaged since is removed, to be made again from the recording at the next attempt.
  const source = wholeSealedFileSource(files.mp3Path, files.key, 'dictation.mp3', 'audio/mpeg', MP3_DAMAGED, () => rmSync(files.mp3Path, { force: true }));
  return { source, damagedParcels: recording.damagedParcels };
}
