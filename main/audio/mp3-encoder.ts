/**
 * A finished WAV (16 kHz mono 16-bit) to MP3, for recordings whose compact copy is missing
 * (recovered after a crash, or recorded with WAV uploads chosen). Streams the file in
 * chunks through the same writer recording uses, so memory stays flat for long dictations.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { Mp3StreamWriter } from './mp3-stream';
import { WAV_HEADER_BYTES } from './wav-file';

export { MP3_KBPS } from './mp3-stream';

const CHUNK_SAMPLES = 1152 * 64;

export async function encodeWavToMp3(wavPath: string, mp3Path: string): Promise<{ bytes: number }> {
  const writer = await Mp3StreamWriter.create(mp3Path);
  const input = openSync(wavPath, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK_SAMPLES * 2);
    for (let position = WAV_HEADER_BYTES; ; ) {
      const read = readSync(input, buffer, 0, buffer.length, position);
      if (read < 2) break;
      position += read;
      writer.append(new Int16Array(buffer.buffer, buffer.byteOffset, Math.floor(read / 2)));
    }
    return writer.finish();
  } catch (error) {
    writer.abandon();
    throw error;
  } finally {
    closeSync(input);
  }
}
