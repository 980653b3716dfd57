/**
 * Mixes the call's sound (the computer's output) into the microphone's frames. The two come
 * from separate devices on separate clocks, so the microphone sets the pace: each of its
 * frames takes as many of the call's samples as have come, from a small backlog kept to ride
 * out the call source's uneven delivery. When the backlog drifts low or high (two sound cards'
 * clocks differ by up to a few hundred parts per million), a frame takes one sample fewer or
 * more and is stretched or squeezed to its length: a change of pitch of 0.2 %, which no one
 * hears and which a narrow-band analysis still finds at its frequency. Far too much waiting
 * (the process was held up, then the source delivered in a burst) is cut back to the backlog
 * at once; when the call's sound stops coming, its part is silence until a backlog has built
 * up again. Plain logic; the recorder process feeds it.
 */

export interface CallMixerOptions {
  /** How many of the call's samples are held before mixing begins, and kept as the backlog aimed at. */
  targetSamples: number;
  /** Samples a frame may take fewer or more than its length to bring the backlog back (1: 0.2 % of a 512-sample frame). */
  adjustSamples?: number;
  /** At most this many of the call's samples wait (one second): beyond it the oldest go. */
  capacitySamples?: number;
}

export interface MixedFrame {
  /** The microphone and the call's sound together. */
  mixed: Int16Array;
  /** The call's sound in it (for its level meter). */
  call: Int16Array;
}

/** What the mixer did to keep in step, for diagnostics and tests. */
export interface MixerCounts {
  /** Call samples replaced by silence because none had come (the source paused or stopped), until a backlog was there again. */
  silenced: number;
  /** Call samples thrown away because far too many waited. */
  dropped: number;
  /** Frames stretched (backlog low) or squeezed (backlog high). */
  stretched: number;
  squeezed: number;
}

const FULL_SCALE = 32767;

export class CallMixer {
  private readonly target: number;
  private readonly adjust: number;
  private readonly buffer: Int16Array;
  private start = 0;
  private length = 0;
  private primed = false;
  private started = false;
  readonly counts: MixerCounts = { silenced: 0, dropped: 0, stretched: 0, squeezed: 0 };

  constructor(options: CallMixerOptions) {
    this.target = options.targetSamples;
    this.adjust = options.adjustSamples ?? 1;
    this.buffer = new Int16Array(Math.max(options.capacitySamples ?? 16_000, this.target * 4));
  }

  /** How many of the call's samples wait. */
  get backlog(): number {
    return this.length;
  }

  /** The call's samples as they come, in any amount. */
  pushCall(samples: Int16Array): void {
    const capacity = this.buffer.length;
    let from = samples;
    if (from.length > capacity) {
      this.counts.dropped += from.length - capacity;
      from = from.subarray(from.length - capacity);
    }
    const overflow = this.length + from.length - capacity;
    if (overflow > 0) this.discard(overflow);
    let end = (this.start + this.length) % capacity;
    for (const sample of from) {
      this.buffer[end] = sample;
      end = end + 1 === capacity ? 0 : end + 1;
    }
    this.length += from.length;
  }

  /** The microphone's next frame with the call's sound mixed in. */
  mix(mic: Int16Array): MixedFrame {
    const call = this.nextCallFrame(mic.length);
    const mixed = new Int16Array(mic.length);
    for (let i = 0; i < mic.length; i += 1) {
      const sum = (mic[i] ?? 0) + (call[i] ?? 0);
      mixed[i] = sum > FULL_SCALE ? FULL_SCALE : sum < -FULL_SCALE - 1 ? -FULL_SCALE - 1 : sum;
    }
    return { mixed, call };
  }

  private nextCallFrame(need: number): Int16Array {
    if (!this.primed) {
      if (this.length < this.target) {
        // Before the source's first backlog its part is silence by nature; after, it is a gap.
        if (this.started) this.counts.silenced += need;
        return new Int16Array(need);
      }
      this.primed = true;
      this.started = true;
    }
    // Far behind (a held-up process, then a burst): back to the backlog aimed at, at once.
    if (this.length > this.target * 4 + need) this.discard(this.length - this.target - need);
    if (this.length < need) {
      // The source stopped or paused: what is left, then silence, and a new backlog before the next mixing.
      const frame = new Int16Array(need);
      const have = this.length;
      this.take(frame, have);
      this.counts.silenced += need - have;
      this.primed = false;
      return frame;
    }
    const left = this.length - need;
    let taking = need;
    if (left < this.target / 2) {
      taking = need - Math.min(this.adjust, need - 1);
      this.counts.stretched += 1;
    } else if (left > this.target * 1.5) {
      taking = Math.min(this.length, need + this.adjust);
      this.counts.squeezed += 1;
    }
    const taken = new Int16Array(taking);
    this.take(taken, taking);
    return taking === need ? taken : resample(taken, need);
  }

  private take(into: Int16Array, count: number): void {
    const capacity = this.buffer.length;
    for (let i = 0; i < count; i += 1) into[i] = this.buffer[(this.start + i) % capacity] ?? 0;
    this.start = (this.start + count) % capacity;
    this.length -= count;
  }

  private discard(count: number): void {
    this.start = (this.start + count) % this.buffer.length;
    this.length -= count;
    this.counts.dropped += count;
  }
}

/** `samples` stretched or squeezed to `length` samples by linear interpolation. */
export function resample(samples: Int16Array, length: number): Int16Array {
  const out = new Int16Array(length);
  if (samples.length === 0) return out;
  const step = length > 1 ? (samples.length - 1) / (length - 1) : 0;
  for (let i = 0; i < length; i += 1) {
    const position = i * step;
    const below = Math.floor(position);
    const above = Math.min(below + 1, samples.length - 1);
    const fraction = position - below;
    out[i] = Math.round((samples[below] ?? 0) * (1 - fraction) + (samples[above] ?? 0) * fraction);
  }
  return out;
}
