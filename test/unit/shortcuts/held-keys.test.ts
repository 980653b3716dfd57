import { describe, expect, it } from 'vitest';
import { KEY, keyBindingOf } from '../../../main/shortcuts/accelerator-keys';
import { HeldShortcut, KeysDown, PRESS_KEY_WINDOW_MS, REPEAT_AFTER_RELEASE_MS } from '../../../main/shortcuts/held-keys';

const R = 0x13;
const Q = 0x10;
const SPACE = 0x39;

/** A hook's keyboard as the tracker sees it: key events in order, at the times given. */
function keyboard(accelerator = 'CommandOrControl+Alt+R') {
  const keys = new KeysDown();
  const held = new HeldShortcut(keyBindingOf(accelerator, 'linux')!, keys);
  return {
    held,
    down: (code: number, at: number) => {
      keys.keyDown(code, at);
      held.keyDown(code, at);
    },
    /** True when this release ended the hold. */
    up: (code: number, at: number) => {
      keys.keyUp(code);
      return held.keyUp(code, at);
    },
  };
}

describe('HeldShortcut', () => {
  it('begins a hold at the press and ends it when the key is released', () => {
    const k = keyboard();
    k.down(KEY.Ctrl, 0);
    k.down(KEY.Alt, 10);
    k.down(R, 20);
    expect(k.held.pressed(21)).toBe(true);
    expect(k.held.isHeld()).toBe(true);
    expect(k.up(R, 4000)).toBe(true);
    expect(k.held.isHeld()).toBe(false);
    // The modifiers' releases after that change nothing.
    expect(k.up(KEY.Alt, 4010)).toBe(false);
    expect(k.up(KEY.Ctrl, 4020)).toBe(false);
  });

  it('ignores the presses and key-downs the OS repeats while the shortcut is held', () => {
    const k = keyboard();
    k.down(KEY.Ctrl, 0);
    k.down(KEY.Alt, 0);
    k.down(R, 0);
    expect(k.held.pressed(1)).toBe(true);
    for (let at = 500; at < 3000; at += 40) {
      k.down(R, at);
      expect(k.held.pressed(at + 1)).toBe(false);
    }
    expect(k.held.isHeld()).toBe(true);
    expect(k.up(R, 3000)).toBe(true);
  });

  it('ends the hold when any of its modifiers is released first (xdotool releases Ctrl first)', () => {
    const k = keyboard();
    k.down(KEY.Ctrl, 0);
    k.down(KEY.Alt, 0);
    k.down(R, 0);
    k.held.pressed(1);
    expect(k.up(KEY.Ctrl, 2000)).toBe(true);
    expect(k.up(KEY.Alt, 2010)).toBe(false);
    expect(k.up(R, 2020)).toBe(false);
  });

  it('does not end the hold while the other key of a released modifier is still down', () => {
    const k = keyboard();
    k.down(KEY.Ctrl, 0);
    k.down(KEY.CtrlRight, 0);
    k.down(KEY.Alt, 0);
    k.down(R, 0);
    k.held.pressed(1);
    expect(k.up(KEY.Ctrl, 1000)).toBe(false);
    expect(k.up(KEY.CtrlRight, 1500)).toBe(true);
  });

  it('is not ended by releasing a key that is not part of the shortcut', () => {
    const k = keyboard();
    k.down(KEY.Ctrl, 0);
    k.down(KEY.Alt, 0);
    k.down(R, 0);
    k.held.pressed(1);
    k.down(KEY.Shift, 800);
    expect(k.up(KEY.Shift, 900)).toBe(false);
    expect(k.held.isHeld()).toBe(true);
  });

  it('takes a press the hook reports after the shortcut fired (the two travel separately)', () => {
    const k = keyboard();
    k.down(KEY.Ctrl, 0);
    k.down(KEY.Alt, 0);
    expect(k.held.pressed(10)).toBe(true);
    k.down(R, 11);
    expect(k.up(R, 2000)).toBe(true);
  });

  it('with another keyboard layout, takes the key that went down with the press as the shortcut key', () => {
    // The shortcut says R; this layout puts that letter where the hook's code is Q.
    const k = keyboard();
    k.down(KEY.Ctrl, 0);
    k.down(KEY.Alt, 0);
    k.down(Q, 100);
    expect(k.held.pressed(100 + PRESS_KEY_WINDOW_MS - 1)).toBe(true);
    expect(k.up(Q, 3000)).toBe(true);
  });

  it('does not take a key pressed long before or long after the press for the shortcut key', () => {
    const k = keyboard();
    k.down(SPACE, 0);
    k.down(KEY.Ctrl, 1000);
    k.down(KEY.Alt, 1000);
    k.down(R, 1000);
    k.held.pressed(1001);
    k.down(Q, 1001 + PRESS_KEY_WINDOW_MS + 1);
    expect(k.up(SPACE, 1500)).toBe(false);
    expect(k.up(Q, 1600)).toBe(false);
    expect(k.up(R, 2000)).toBe(true);
  });

  it('ignores a repeat press that arrives just after the release, and takes a real press after that', () => {
    const k = keyboard();
    k.down(KEY.Ctrl, 0);
    k.down(KEY.Alt, 0);
    k.down(R, 0);
    k.held.pressed(1);
    expect(k.up(KEY.Ctrl, 2000)).toBe(true);
    // A press the OS repeated before the release, delivered a moment after it.
    expect(k.held.pressed(2005)).toBe(false);
    expect(k.held.isHeld()).toBe(false);
    k.up(KEY.Alt, 2010);
    k.up(R, 2020);
    k.down(KEY.Ctrl, 2000 + REPEAT_AFTER_RELEASE_MS + 100);
    k.down(KEY.Alt, 2000 + REPEAT_AFTER_RELEASE_MS + 100);
    k.down(R, 2000 + REPEAT_AFTER_RELEASE_MS + 110);
    expect(k.held.pressed(2000 + REPEAT_AFTER_RELEASE_MS + 111)).toBe(true);
  });
});

describe('KeysDown', () => {
  it('keeps when a key first went down (repeats do not move it) and names the last key that is not a modifier', () => {
    const keys = new KeysDown();
    keys.keyDown(KEY.Ctrl, 0);
    keys.keyDown(R, 10);
    keys.keyDown(R, 600);
    keys.keyDown(KEY.Alt, 700);
    expect(keys.lastKey()).toEqual({ code: R, at: 10 });
    keys.keyUp(R);
    expect(keys.lastKey()).toBeNull();
    expect(keys.anyOf([KEY.Ctrl, KEY.CtrlRight])).toBe(true);
    keys.clear();
    expect(keys.has(KEY.Ctrl)).toBe(false);
  });
});
