/**
 * Finds the app's cue sounds in 16-bit mono audio: two 30 ms notes, E6 then A6 (start) or A6
 * then E6 (stop), each a pure tone. A window where one of those frequencies holds most of the
 * energy is a note; speech spreads its energy over many frequencies and never does.
 */

export const CUE_NOTES = { low: 1319, high: 1760 } as const;
const WINDOW_MS = 20;
const HOP_MS = 5;
/**
 * Share of a window's energy at the note's frequency for the window to count as that note. A
 * pure tone gives about 1; a note heard over loud speech 0.4 or more; the test speech alone
 * never more than 0.17 (measured over 1,250 windows at each frequency).
 */
export const TONE_SHARE = 0.3;
/** Windows quieter than this (RMS, full scale 1) are silence, whatever their shape. */
const SILENCE_RMS = 0.005;

/** The share of the window's energy at `frequency` (Goertzel, Hann window). */
export function toneShare(samples: Int16Array, start: number, length: number, sampleRate: number, frequency: number): { share: number; rms: number } {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  let energy = 0;
  let windowEnergy = 0;
  let windowSum = 0;
  for (let i = 0; i < length; i += 1) {
    const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (length - 1));
    const value = ((samples[start + i] ?? 0) / 32768) * hann;
    energy += value * value;
    windowEnergy += hann * hann;
    windowSum += hann;
    const current = value + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  const rms = Math.sqrt(energy / windowEnergy);
  // A pure tone of amplitude A: power ≈ (A·Σw/2)², energy ≈ A²·Σw²/2; the ratio below is then about 1.
  const share = energy === 0 ? 0 : (2 * power * windowEnergy) / (windowSum * windowSum * energy);
  return { share, rms };
}

export interface Cue {
  kind: 'start' | 'stop';
  /** Where the cue begins, from the start of the audio. */
  atMs: number;
}

/** The cues heard in the audio, in order; also the strongest tone share seen (for a test's message). */
export function findCues(samples: Int16Array, sampleRate: number): { cues: Cue[]; strongest: number } {
  const length = Math.round((sampleRate * WINDOW_MS) / 1000);
  const hop = Math.round((sampleRate * HOP_MS) / 1000);
  const notes: Array<{ note: 'low' | 'high'; atMs: number }> = [];
  let strongest = 0;
  for (let start = 0; start + length <= samples.length; start += hop) {
    for (const note of ['low', 'high'] as const) {
      const { share, rms } = toneShare(samples, start, length, sampleRate, CUE_NOTES[note]);
      if (rms < SILENCE_RMS) continue;
      strongest = Math.max(strongest, share);
      const atMs = (start / sampleRate) * 1000;
      const last = notes.at(-1);
      if (share >= TONE_SHARE && !(last && last.note === note && atMs - last.atMs < 60)) notes.push({ note, atMs });
    }
  }
  const cues: Cue[] = [];
  for (let i = 0; i + 1 < notes.length; i += 1) {
    const first = notes[i]!;
    const second = notes[i + 1]!;
    if (first.note !== second.note && second.atMs - first.atMs <= 70) {
      cues.push({ kind: first.note === 'low' ? 'start' : 'stop', atMs: first.atMs });
      i += 1;
    }
  }
  return { cues, strongest };
}
