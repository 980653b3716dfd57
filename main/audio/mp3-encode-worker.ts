/** Worker thread entry: encodes a recording to MP3 (whole, or the parts still to be cut) off the main process's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { cutRemainingParts } from './audio-parts';
import { encodeRecordingToMp3 } from './mp3-encoder';

type Job = { job: 'mp3'; audioPath: string; mp3Path: string; key: Uint8Array } | { job: 'parts'; audioPath: string; partsFolder: string; key: Uint8Array };

const job = workerData as Job;
const work = job.job === 'parts' ? cutRemainingParts(job.audioPath, job.key, job.partsFolder).then((parts) => ({ parts })) : encodeRecordingToMp3(job.audioPath, job.mp3Path, job.key);
work.then(
  (result) => parentPort?.postMessage({ ok: true, ...result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, message: (error as Error).message }),
);
