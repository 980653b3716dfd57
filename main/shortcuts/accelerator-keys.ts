/**
 * An Electron accelerator (`CommandOrControl+Alt+R`) as the physical keys a keyboard hook
 * reports (libuiohook's key codes, the ones uiohook-napi calls `UiohookKey`), so that the
 * release of any of them can be told apart from every other key. Pure; imports nothing.
 */

/** libuiohook's codes (uiohook-napi `UiohookKey`), copied so that this file needs no native library. */
export const KEY = {
  Ctrl: 0x001d,
  CtrlRight: 0x0e1d,
  Alt: 0x0038,
  AltRight: 0x0e38,
  Shift: 0x002a,
  ShiftRight: 0x0036,
  Meta: 0x0e5b,
  MetaRight: 0x0e5c,
  V: 0x002f,
} as const;

const LETTERS: Record<string, number> = {
  a: 0x1e, b: 0x30, c: 0x2e, d: 0x20, e: 0x12, f: 0x21, g: 0x22, h: 0x23, i: 0x17, j: 0x24, k: 0x25, l: 0x26, m: 0x32,
  n: 0x31, o: 0x18, p: 0x19, q: 0x10, r: 0x13, s: 0x1f, t: 0x14, u: 0x16, v: 0x2f, w: 0x11, x: 0x2d, y: 0x15, z: 0x2c,
};
const DIGITS = [0x0b, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a];
const F_KEYS = [0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40, 0x41, 0x42, 0x43, 0x44, 0x57, 0x58, 0x5b, 0x5c, 0x5d, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b];

/**
 * Named keys, each with every code the OS reads as that key (arrows and the like also come
 * from the number pad with Num Lock off; the pad's own digits and signs are other keys).
 */
const NAMED: Record<string, number[]> = {
  space: [0x39],
  tab: [0x0f],
  backspace: [0x0e],
  delete: [0x0e53, 0xee53],
  insert: [0x0e52, 0xee52],
  return: [0x1c, 0x0e1c],
  enter: [0x1c, 0x0e1c],
  up: [0xe048, 0xee48],
  down: [0xe050, 0xee50],
  left: [0xe04b, 0xee4b],
  right: [0xe04d, 0xee4d],
  home: [0x0e47, 0xee47],
  end: [0x0e4f, 0xee4f],
  pageup: [0x0e49, 0xee49],
  pagedown: [0x0e51, 0xee51],
  escape: [0x01],
  esc: [0x01],
  plus: [0x0d],
  '-': [0x0c],
  '=': [0x0d],
  ';': [0x27],
  ',': [0x33],
  '.': [0x34],
  '/': [0x35],
  '`': [0x29],
  '[': [0x1a],
  ']': [0x1b],
  '\\': [0x2b],
  "'": [0x28],
};

const CTRL: readonly number[] = [KEY.Ctrl, KEY.CtrlRight];
const ALT: readonly number[] = [KEY.Alt, KEY.AltRight];
const SHIFT: readonly number[] = [KEY.Shift, KEY.ShiftRight];
const META: readonly number[] = [KEY.Meta, KEY.MetaRight];

export const MODIFIER_CODES: ReadonlySet<number> = new Set([...CTRL, ...ALT, ...SHIFT, ...META]);

/** The physical keys of a shortcut: its key (any of `key`) and, for each modifier, any of its codes. */
export interface KeyBinding {
  key: readonly number[];
  modifiers: ReadonlyArray<readonly number[]>;
}

function modifierCodes(name: string, platform: NodeJS.Platform): readonly number[] | null {
  switch (name) {
    case 'control':
    case 'ctrl':
      return CTRL;
    case 'commandorcontrol':
    case 'cmdorctrl':
      return platform === 'darwin' ? META : CTRL;
    case 'command':
    case 'cmd':
    case 'super':
    case 'meta':
      return META;
    case 'alt':
    case 'option':
      return ALT;
    case 'altgr':
      return [KEY.AltRight];
    case 'shift':
      return SHIFT;
    default:
      return null;
  }
}

function keyCodes(name: string): readonly number[] | null {
  if (LETTERS[name] !== undefined) return [LETTERS[name]];
  if (/^[0-9]$/.test(name)) return [DIGITS[Number(name)]!];
  const f = /^f([1-9]|1[0-9]|2[0-4])$/.exec(name);
  if (f) return [F_KEYS[Number(f[1]) - 1]!];
  return NAMED[name] ?? null;
}

/** The keys of an accelerator on `platform`, or null when it names a key this table does not know. */
export function keyBindingOf(accelerator: string, platform: NodeJS.Platform): KeyBinding | null {
  const parts = accelerator
    .split('+')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  const keyName = parts.pop();
  if (keyName === undefined) return null;
  const key = keyCodes(keyName);
  const modifiers = parts.map((part) => modifierCodes(part, platform));
  if (!key || modifiers.some((codes) => codes === null)) return null;
  return { key, modifiers: modifiers as Array<readonly number[]> };
}

/** The modifiers the OS says are down (libuiohook's flags on a key event, read from the OS when the hook starts and followed since). */
export interface ModifiersDown {
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

const FLAGS: ReadonlyArray<[codes: readonly number[], flag: keyof ModifiersDown]> = [
  [CTRL, 'ctrl'],
  [ALT, 'alt'],
  [SHIFT, 'shift'],
  [META, 'meta'],
];

/** Whether any of the binding's modifiers is down, as `down` says (AltGr as Alt: the OS's flag does not tell them apart). */
export function bindingModifierDown(binding: KeyBinding, down: ModifiersDown): boolean {
  return binding.modifiers.some((codes) => FLAGS.some(([flagCodes, flag]) => down[flag] && codes.some((code) => flagCodes.includes(code))));
}

/** Whether `code` is one of the binding's keys (its key or one of its modifiers). */
export function isBindingKey(binding: KeyBinding, code: number): boolean {
  return binding.key.includes(code) || binding.modifiers.some((codes) => codes.includes(code));
}
