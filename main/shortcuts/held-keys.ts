/**
 * Which keys are down, as a keyboard hook reports them, and when a held shortcut is let go:
 * the rules of hold-to-record. The press starts a hold; releasing the shortcut's key or any
 * of its modifiers ends it; the presses the OS repeats while a key is held change nothing.
 * Pure: the time is passed in.
 */
import { MODIFIER_CODES, type KeyBinding } from './accelerator-keys';

/**
 * Presses this soon after a hold ended are the OS's last repeats of the held shortcut
 * (they travel by another path than the release and may arrive after it), not a new press.
 */
export const REPEAT_AFTER_RELEASE_MS = 150;

/**
 * A key (not a modifier) that went down this close to the press is the shortcut's key, whatever
 * its code: with another keyboard layout the "R" of the shortcut may sit where another key is.
 */
export const PRESS_KEY_WINDOW_MS = 250;

/** The keys that are down now, each with the time it went down (repeats do not move it). */
export class KeysDown {
  private readonly down = new Map<number, number>();

  keyDown(code: number, at: number): void {
    if (!this.down.has(code)) this.down.set(code, at);
  }

  keyUp(code: number): void {
    this.down.delete(code);
  }

  has(code: number): boolean {
    return this.down.has(code);
  }

  anyOf(codes: readonly number[]): boolean {
    return codes.some((code) => this.down.has(code));
  }

  /** The key (not a modifier) that went down last and is still down, or null. */
  lastKey(): { code: number; at: number } | null {
    let last: { code: number; at: number } | null = null;
    for (const [code, at] of this.down) {
      if (!MODIFIER_CODES.has(code) && (last === null || at >= last.at)) last = { code, at };
    }
    return last;
  }

  clear(): void {
    this.down.clear();
  }
}

/** One shortcut held down: when its hold begins and when it ends. Feed it the hook's events after `KeysDown` has seen them. */
export class HeldShortcut {
  private hold: { since: number; keys: Set<number> } | null = null;
  private endedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly binding: KeyBinding,
    private readonly keys: KeysDown,
  ) {}

  /** The shortcut fired (the OS fires it again and again while it is held): true when this begins a hold. */
  pressed(now: number): boolean {
    if (this.hold || now - this.endedAt < REPEAT_AFTER_RELEASE_MS) return false;
    const keys = new Set(this.binding.key);
    const last = this.keys.lastKey();
    if (last && now - last.at <= PRESS_KEY_WINDOW_MS) keys.add(last.code);
    this.hold = { since: now, keys };
    return true;
  }

  keyDown(code: number, now: number): void {
    // The hook may report the key a moment after the shortcut fired.
    if (this.hold && !MODIFIER_CODES.has(code) && now - this.hold.since <= PRESS_KEY_WINDOW_MS) this.hold.keys.add(code);
  }

  /** True when this release ends the hold: the shortcut's key, or the last key down of one of its modifiers. */
  keyUp(code: number, now: number): boolean {
    if (!this.hold) return false;
    const ends = this.hold.keys.has(code) || this.binding.modifiers.some((codes) => codes.includes(code) && !this.keys.anyOf(codes));
    if (ends) {
      this.hold = null;
      this.endedAt = now;
    }
    return ends;
  }

  isHeld(): boolean {
    return this.hold !== null;
  }
}
