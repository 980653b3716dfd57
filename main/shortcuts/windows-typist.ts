/**
 * Typing on Windows through SendInput (koffi): each UTF-16 unit as a Unicode key event
 * (KEYEVENTF_UNICODE), which does not depend on the keyboard layout and enters any script;
 * line breaks as the Enter key. Run against Wine's Win32 in the Windows lane
 * (test/wine/in-wine/typing.test.ts); see docs/emr-insertion.md.
 */
import type * as Koffi from 'koffi';
import type { LineBreak } from '../../contract/insert-profiles';
import type { Typist } from './note-typing';

const INPUT_KEYBOARD = 1;
const KEYEVENTF_KEYUP = 0x0002;
const KEYEVENTF_UNICODE = 0x0004;
const VK_RETURN = 0x0d;
const VK_SHIFT = 0x10;
const VK_CONTROL = 0x11;
const VK_V = 0x56;
/** Left and right Alt and Windows keys: let go alone, they open the menu bar or the Start menu. */
const MENU_KEYS = new Set([0x12, 0xa4, 0xa5, 0x5b, 0x5c]);
/** A key code Windows leaves unassigned, pressed between a held Alt or Windows key and its release so that neither opens a menu (as AutoHotkey's menu mask key). */
const VK_MASK = 0xe8;
/** The virtual keys a held shortcut can hold: the keyboard's, not the mouse buttons (1-6) nor the generic Shift, Ctrl, Alt (0x10-0x12), whose sides are listed apart. */
const KEYBOARD_KEYS = Array.from({ length: 0xfe - 0x08 + 1 }, (_, index) => index + 0x08).filter((vk) => vk < 0x10 || vk > 0x12);

/** What the doctor is told (with the note left on the clipboard) when Windows takes fewer keys than it was given. */
export const KEYS_REFUSED = 'Windows did not take the keys (the program may run with higher rights, or another desktop, such as a sign-in or permission prompt, is in front).';

export function windowsTypist(koffi: typeof Koffi): Typist {
  // Unnamed types: a named one is process-wide, and declaring it again (a second typist) would throw.
  const KEYBDINPUT = koffi.struct({ wVk: 'uint16_t', wScan: 'uint16_t', dwFlags: 'uint32_t', time: 'uint32_t', dwExtraInfo: 'uintptr_t' });
  // INPUT's union is as large as MOUSEINPUT, its largest member: padded to that size.
  const INPUT = koffi.struct({ type: 'uint32_t', ki: KEYBDINPUT, padding: koffi.array('uint8_t', 8) });
  const user32 = koffi.load('user32.dll');
  const sendInput = user32.func('__stdcall', 'SendInput', 'unsigned int', ['unsigned int', koffi.pointer(INPUT), 'int']);
  const keyState = user32.func('int16_t __stdcall GetAsyncKeyState(int vk)');
  const held = () => KEYBOARD_KEYS.filter((vk) => (keyState(vk) & 0x8000) !== 0);
  const key = (wVk: number, wScan: number, flags: number) => ({ type: INPUT_KEYBOARD, ki: { wVk, wScan, dwFlags: flags, time: 0, dwExtraInfo: 0 }, padding: new Array(8).fill(0) });
  const send = (inputs: ReturnType<typeof key>[]) => {
    if (sendInput(inputs.length, inputs, koffi.sizeof(INPUT)) !== inputs.length) throw new Error(KEYS_REFUSED);
  };
  const pasteKeys = [key(VK_CONTROL, 0, 0), key(VK_V, 0, 0), key(VK_V, 0, KEYEVENTF_KEYUP), key(VK_CONTROL, 0, KEYEVENTF_KEYUP)];
  return {
    problem: () => null,
    paste: () => send(pasteKeys),
    pasteWhileHeld: () => {
      const down = held();
      const mask = down.some((vk) => MENU_KEYS.has(vk)) ? [key(VK_MASK, 0, 0), key(VK_MASK, 0, KEYEVENTF_KEYUP)] : [];
      // One batch: nothing the doctor does can come between the keys let go and the paste; they are never pressed again after.
      send([...mask, ...down.map((vk) => key(vk, 0, KEYEVENTF_KEYUP)), ...pasteKeys]);
      return true;
    },
    character: (char) => {
      const units = Array.from({ length: char.length }, (_, index) => char.charCodeAt(index));
      send(units.flatMap((unit) => [key(0, unit, KEYEVENTF_UNICODE), key(0, unit, KEYEVENTF_UNICODE | KEYEVENTF_KEYUP)]));
    },
    lineBreak: (lineBreak: LineBreak) => {
      const enter = [key(VK_RETURN, 0, 0), key(VK_RETURN, 0, KEYEVENTF_KEYUP)];
      send(lineBreak === 'shift-enter' ? [key(VK_SHIFT, 0, 0), ...enter, key(VK_SHIFT, 0, KEYEVENTF_KEYUP)] : enter);
    },
    finish: async () => {},
  };
}
