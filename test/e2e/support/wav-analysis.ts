/** Reads a recorded WAV back: duration and loudness, to tell speech from silence. */
import { readFileSync } from 'node:fs';

export function analyseWav(path: string): { durationMs: number; rms: number; sampleRate: number } {
  const bytes = readFileSync(path);
  const sampleRate = bytes.readUInt32LE(24);
  const dataBytes = bytes.readUInt32LE(40);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset + 44, Math.floor(dataBytes / 2));
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return { durationMs: (samples.length / sampleRate) * 1000, rms: Math.sqrt(sum / Math.max(1, samples.length)) / 32768, sampleRate };
}
