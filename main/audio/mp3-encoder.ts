/**
 * WAV (16 kHz mono 16-bit) to MP3 with lamejs, pure JavaScript: no native code to build
 * or ship. Streams the file in chunks so memory stays flat for long dictations.
 */
import { closeSync, openSync, readSync, renameSync, writeSync, fsyncSync } from 'node:fs';
import { Mp3Encoder } from '@breezystack/lamejs';
import { SAMPLE_RATE, WAV_HEADER_BYTES } from './wav-file';

/** Speech at 16 kHz mono is clear at 32 kbit/s: about 240 kB a minute, an eighth of the WAV. */
export const MP3_KBPS = 32;
const CHUNK_SAMPLES = 1152 * 64;

export function encodeWavToMp3(wavPath: string, mp3Path: string): { bytes: number } {
  const input = openSync(wavPath, 'r');
  const temporary = `${mp3Path}.partial`;
  const output = openSync(temporary, 'w', 0o600);
  let bytes = 0;
  const write = (data: Uint8Array | Int8Array) => {
    if (data.length === 0) return;
    writeSync(output, new Uint8Array(data.buffer, data.byteOffset, data.length));
    bytes += data.length;
  };
  try {
    const encoder = new Mp3Encoder(1, SAMPLE_RATE, MP3_KBPS);
    const buffer = Buffer.alloc(CHUNK_SAMPLES * 2);
    let position = WAV_HEADER_BYTES;
    for (;;) {
      const read = readSync(input, buffer, 0, buffer.length, position);
      if (read < 2) break;
      position += read;
      const samples = new Int16Array(buffer.buffer, buffer.byteOffset, Math.floor(read / 2));
      write(encoder.encodeBuffer(samples));
    }
    write(encoder.flush());
    fsyncSync(output);
  } finally {
    closeSync(input);
    closeSync(output);
  }
  renameSync(temporary, mp3Path);
  return { bytes };
}
