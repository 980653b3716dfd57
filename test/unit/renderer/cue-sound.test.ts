/**
 * The record cues as the page makes them: the tones the end-to-end tests listen for (found by the
 * same detector they use on what the sound output carried), in a WAV a media element plays.
 */
import { describe, expect, it } from 'vitest';
import { CUE_NOTES, CUE_RATE, cueSamples, silenceSamples, wavBytes } from '../../../renderer/features/dictation/cue-sound';
import { findCues } from '../../support/e2e/cue-tones';

describe('the record cues’ sound', () => {
  it('the start cue rises and the stop cue falls, each two notes of 40 ms, heard as such', () => {
    for (const cue of ['start', 'stop'] as const) {
      const samples = cueSamples(CUE_NOTES[cue]);
      expect(samples.length).toBe(0.08 * CUE_RATE);
      // Between silences, as a sound output carries it.
      const heard = new Int16Array(samples.length + CUE_RATE / 5);
      heard.set(samples, CUE_RATE / 10);
      const { cues } = findCues(heard, CUE_RATE);
      expect(cues.map((found) => found.kind)).toEqual([cue]);
      // Found by a 20 ms window that begins up to a window before the note.
      expect(cues[0]!.atMs).toBeGreaterThanOrEqual(80);
      expect(cues[0]!.atMs).toBeLessThanOrEqual(100);
    }
  });

  it('faded in and out: no click at either end of a note, and a quarter of full scale at most', () => {
    const samples = cueSamples(CUE_NOTES.start);
    const perNote = samples.length / 2;
    for (const edge of [0, perNote - 1, perNote, samples.length - 1]) expect(Math.abs(samples[edge]!)).toBeLessThan(200);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(Math.round(0.25 * 32767));
    expect(silenceSamples().every((sample) => sample === 0)).toBe(true);
  });

  it('written as 16-bit mono PCM WAV at the cue rate', () => {
    const samples = cueSamples(CUE_NOTES.stop);
    const bytes = wavBytes(samples);
    const view = new DataView(bytes.buffer);
    const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true), view.getUint16(34, true)]).toEqual([1, 1, CUE_RATE, 16]);
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(new Int16Array(bytes.buffer.slice(44))).toEqual(samples);
  });
});
