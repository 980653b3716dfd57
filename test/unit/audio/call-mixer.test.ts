import { describe, expect, it } from 'vitest';
import { CallMixer, resample } from '../../../main/audio/call-mixer';
import { rms } from '../../../main/audio/level-meter';
import { sine, tonePower } from '../../support/tone-power';

const FRAME = 512;
const MIC_HZ = 440;
const CALL_HZ = 1000;

/** Both tones repeat every second (whole cycles in 16,000 samples): a second's table serves an hour. */
const MIC_TONE = sine(MIC_HZ, 0.3, 16_000 + 4_000);
const CALL_TONE = sine(CALL_HZ, 0.3, 16_000 + 4_000);
const tone = (table: Int16Array, from: number, count: number) => table.subarray(from % 16_000, (from % 16_000) + count);

/**
 * A consultation of `frames` microphone frames with the call's source on its own clock:
 * `ratio` of the microphone's rate, delivering `chunk` samples at a time. Returns what the
 * mixer gave, frame by frame, after the first `settle` frames.
 */
function consultation(options: { frames: number; ratio: number; chunk: number; target: number; settle?: number }) {
  const mixer = new CallMixer({ targetSamples: options.target });
  let owed = 0;
  let callSample = 0;
  let quietestCall = Infinity;
  let largestBacklog = 0;
  let micPowerLow = Infinity;
  let callPitchLow = Infinity;
  for (let frame = 0; frame < options.frames; frame += 1) {
    owed += FRAME * options.ratio;
    while (owed >= options.chunk) {
      mixer.pushCall(tone(CALL_TONE, callSample, options.chunk));
      callSample += options.chunk;
      owed -= options.chunk;
    }
    largestBacklog = Math.max(largestBacklog, mixer.backlog);
    const { mixed, call } = mixer.mix(tone(MIC_TONE, frame * FRAME, FRAME));
    if (frame >= (options.settle ?? 20)) {
      quietestCall = Math.min(quietestCall, rms(call));
      // Every 16th frame is enough to see a gap or a shift of pitch; an hour of them all takes long.
      if (frame % 16 === 0) {
        micPowerLow = Math.min(micPowerLow, tonePower(mixed, MIC_HZ));
        callPitchLow = Math.min(callPitchLow, tonePower(call, CALL_HZ));
      }
    }
  }
  return { counts: mixer.counts, quietestCall, largestBacklog, micPowerLow, callPitchLow };
}

