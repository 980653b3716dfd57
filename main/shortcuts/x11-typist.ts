/**
 * Typing on X11 through the XTest extension (koffi): each character as the keysym it is, so
 * that what lands does not depend on the keyboard layout (libuiohook's keyTap presses physical
 * keys, which type other letters on a non-US layout, and has no key for "µ" or Hindi). A
 * character the layout has is typed with its key (Shift where needed); any other is mapped
 * for the note's time onto a key code the layout leaves empty, as xdotool does, and the
 * mapping is given back after the last key.
 */
import type * as Koffi from 'koffi';
import type { LineBreak } from '../../contract/insert-profiles';
import { systemClock, type Clock } from '../core/clock';
import type { Typist } from './note-typing';

const XK_RETURN = 0xff0d;
const XK_SHIFT_L = 0xffe1;
const XK_CONTROL_L = 0xffe3;
const XK_V = 0x76;
/** Clients read a changed mapping before the key that follows it only after they saw the change. */
const REMAP_SETTLE_MS = 15;
/** The last keys are read by the target before their mapping is given back. */
const GIVE_BACK_AFTER_MS = 300;

/** X11's keysym for a Unicode code point: Latin-1 as itself, everything else 0x01000000 + the code point. */
export function keysymOf(codePoint: number): number {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) ? codePoint : 0x01000000 + codePoint;
}

/** The key codes down in XQueryKeymap's bit vector (32 bytes, one bit a key code). */
export function keysDown(keymap: Uint8Array): number[] {
  const down: number[] = [];
  keymap.forEach((bits, byte) => {
    for (let bit = 0; bit < 8; bit += 1) if (bits & (1 << bit)) down.push(byte * 8 + bit);
  });
  return down;
}

/** `clock`: what the typist waits on for the target to read a changed mapping (the shortcut's clock). */
export function x11Typist(koffi: typeof Koffi, clock: Pick<Clock, 'sleep'> = systemClock): Typist {
  const sleep = (ms: number) => clock.sleep(ms);
  const x11 = koffi.load('libX11.so.6');
  const xtst = koffi.load('libXtst.so.6');
  const openDisplay = x11.func('void *XOpenDisplay(const char *name)');
  const keycodeOf = x11.func('uint8_t XKeysymToKeycode(void *display, unsigned long keysym)');
  const keysymAt = x11.func('unsigned long XkbKeycodeToKeysym(void *display, uint8_t keycode, int group, int level)');
  const keycodeRange = x11.func('int XDisplayKeycodes(void *display, _Out_ int *min, _Out_ int *max)');
  const changeMapping = x11.func('int XChangeKeyboardMapping(void *display, int first, int perKeycode, unsigned long *keysyms, int count)');
  const sync = x11.func('int XSync(void *display, int discard)');
  const fakeKey = xtst.func('int XTestFakeKeyEvent(void *display, unsigned int keycode, int press, unsigned long delay)');
  const queryKeymap = x11.func('int XQueryKeymap(void *display, _Out_ uint8_t *keys)');
  const display: unknown = openDisplay(null);
  if (!display) throw new Error('no X11 display');

  const [min, max] = [[0], [0]];
  keycodeRange(display, min, max);
  /** Key codes no level of the layout uses: free to lend to a character for the note's time. */
  const spare: number[] = [];
  for (let code = Number(max[0]); code >= Number(min[0]) && spare.length < 32; code -= 1) {
    if ([0, 1, 2, 3].every((level) => Number(keysymAt(display, code, 0, level)) === 0)) spare.push(code);
  }
  const lent = new Map<number, number>();
  const shift = Number(keycodeOf(display, XK_SHIFT_L));
  const control = Number(keycodeOf(display, XK_CONTROL_L));
  const v = Number(keycodeOf(display, XK_V));
  const held = (): number[] => {
    const keymap = new Uint8Array(32);
    queryKeymap(display, keymap);
    return keysDown(keymap);
  };
  const pasteKeys = () => {
    fakeKey(display, control, 1, 0);
    tap(v, false);
    fakeKey(display, control, 0, 0);
    sync(display, 0);
  };

  const tap = (code: number, shifted: boolean) => {
    if (shifted) fakeKey(display, shift, 1, 0);
    fakeKey(display, code, 1, 0);
    fakeKey(display, code, 0, 0);
    if (shifted) fakeKey(display, shift, 0, 0);
    sync(display, 0);
  };
  const lend = async (keysym: number): Promise<number> => {
    const known = lent.get(keysym);
    if (known !== undefined) return known;
    // Every spare code is lent: the oldest is taken back, after its key was surely read.
    const free = spare.find((code) => ![...lent.values()].includes(code));
    const code = free ?? (await reclaim());
    changeMapping(display, code, 1, [keysym], 1);
    sync(display, 0);
    lent.set(keysym, code);
    await sleep(REMAP_SETTLE_MS);
    return code;
  };
  const reclaim = async (): Promise<number> => {
    const [oldest, code] = lent.entries().next().value as [number, number];
    await sleep(GIVE_BACK_AFTER_MS);
    lent.delete(oldest);
    return code;
  };

  return {
    problem: (text) =>
      spare.length === 0 && Array.from(text).some((char) => Number(keycodeOf(display, keysymOf(char.codePointAt(0)!))) === 0)
        ? 'The keyboard layout leaves no free key for the note’s special characters.'
        : null,
    character: async (char) => {
      const keysym = keysymOf(char.codePointAt(0)!);
      const code = Number(keycodeOf(display, keysym));
      if (code !== 0 && Number(keysymAt(display, code, 0, 0)) === keysym) return tap(code, false);
      if (code !== 0 && Number(keysymAt(display, code, 0, 1)) === keysym) return tap(code, true);
      tap(await lend(keysym), false);
    },
    lineBreak: (lineBreak: LineBreak) => tap(Number(keycodeOf(display, XK_RETURN)), lineBreak === 'shift-enter'),
    paste: pasteKeys,
    pasteWhileHeld: () => {
      // As xdotool's --clearmodifiers lets go, but never presses them again after (a key pressed
      // again once the doctor has let go would stay down: xdotool's issue 43).
      for (const code of held()) fakeKey(display, code, 0, 0);
      sync(display, 0);
      if (held().some((code) => code !== control)) return false;
      pasteKeys();
      return true;
    },
    finish: async () => {
      if (lent.size === 0) return;
      await sleep(GIVE_BACK_AFTER_MS);
      for (const code of lent.values()) changeMapping(display, code, 1, [0], 1);
      sync(display, 0);
      lent.clear();
    },
  };
}
