/**
 * Where a recording is cut into the parts the sessions API takes while the doctor speaks:
 * never longer than the service's limit (20 s; cut a little earlier, since an MP3 file holds
 * a few milliseconds more than its samples), and after a least length (10 s; sooner while
 * the doctor's words are shown as they come) at the first pause, so that no word is split
 * between two parts. Decides from sample counts and loudness only. Pure.
 */
import { SAMPLE_RATE } from './wav-file';

/** The service's limit is 20 s; an MP3 frame's padding and the encoder's delay stay within the rest. */
export const PART_MAX_SAMPLES = Math.round(19.5 * SAMPLE_RATE);
/** Before this, a part is not cut at a pause: fewer, longer parts cost fewer requests. */
export const PART_MIN_SAMPLES = 10 * SAMPLE_RATE;
/**
 * While the words are shown as they come, a pause after this much ends a part: its words
 * follow the doctor a few seconds behind, for about twice the requests (docs/benchmarks.md).
 */
export const LIVE_PART_MIN_SAMPLES = 4 * SAMPLE_RATE;
/** A pause is at least this much quiet. */
const PAUSE_SAMPLES = Math.round(0.2 * SAMPLE_RATE);
/** Quieter than this (RMS, full scale 1) is quiet whatever the speech is like: a quiet room through a microphone. */
const QUIET_FLOOR = 0.004;
/** Quieter than this share of the speech's usual loudness is a pause. */
const QUIET_SHARE = 0.15;

export class PartCutter {
  private samples = 0;
  private quietSamples = 0;
  /** How loud speech has been (a slow average of the frames above the floor). */
  private speechLevel = 0;

  /** `minSamples`: a part is not cut at a pause before it holds this many (at most the limit). */
  constructor(private readonly minSamples: number = PART_MIN_SAMPLES) {}

  /** Samples in the part so far. */
  get length(): number {
    return this.samples;
  }

  /** Takes one frame (its sample count and RMS); true when the part should end after it. */
  afterFrame(frameSamples: number, level: number): boolean {
    this.samples += frameSamples;
    const quiet = level < Math.max(QUIET_FLOOR, this.speechLevel * QUIET_SHARE);
    if (!quiet) this.speechLevel = this.speechLevel === 0 ? level : this.speechLevel * 0.95 + level * 0.05;
    this.quietSamples = quiet ? this.quietSamples + frameSamples : 0;
    const full = this.samples + frameSamples > PART_MAX_SAMPLES;
    const atPause = this.samples >= this.minSamples && this.quietSamples >= PAUSE_SAMPLES;
    if (!full && !atPause) return false;
    this.samples = 0;
    this.quietSamples = 0;
    return true;
  }
}
