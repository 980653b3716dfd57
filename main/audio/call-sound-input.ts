/**
 * The call's sound during one recording, in the recorder process: its source opened at
 * Record, mixed into each of the microphone's frames, its own level for its meter, and what
 * the doctor is told when it cannot be had (at Record) or stops (later). The microphone is
 * recorded whatever becomes of it.
 */
import { CallMixer } from './call-mixer';
import type { CallSoundCapture, CallSoundChoice } from './call-sound-source';
import { rms } from './level-meter';

export interface CallSoundReport {
  state: 'on' | 'missing';
  message: string | null;
}

export class CallSoundInput {
  private capture: CallSoundCapture | null = null;
  private mixer: CallMixer | null = null;
  private loudest = 0;
  private current: CallSoundReport = { state: 'missing', message: null };
  private closed = false;

  private constructor(private readonly onLost: (report: CallSoundReport) => void) {}

  /** Opens the chosen source; never rejects (a source that cannot be had is reported as missing). */
  static async open(choice: CallSoundChoice, onLost: (report: CallSoundReport) => void): Promise<CallSoundInput> {
    const input = new CallSoundInput(onLost);
    if (!choice.available) {
      input.current = { state: 'missing', message: choice.message };
      return input;
    }
    try {
      const capture = await choice.source.open({
        samples: (samples) => input.mixer?.pushCall(samples),
        lost: (message) => input.lose(message),
      });
      if (input.closed || input.current.message !== null) {
        // Closed while opening, or lost already: it is let go at once.
        capture.close();
        return input;
      }
      input.capture = capture;
      input.mixer = new CallMixer({ targetSamples: capture.backlogSamples });
      if (input.current.message === null) input.current = { state: 'on', message: null };
    } catch (error) {
      input.current = { state: 'missing', message: (error as Error).message };
    }
    return input;
  }

  report(): CallSoundReport {
    return this.current;
  }

  /** The microphone's frame with the call's sound in it (the frame itself when there is none). */
  mix(mic: Int16Array): Int16Array {
    if (!this.mixer) return mic;
    const { mixed, call } = this.mixer.mix(mic);
    this.loudest = Math.max(this.loudest, rms(call));
    return mixed;
  }

  /** The loudest of the call's sound since last asked (a full-scale fraction). */
  takeLoudest(): number {
    const loudest = this.loudest;
    this.loudest = 0;
    return loudest;
  }

  /** What the mixer had to do to keep in step (diagnostics). */
  counts(): CallMixer['counts'] | null {
    return this.mixer?.counts ?? null;
  }

  close(): void {
    this.closed = true;
    this.capture?.close();
    this.capture = null;
  }

  private lose(message: string): void {
    this.capture?.close();
    this.capture = null;
    this.current = { state: 'missing', message };
    // Before open() settles, the report at Record says it; after, the doctor is told now.
    if (this.mixer) this.onLost(this.current);
  }
}
