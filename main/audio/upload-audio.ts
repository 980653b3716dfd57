/** The file to upload for a dictation: its WAV, or an MP3 made from it once and kept. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { UploadAudioFormat } from '../../contract/settings';
import { plainFileSource, type UploadSource } from '../api/upload-source';
import { encodeWavToMp3 } from './mp3-encoder';

export type Mp3Encoding = (wavPath: string, mp3Path: string) => Promise<void>;

/**
 * A small young generation keeps the encoder's garbage from piling up: about 35 MiB less
 * peak memory for long dictations (see `npm run bench`), at no measurable speed cost.
 */
export const ENCODER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 3 };

/** Encodes in a worker thread so the main process stays responsive. */
export function workerMp3Encoding(workerPath: string): Mp3Encoding {
  return (wavPath, mp3Path) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(workerPath, { workerData: { wavPath, mp3Path }, resourceLimits: ENCODER_RESOURCE_LIMITS });
      worker.once('message', (message: { ok: boolean; message?: string }) => {
        if (message.ok) resolve();
        else reject(new Error(`The recording could not be compressed: ${message.message}`));
      });
      worker.once('error', reject);
    });
}

/** Encodes on the calling thread (tools and tests). */
export const inlineMp3Encoding: Mp3Encoding = async (wavPath, mp3Path) => {
  await encodeWavToMp3(wavPath, mp3Path);
};

export async function prepareUploadAudio(folder: string, format: UploadAudioFormat, encode: Mp3Encoding): Promise<UploadSource> {
  const wavPath = join(folder, 'audio.wav');
  if (format === 'wav') return plainFileSource(wavPath, 'dictation.wav', 'audio/wav');
  const mp3Path = join(folder, 'upload.mp3');
  if (!existsSync(mp3Path)) await encode(wavPath, mp3Path);
  return plainFileSource(mp3Path, 'dictation.mp3', 'audio/mpeg');
}
