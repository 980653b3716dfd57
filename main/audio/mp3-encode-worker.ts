/** Worker thread entry: encodes one WAV to MP3 off the main process's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { encodeWavToMp3 } from './mp3-encoder';

const { wavPath, mp3Path } = workerData as { wavPath: string; mp3Path: string };
encodeWavToMp3(wavPath, mp3Path).then(
  (result) => parentPort?.postMessage({ ok: true, ...result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, message: (error as Error).message }),
);
