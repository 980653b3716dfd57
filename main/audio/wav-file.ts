/**
 * The WAV format of recordings (16 kHz mono 16-bit): the header put before the samples when
 * a recording is uploaded or played, and `repairWav` for a WAV an earlier version was
 * writing when it crashed (it is repaired, then encrypted). Plain Node; no Electron.
 */
import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';

export const SAMPLE_RATE = 16_000;
export const BYTES_PER_SAMPLE = 2;
export const WAV_HEADER_BYTES = 44;

export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export function durationMsOf(dataBytes: number): number {
  return Math.round((dataBytes / (SAMPLE_RATE * BYTES_PER_SAMPLE)) * 1000);
}

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let written = 0; written < bytes.length; ) {
    written += writeSync(fd, bytes, written, bytes.length - written, position + written);
  }
}

/**
 * Makes a WAV left by an interrupted recording playable: drops a half-written sample and
 * writes the real sizes into the header. Returns what it holds; null when it has no header.
 */
export function repairWav(path: string): { dataBytes: number; durationMs: number } | null {
  const fd = openSync(path, 'r+');
  try {
    const size = fstatSync(fd).size;
    if (size < WAV_HEADER_BYTES) return null;
    const head = Buffer.alloc(12);
    readSync(fd, head, 0, 12, 0);
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') return null;
    let dataBytes = size - WAV_HEADER_BYTES;
    dataBytes -= dataBytes % BYTES_PER_SAMPLE;
    ftruncateSync(fd, WAV_HEADER_BYTES + dataBytes);
    writeAll(fd, wavHeader(dataBytes), 0);
    fsyncSync(fd);
    return { dataBytes, durationMs: durationMsOf(dataBytes) };
  } finally {
    closeSync(fd);
  }
}
