/** Worker thread entry: encodes a recording to MP3 (whole, or the parts still to be cut) off the main process's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { cutRemainingChunks } from './audio-chunks';
import { encodeRecordingToMp3 } from './mp3-encoder';

type Job = { job: 'mp3'; audioPath: string; mp3Path: string; key: Uint8Array } | { job: 'chunks'; audioPath: string; chunksFolder: string; key: Uint8Array };

const job = workerData as Job;
const work = job.job === 'chunks' ? cutRemainingChunks(job.audioPath, job.key, job.chunksFolder).then((chunks) => ({ chunks })) : encodeRecordingToMp3(job.audioPath, job.mp3Path, job.key);
work.then(
  (result) => parentPort?.postMessage({ ok: true, ...result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, message: (error as Error).message }),
);
