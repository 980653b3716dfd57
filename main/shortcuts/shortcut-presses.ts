/**
 * A global shortcut's presses told from the OS's repeats of a held one. The OS fires a held
 * shortcut again and again (X11 after 660 ms, 25 times a second); a repeat is told from a new
 * press by what the keyboard hook saw since the last press — the shortcut's key going down
 * again with nothing let go and no modifier pressed anew is the OS repeating it — never by the
 * clock. The hook runs only from a press until its keys are let go (`HookDemand`). Where no
 * hook can run (Wayland, macOS without permission), a press within TOGGLE_REPEAT_MS of the
 * last is taken for a repeat. Pure: the clock (main/core) and the hook's demand are passed in.
 */
import type { Clock, ClockTimer } from '../core/clock';
import { MODIFIER_CODES, type KeyBinding } from './accelerator-keys';

/** Runs the keyboard hook while a press wants it; `end` lets it go (it stops when nothing wants it). */
export interface HookDemand {
  /** Whether a hook can run here. */
  available(): boolean;
  /** Null when no hook can run here. */
  begin(): { end(): void } | null;
}

/** What the shortcut's owner tells the follower about its presses. */
export interface PressRules {
  /**
   * True: the hook follows a press from the press (its release matters at once). False: once
   * the press's work has settled (on X11, starting the hook while the window is about to show
   * the press's news holds that news up by a second; a held key's repeats begin later, so they
   * are still seen).
   */
  followAtOnce(): boolean;
  /** True while the press followed now cannot be pressed anew before it is let go (a hold): a press the hook did not report is a repeat. */
  held(): boolean;
  /** The shortcut's keys were let go while a press was followed. */
  released(): void;
}

/** Where no hook can run: presses this soon after the last one are taken for the OS's repeats. */
export const TOGGLE_REPEAT_MS = 1_100;
/** The hook's report of a repeated key may reach the app a moment after the repeated shortcut: the press is judged this much later. */
export const JUDGE_AFTER_MS = 40;
/** The hook is let go once nothing of the shortcut was seen for this long (its keys let go before the hook could see them). */
export const HOOK_IDLE_MS = 1_500;
/** After a release, presses this soon are the OS's last repeats (they travel by another path than the release). */
export const REPEAT_AFTER_RELEASE_MS = 150;

/** What the hook saw of the shortcut since the last press acted on. */
interface Evidence {
  keyDown: boolean;
  modifierDown: boolean;
  released: boolean;
}

const NOTHING: Evidence = { keyDown: false, modifierDown: false, released: false };

export class ShortcutPresses {
  private binding: KeyBinding | null = null;
  /** The hook's run from a press until its keys are let go; null while no press is being followed. */
  private hooked: { end(): void } | null = null;
  private evidence: Evidence = NOTHING;
  private idleTimer: ClockTimer | null = null;
  private releasedAt = Number.NEGATIVE_INFINITY;
  private lastPressAt = Number.NEGATIVE_INFINITY;
  /** A press waits to be judged. */
  private judging = false;

  /** `act`: what a press does; it settles once that is done. */
  constructor(
    private readonly act: () => Promise<unknown>,
    private readonly clock: Clock,
    private readonly hook: HookDemand,
    private readonly rules: PressRules,
  ) {}

  /** The shortcut's keys (null: none known); a press followed now is let go. */
  use(binding: KeyBinding | null): void {
    this.binding = binding;
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
      if (this.rules.followAtOnce()) {
        void this.press();
        this.beginHook();
      } else {
        void this.press().finally(() => {
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
      // A held shortcut cannot be pressed anew before it is let go: a press the hook did not report (yet) is a repeat.
      if (this.rules.held() && !seen.modifierDown) return;
      this.lastPressAt = this.clock.now();
      void this.press();
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
    this.rules.released();
    this.endHook();
  }

  /** Lets the hook go (the shortcut is removed). */
  dispose(): void {
    this.endHook();
  }

  private press(): Promise<unknown> {
    this.evidence = NOTHING;
    return this.act();
  }

  private beginHook(): void {
    this.hooked = this.hook.begin();
    if (this.hooked) this.touch();
  }

  /** Something of the shortcut was seen: the hook is let go only after HOOK_IDLE_MS without anything. */
  private touch(): void {
    this.clock.clearTimeout(this.idleTimer);
    this.idleTimer = this.clock.setTimeout(() => {
      // A hold is followed until it is let go, however long: stopping it early would lose what it holds.
      if (this.rules.held()) return this.touch();
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
