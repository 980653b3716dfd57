/** Worker thread entry: encodes a recording to MP3 (whole), or cuts the parts still to be cut (MP3 or Ogg Opus), off the main process's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { cutRemainingParts, type PartFormat } from './audio-parts';
import { encodeRecordingToMp3 } from './mp3-encoder';

type Job = { job: 'mp3'; audioPath: string; mp3Path: string; key: Uint8Array } | { job: 'parts'; audioPath: string; partsFolder: string; key: Uint8Array; format: PartFormat };

const job = workerData as Job;
const work = job.job === 'parts' ? cutRemainingParts(job.audioPath, job.key, job.partsFolder, { format: job.format }).then((parts) => ({ parts })) : encodeRecordingToMp3(job.audioPath, job.mp3Path, job.key);
work.then(
  (result) => parentPort?.postMessage({ ok: true, ...result }),
  // A disk's own failure keeps its code, so that the doctor is told what it is ("The disk is full").
  (error: unknown) => parentPort?.postMessage({ ok: false, message: (error as Error).message, code: (error as NodeJS.ErrnoException).code, syscall: (error as NodeJS.ErrnoException).syscall }),
);