describe('mixing the call’s sound into the microphone’s frames', () => {
  it('passes both through untouched when the clocks agree: the call’s samples come out in order, a fixed backlog later', () => {
    const mixer = new CallMixer({ targetSamples: 2 * FRAME });
    const callIn: Int16Array[] = [];
    const callOut: Int16Array[] = [];
    for (let frame = 0; frame < 50; frame += 1) {
      const call = sine(CALL_HZ, 0.3, FRAME, frame * FRAME);
      callIn.push(call);
      mixer.pushCall(call);
      const mic = sine(MIC_HZ, 0.3, FRAME, frame * FRAME);
      const { mixed, call: used } = mixer.mix(mic);
      callOut.push(used);
      expect([...mixed]).toEqual([...mic].map((sample, i) => sample + (used[i] ?? 0)));
    }
    // The first frame waits for the backlog; from the second on, frame n carries the call's frame n-1.
    expect(rms(callOut[0] ?? new Int16Array(1).fill(1))).toBe(0);
    for (let frame = 1; frame < 50; frame += 1) expect(callOut[frame]).toEqual(callIn[frame - 1]);
    expect(mixer.counts).toEqual({ silenced: 0, dropped: 0, stretched: 0, squeezed: 0 });
  });

  it('holds both voices through an hour when the call’s clock runs 0.03 % fast or slow, as two sound cards do', () => {
    const hour = Math.ceil((3600 * 16_000) / FRAME);
    for (const ratio of [1.0003, 0.9997]) {
      const run = consultation({ frames: hour, ratio, chunk: FRAME, target: 2 * FRAME });
      expect(run.counts.silenced).toBe(0);
      expect(run.counts.dropped).toBe(0);
      // Never silent, never piling up: the backlog stays within a few frames (under 100 ms).
      expect(run.quietestCall).toBeGreaterThan(0.15);
      expect(run.largestBacklog).toBeLessThanOrEqual(5 * FRAME);
      expect(run.micPowerLow).toBeGreaterThan(0.25);
      // The drift (about 1 s over the hour) was taken up one sample at a time, and the call's tone kept its pitch.
      expect(ratio > 1 ? run.counts.squeezed : run.counts.stretched).toBeGreaterThan(1000);
      expect(run.callPitchLow).toBeGreaterThan(0.25);
    }
  }, 60_000);

  it('keeps up with a clock 0.05 % off and a source that delivers in 200 ms bursts', () => {
    for (const ratio of [1.0005, 0.9995]) {
      const run = consultation({ frames: 20_000, ratio, chunk: 3200, target: 4000, settle: 40 });
      expect(run.counts.silenced).toBe(0);
      expect(run.counts.dropped).toBe(0);
      expect(run.quietestCall).toBeGreaterThan(0.15);
      expect(run.largestBacklog).toBeLessThan(4000 * 2 + 3200 + FRAME);
    }
  });

  it('mixes nothing in until the call’s sound comes, and only silence once it stops; the microphone goes on throughout', () => {
    const mixer = new CallMixer({ targetSamples: 2 * FRAME });
    const calls: number[] = [];
    for (let frame = 0; frame < 60; frame += 1) {
      if (frame >= 10 && frame < 40) mixer.pushCall(sine(CALL_HZ, 0.3, FRAME, frame * FRAME));
      const { mixed, call } = mixer.mix(sine(MIC_HZ, 0.3, FRAME, frame * FRAME));
      calls.push(rms(call));
      expect(tonePower(mixed, MIC_HZ)).toBeGreaterThan(0.25);
    }
    expect(calls.slice(0, 11).every((level) => level === 0)).toBe(true);
    expect(calls.slice(11, 40).every((level) => level > 0.15)).toBe(true);
    // What waited plays out (stretched, the backlog being low), then silence.
    expect(calls[40]).toBeGreaterThan(0.15);
    expect(calls.slice(42).every((level) => level === 0)).toBe(true);
    expect(mixer.counts.silenced).toBeGreaterThan(0);
  });

  it('cuts far too much waiting back at once: a held-up process does not leave the call seconds late', () => {
    const mixer = new CallMixer({ targetSamples: 3 * FRAME });
    for (let frame = 0; frame < 10; frame += 1) {
      mixer.pushCall(sine(CALL_HZ, 0.3, FRAME, frame * FRAME));
      mixer.mix(sine(MIC_HZ, 0.3, FRAME));
    }
    // A second of the call's sound arrives at once.
    mixer.pushCall(sine(CALL_HZ, 0.3, 16_000, 10 * FRAME));
    const { call } = mixer.mix(sine(MIC_HZ, 0.3, FRAME));
    expect(tonePower(call, CALL_HZ)).toBeGreaterThan(0.25);
    expect(mixer.backlog).toBe(3 * FRAME);
    expect(mixer.counts.dropped).toBeGreaterThan(14_000);
  });

  it('saturates where two loud sources add up past full scale, instead of wrapping round', () => {
    const mixer = new CallMixer({ targetSamples: 4 });
    mixer.pushCall(Int16Array.from([30_000, -30_000, 30_000, -30_000, 0, 0, 0, 0]));
    const { mixed } = mixer.mix(Int16Array.from([30_000, -30_000, 100, -100]));
    expect([...mixed]).toEqual([32_767, -32_768, 30_100, -30_100]);
  });

  it('throws the oldest away when far more comes than is taken (a source that stalled the process, then flooded it)', () => {
    const mixer = new CallMixer({ targetSamples: 2 * FRAME, capacitySamples: 16_000 });
    mixer.pushCall(new Int16Array(40_000).fill(1));
    expect(mixer.backlog).toBe(16_000);
    expect(mixer.counts.dropped).toBe(24_000);
  });

  it('stretches and squeezes by interpolation, keeping the ends', () => {
    expect([...resample(Int16Array.from([0, 100, 200]), 5)]).toEqual([0, 50, 100, 150, 200]);
    expect([...resample(Int16Array.from([0, 50, 100, 150, 200]), 3)]).toEqual([0, 100, 200]);
  });
});
