/**
 * The record cues' sound: two notes each (E6 and A6), 40 ms apiece, faded in and out over 5 ms,
 * as 16-bit mono WAV at 48 kHz (the usual output rate, so nothing is resampled). Also a short
 * silence, played to have the audio output started ahead of the first cue. Pure.
 */
import type { RecordCue } from '../../../contract/ipc';

export const CUE_RATE = 48_000;
export const CUE_NOTES: Record<RecordCue, number[]> = { start: [1319, 1760], stop: [1760, 1319] };
const NOTE_SECONDS = 0.04;
const FADE_SECONDS = 0.005;
const LEVEL = 0.25;
const SILENCE_SECONDS = 0.05;

/** The cue's samples, full scale ±32767. */
export function cueSamples(frequencies: readonly number[], rate = CUE_RATE): Int16Array {
  const perNote = Math.round(NOTE_SECONDS * rate);
  const fade = Math.round(FADE_SECONDS * rate);
  const samples = new Int16Array(perNote * frequencies.length);
  frequencies.forEach((frequency, note) => {
    for (let i = 0; i < perNote; i += 1) {
      const envelope = Math.min(1, i / fade, (perNote - 1 - i) / fade);
      samples[note * perNote + i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * envelope * LEVEL * 32767);
    }
  });
  return samples;
}

export const silenceSamples = (rate = CUE_RATE): Int16Array => new Int16Array(Math.round(SILENCE_SECONDS * rate));

/** `samples` as a WAV file's bytes (PCM, 16-bit, mono). */
export function wavBytes(samples: Int16Array, rate = CUE_RATE): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => [...value].forEach((character, i) => view.setUint8(offset + i, character.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => view.setInt16(44 + i * 2, sample, true));
  return bytes;
}
