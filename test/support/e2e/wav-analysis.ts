/** Reads recorded audio back: a WAV's duration and loudness (speech or silence), an MP3's playing time. */
import { readFileSync } from 'node:fs';

export function analyseWav(file: string | Buffer): { durationMs: number; rms: number; sampleRate: number } {
  const bytes = typeof file === 'string' ? readFileSync(file) : file;
  const sampleRate = bytes.readUInt32LE(24);
  const dataBytes = bytes.readUInt32LE(40);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset + 44, Math.floor(dataBytes / 2));
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return { durationMs: (samples.length / sampleRate) * 1000, rms: Math.sqrt(sum / Math.max(1, samples.length)) / 32768, sampleRate };
}

// MPEG audio frame headers (ISO 11172-3 / 13818-3): kbit/s by version and index, for Layer III.
const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/**
 * Walks a Layer III MP3 frame by frame, as a player would, and says how long it plays.
 * Throws where the bytes stop being one frame after another (a damaged or half-written file).
 */
export function analyseMp3(file: string | Buffer): { durationMs: number; frames: number; sampleRate: number } {
  const bytes = typeof file === 'string' ? readFileSync(file) : file;
  let offset = 0;
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (offset + 4 <= bytes.length) {
    const header = bytes.readUInt32BE(offset);
    if (header >>> 21 !== 0x7ff) throw new Error(`No MP3 frame at byte ${offset} of ${bytes.length}.`);
    const version = (header >>> 19) & 3;
    const layer = (header >>> 17) & 3;
    const kbps = (version === 3 ? MPEG1_KBPS : MPEG2_KBPS)[(header >>> 12) & 15];
    const rate = SAMPLE_RATES[version]?.[(header >>> 10) & 3];
    if (layer !== 1 || !kbps || !rate) throw new Error(`Not a Layer III frame at byte ${offset}.`);
    const padding = (header >>> 9) & 1;
    const perFrame = version === 3 ? 1152 : 576;
    offset += Math.floor((perFrame / 8) * ((kbps * 1000) / rate)) + padding;
    frames += 1;
    samples += perFrame;
    sampleRate = rate;
  }
  if (offset !== bytes.length) throw new Error(`The last MP3 frame is cut short (${offset - bytes.length} bytes missing).`);
  return { durationMs: sampleRate ? (samples / sampleRate) * 1000 : 0, frames, sampleRate };
}

/**
 * Milliseconds into a 16 kHz recording where a steady tone (3 kHz unless said) first stands out
 * of the speech for 20 ms on end, or null.
 */
export function toneOnsetMs(samples: Int16Array, hz = 3000): number | null {
  const window = 80; // 5 ms
  const sustained = 4;
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / 16_000);
  let run = 0;
  for (let start = 0; start + window <= samples.length; start += window) {
    let previous = 0;
    let before = 0;
    let total = 0;
    for (let i = start; i < start + window; i += 1) {
      const value = samples[i]! / 32768;
      const current = value + coefficient * previous - before;
      before = previous;
      previous = current;
      total += value * value;
    }
    const power = (previous * previous + before * before - coefficient * previous * before) / window;
    // Most of the window's energy at that frequency, and loud: the tone, not speech.
    run = power > 0.01 && power > total * 0.3 ? run + 1 : 0;
    if (run === sustained) return ((start - (sustained - 1) * window) / 16_000) * 1000;
  }
  return null;
}
