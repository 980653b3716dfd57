/**
 * What the record shortcut does to the recording: toggle (press starts, press again stops)
 * or hold (press starts, release stops). The OS fires a global shortcut again and again while
 * it is held; a repeat is told from a new press by what the keyboard hook saw since the last
 * press — the shortcut's key going down again with nothing let go and no modifier pressed
 * anew is the OS repeating it — never by the clock. The hook runs only from a press until the
 * keys are let go (`HookDemand`). Where no hook can run (Wayland, macOS without permission),
 * the shortcut toggles and a press within TOGGLE_REPEAT_MS of the last is taken for a repeat.
 * Pure: the recording, the clock (main/core) and the hook's demand are passed in.
 */
import type { RecorderState } from '../../contract/dictation';
import type { Clock, ClockTimer } from '../core/clock';
import { MODIFIER_CODES, type KeyBinding } from './accelerator-keys';

export interface RecordingSwitch {
  state(): RecorderState;
  /** Starts a recording; resolves with its id once it records, or null when it did not start. */
  start(): Promise<string | null>;
  /** Stops the recording `id` if it is still the one being recorded; `null`: whichever is. */
  stop(id: string | null): Promise<void>;
}

/** Runs the keyboard hook while a press wants it; `end` lets it go (it stops when nothing wants it). */
export interface HookDemand {
  /** Whether a hook can run here. */
  available(): boolean;
  /** Null when no hook can run here. */
  begin(): { end(): void } | null;
}

/** Where no hook can run: presses this soon after the last one are taken for the OS's repeats. */
export const TOGGLE_REPEAT_MS = 1_100;
/** The hook's report of a repeated key may reach the app a moment after the repeated shortcut: the press is judged this much later. */
export const JUDGE_AFTER_MS = 40;
/** The hook is let go once nothing of the shortcut was seen for this long (its keys let go before the hook could see them). */
export const HOOK_IDLE_MS = 1_500;
/** After a release, presses this soon are the OS's last repeats (they travel by another path than the release). */
export const REPEAT_AFTER_RELEASE_MS = 150;

/** What the hook saw of the shortcut since the last press the app acted on. */
interface Evidence {
  keyDown: boolean;
  modifierDown: boolean;
  released: boolean;
}

const NOTHING: Evidence = { keyDown: false, modifierDown: false, released: false };

export class ShortcutRecording {
  private binding: KeyBinding | null = null;
  private hold = false;
  /** The hook's run from a press until its keys are let go; null while no press is being followed. */
  private hooked: { end(): void } | null = null;
  private evidence: Evidence = NOTHING;
  private idleTimer: ClockTimer | null = null;
  private releasedAt = Number.NEGATIVE_INFINITY;
  private lastPressAt = Number.NEGATIVE_INFINITY;
  /** In hold mode: the recording the current hold started, until it is released. */
  private holding: Promise<string | null> | null = null;
  private holdActive = false;
  /** A press waits to be judged. */
  private judging = false;

  constructor(
    private readonly recording: RecordingSwitch,
    private readonly clock: Clock,
    private readonly hook: HookDemand,
  ) {}

  /** The shortcut's keys (null: none known), and whether it records while held. */
  use(binding: KeyBinding | null, hold: boolean): void {
    this.binding = binding;
    this.hold = hold && binding !== null;
    this.holding = null;
    this.holdActive = false;
    this.endHook();
  }

  /** Whether the hook follows a press now (for tests and the log). */
  following(): boolean {
    return this.hooked !== null;
  }

  /** The OS fired the shortcut: a press, or a repeat of one. */
  pressed(): void {
    const now = this.clock.now();
    if (this.hooked === null) {
      if (now - this.releasedAt < REPEAT_AFTER_RELEASE_MS) return;
      if (!this.hook.available() && now - this.lastPressAt < TOGGLE_REPEAT_MS) {
        this.lastPressAt = now;
        return;
      }
      this.lastPressAt = now;
      // A hold needs its release seen: followed at once. A toggle press is followed once its recording
      // has started (or stopped): on X11, starting the hook while the window is about to say "speak
      // now" holds that news up by a second; a held key's repeats begin later, so they are still seen.
      if (this.hold) {
        void this.act();
        this.beginHook();
      } else {
        void this.act().finally(() => {
          if (this.hooked === null && this.clock.now() - this.releasedAt >= REPEAT_AFTER_RELEASE_MS) this.beginHook();
        });
      }
      return;
    }
    // Followed since an earlier press: judged once the hook has had time to report this one (presses meanwhile are judged with it).
    if (this.judging) return;
    this.judging = true;
    this.clock.setTimeout(() => {
      this.judging = false;
      const seen = this.evidence;
      // A modifier pressed anew is a new press. Otherwise the key went down again with nothing let go
      // (the OS repeating it), or its keys were let go only after this press (a repeat in flight at
      // the release: a new press comes after a release, and any release ends the hook's run).
      if (!seen.modifierDown && (seen.keyDown || seen.released)) return;
      // A held shortcut cannot be pressed anew before it is let go: a press the hook did not report
      // (yet) during a hold is a repeat, never a Stop.
      if (this.holdActive && !seen.modifierDown) return;
      this.lastPressAt = this.clock.now();
      void this.act();
    }, JUDGE_AFTER_MS);
  }

  keyDown(code: number): void {
    if (!this.hooked || !this.binding) return;
    this.touch();
    if (this.binding.key.includes(code) || !MODIFIER_CODES.has(code)) this.evidence = { ...this.evidence, keyDown: true };
    else if (this.binding.modifiers.some((codes) => codes.includes(code))) this.evidence = { ...this.evidence, modifierDown: true };
  }

  keyUp(code: number): void {
    if (!this.hooked || !this.binding) return;
    const ofShortcut = this.binding.key.includes(code) || !MODIFIER_CODES.has(code) || this.binding.modifiers.some((codes) => codes.includes(code));
    if (!ofShortcut) return;
    this.evidence = { ...this.evidence, released: true };
    this.releasedAt = this.clock.now();
    if (this.holdActive) this.endHold();
    this.endHook();
  }

  /** Starts or stops the recording; settles once that is done. */
  private act(): Promise<unknown> {
    this.evidence = NOTHING;
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

  private beginHook(): void {
    this.hooked = this.hook.begin();
    if (this.hooked) this.touch();
  }

  /** Something of the shortcut was seen: the hook is let go only after HOOK_IDLE_MS without anything. */
  private touch(): void {
    this.clock.clearTimeout(this.idleTimer);
    this.idleTimer = this.clock.setTimeout(() => {
      // A hold is followed until it is let go, however long: stopping it early would lose what is said.
      if (this.holdActive) return this.touch();
      this.endHook();
    }, HOOK_IDLE_MS);
  }

  private endHook(): void {
    this.clock.clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.hooked?.end();
    this.hooked = null;
    // A press waiting to be judged is judged on what was seen, its keys' release included.
    if (!this.judging) this.evidence = NOTHING;
  }
}
