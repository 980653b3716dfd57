/** Worker thread entry: encodes one recording to MP3 off the main process's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { encodeRecordingToMp3 } from './mp3-encoder';

const { audioPath, mp3Path, key } = workerData as { audioPath: string; mp3Path: string; key: Uint8Array };
encodeRecordingToMp3(audioPath, mp3Path, key).then(
  (result) => parentPort?.postMessage({ ok: true, ...result }),
  (error: unknown) => parentPort?.postMessage({ ok: false, message: (error as Error).message }),
);
