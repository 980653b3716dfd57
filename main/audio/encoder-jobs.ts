/**
 * What the encoder process does (encoder-process.ts): a recording encoded to MP3 whole, or the
 * parts still to be cut (MP3 or Ogg Opus), each job answered once, a failure with the disk's own
 * code and call, so that the doctor is told what it is ("The disk is full").
 */
import { cutRemainingParts, type PartFormat } from './audio-parts';
import { encodeRecordingToMp3 } from './mp3-encoder';

export type EncoderJob =
  | { job: 'mp3'; audioPath: string; mp3Path: string; key: Uint8Array }
  | { job: 'parts'; audioPath: string; partsFolder: string; key: Uint8Array; format: PartFormat };

export type EncoderAnswer = { ok: true; parts?: number } | { ok: false; message: string; code?: string; syscall?: string };

/** Runs a job in the encoder's own process and resolves with its answer (shell/adapters/encoder-host.ts; a stand-in in tests). */
export type EncoderJobs = (job: EncoderJob) => Promise<EncoderAnswer>;

/** A request to the encoder process, and its answer, matched by id. */
export interface ToEncoder {
  id: number;
  job: EncoderJob;
}
export type FromEncoder = EncoderAnswer & { id: number };

export async function runEncoderJob(job: EncoderJob): Promise<EncoderAnswer> {
  try {
    if (job.job === 'parts') return { ok: true, parts: await cutRemainingParts(job.audioPath, job.key, job.partsFolder, { format: job.format }) };
    await encodeRecordingToMp3(job.audioPath, job.mp3Path, job.key);
    return { ok: true };
  } catch (error) {
    const { message, code, syscall } = error as NodeJS.ErrnoException;
    return { ok: false, message, code, syscall };
  }
}
