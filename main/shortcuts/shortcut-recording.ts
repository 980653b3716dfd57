/**
 * What the record shortcut does to the recording: toggle (press starts, press again stops)
 * or, given a held-shortcut tracker, hold (press starts, release stops). Pure: the recording
 * and the clock are passed in.
 */
import type { RecorderState } from '../../contract/dictation';
import type { HeldShortcut } from './held-keys';

export interface ShortcutRecorder {
  state(): RecorderState;
  /** Starts a recording; resolves with its id once it records, or null when it did not start. */
  start(): Promise<string | null>;
  /** Stops the recording `id` if it is still the one being recorded; `null`: whichever is. */
  stop(id: string | null): Promise<void>;
}

/**
 * In toggle mode, a press this soon after the previous one is the OS repeating a held key
 * (repeats begin 250-1000 ms after the press, then come every 30-50 ms): ignored, so that
 * holding the shortcut a little long does not stop the recording it just started.
 */
export const TOGGLE_REPEAT_MS = 1_100;

export class ShortcutRecording {
  private hold: HeldShortcut | null = null;
  private lastToggleAt = Number.NEGATIVE_INFINITY;
  /** The recording the current hold started, until it is released. */
  private holding: Promise<string | null> | null = null;

  constructor(
    private readonly recorder: ShortcutRecorder,
    private readonly now: () => number,
  ) {}

  /** Hold mode with this tracker, or toggle mode (null). */
  useHold(hold: HeldShortcut | null): void {
    this.hold = hold;
    this.holding = null;
  }

  pressed(): void {
    if (!this.hold) {
      this.toggle();
      return;
    }
    if (!this.hold.pressed(this.now())) return;
    const state = this.recorder.state();
    this.holding = null;
    // Held while a recording started by hand runs: the press ends it, and its release does nothing more.
    if (state === 'idle') this.holding = this.recorder.start();
    else if (state === 'recording' || state === 'paused') void this.recorder.stop(null);
  }

  keyDown(code: number): void {
    this.hold?.keyDown(code, this.now());
  }

  keyUp(code: number): void {
    if (!this.hold?.keyUp(code, this.now())) return;
    const holding = this.holding;
    this.holding = null;
    // Released while the microphone was still opening: the recording stops as soon as it has begun.
    void holding?.then((id) => (id === null ? undefined : this.recorder.stop(id)));
  }

  private toggle(): void {
    const now = this.now();
    const repeated = now - this.lastToggleAt < TOGGLE_REPEAT_MS;
    this.lastToggleAt = now;
    if (repeated) return;
    const state = this.recorder.state();
    if (state === 'idle') void this.recorder.start();
    else if (state === 'recording' || state === 'paused') void this.recorder.stop(null);
  }
}
