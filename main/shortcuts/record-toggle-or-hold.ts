/**
 * What the record shortcut does to the recording: toggle (press starts, press again stops)
 * or hold (press starts, release stops). The OS's repeats of a held shortcut are told from
 * new presses by shortcut-presses.ts; where no hook can run (Wayland, macOS without
 * permission) the shortcut toggles. Pure: the recording, the clock (main/core) and the hook's
 * demand are passed in.
 */
import type { RecorderState } from '../../contract/dictation';
import type { Clock } from '../core/clock';
import type { KeyBinding } from './accelerator-keys';
import { ShortcutPresses, type HookDemand } from './shortcut-presses';

export interface RecordingSwitch {
  state(): RecorderState;
  /** Starts a recording; resolves with its id once it records, or null when it did not start. */
  start(): Promise<string | null>;
  /** Stops the recording `id` if it is still the one being recorded; `null`: whichever is. */
  stop(id: string | null): Promise<void>;
}

export class ShortcutRecording {
  private readonly presses: ShortcutPresses;
  private hold = false;
  /** In hold mode: the recording the current hold started, until it is released. */
  private holding: Promise<string | null> | null = null;
  private holdActive = false;

  constructor(
    private readonly recording: RecordingSwitch,
    clock: Clock,
    hook: HookDemand,
  ) {
    this.presses = new ShortcutPresses(() => this.act(), clock, hook, {
      // A hold needs its release seen: followed at once. A toggle press is followed once its recording has started (or stopped).
      followAtOnce: () => this.hold,
      held: () => this.holdActive,
      released: () => {
        if (this.holdActive) this.endHold();
      },
    });
  }

  /** The shortcut's keys (null: none known), and whether it records while held. */
  use(binding: KeyBinding | null, hold: boolean): void {
    this.hold = hold && binding !== null;
    this.holding = null;
    this.holdActive = false;
    this.presses.use(binding);
  }

  /** Whether the hook follows a press now (for tests and the log). */
  following(): boolean {
    return this.presses.following();
  }

  /** The OS fired the shortcut: a press, or a repeat of one. */
  pressed(): void {
    this.presses.pressed();
  }

  keyDown(code: number): void {
    this.presses.keyDown(code);
  }

  keyUp(code: number): void {
    this.presses.keyUp(code);
  }

  /** Starts or stops the recording; settles once that is done. */
  private act(): Promise<unknown> {
    const state = this.recording.state();
    if (this.hold) {
      this.holding = null;
      this.holdActive = false;
      // Pressed while a recording started by hand runs: the press ends it, and its release does nothing more.
      if (state === 'idle') {
        this.holding = this.recording.start();
        this.holdActive = true;
        return this.holding;
      }
      if (state === 'recording' || state === 'paused') return this.recording.stop(null);
      return Promise.resolve();
    }
    if (state === 'idle') return this.recording.start();
    if (state === 'recording' || state === 'paused') return this.recording.stop(null);
    return Promise.resolve();
  }

  private endHold(): void {
    const holding = this.holding;
    this.holding = null;
    this.holdActive = false;
    // Released while the microphone was still opening: the recording stops as soon as it has begun.
    void holding?.then((id) => (id === null ? undefined : this.recording.stop(id)));
  }
}
