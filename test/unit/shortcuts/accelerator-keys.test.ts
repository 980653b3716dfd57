import { describe, expect, it } from 'vitest';
import { KEY, bindingModifierDown, isBindingKey, keyBindingOf } from '../../../main/shortcuts/accelerator-keys';
import { acceleratorProblem } from '../../../contract/settings';

const R = 0x13;
const C = 0x2e;

describe('keyBindingOf', () => {
  it('reads CommandOrControl as Ctrl on Windows and Linux, Command on macOS; each modifier with its left and right keys', () => {
    expect(keyBindingOf('CommandOrControl+Alt+R', 'linux')).toEqual({ key: [R], modifiers: [[KEY.Ctrl, KEY.CtrlRight], [KEY.Alt, KEY.AltRight]] });
    expect(keyBindingOf('CommandOrControl+Alt+R', 'win32')?.modifiers[0]).toEqual([KEY.Ctrl, KEY.CtrlRight]);
    expect(keyBindingOf('CmdOrCtrl+Shift+C', 'darwin')).toEqual({ key: [C], modifiers: [[KEY.Meta, KEY.MetaRight], [KEY.Shift, KEY.ShiftRight]] });
  });

  it('takes names in any case and with spaces, and the synonyms Electron accepts', () => {
    expect(keyBindingOf(' ctrl + option + r ', 'linux')).toEqual(keyBindingOf('Control+Alt+R', 'linux'));
    expect(keyBindingOf('Super+F12', 'linux')).toEqual({ key: [0x58], modifiers: [[KEY.Meta, KEY.MetaRight]] });
    expect(keyBindingOf('AltGr+Q', 'linux')).toEqual({ key: [0x10], modifiers: [[KEY.AltRight]] });
  });

  it('gives named keys every code the OS reads as that key (arrows also from the number pad)', () => {
    expect(keyBindingOf('Ctrl+Up', 'linux')?.key).toEqual([0xe048, 0xee48]);
    expect(keyBindingOf('Ctrl+Enter', 'linux')?.key).toEqual(keyBindingOf('Ctrl+Return', 'linux')?.key);
    expect(keyBindingOf('Ctrl+Alt+1', 'linux')?.key).toEqual([0x02]);
    expect(keyBindingOf('Ctrl+Alt+0', 'linux')?.key).toEqual([0x0b]);
    expect(keyBindingOf('Ctrl+Alt+Space', 'linux')?.key).toEqual([0x39]);
  });

  it('knows every key a valid shortcut setting can name', () => {
    const keys = [
      ...'abcdefghijklmnopqrstuvwxyz0123456789',
      ...Array.from({ length: 24 }, (_, i) => `F${i + 1}`),
      ...['Space', 'Tab', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter', 'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'Esc', 'Plus'],
      ...'-=;,./`[]\\\'',
    ];
    for (const key of keys) {
      // With Shift too, so that none of them is one the OS keeps for itself (Ctrl+Alt+Delete, Ctrl+Alt+T, …).
      const accelerator = `Ctrl+Alt+Shift+${key}`;
      expect(acceleratorProblem(accelerator), accelerator).toBeNull();
      expect(keyBindingOf(accelerator, 'linux'), accelerator).not.toBeNull();
    }
  });

  it('refuses what it cannot map', () => {
    expect(keyBindingOf('Ctrl+Alt+MediaPlayPause', 'linux')).toBeNull();
    expect(keyBindingOf('Hyper+R', 'linux')).toBeNull();
    expect(keyBindingOf('', 'linux')).toBeNull();
  });
});

describe('isBindingKey', () => {
  it('is true for the key and for either key of each modifier, false for any other key', () => {
    const binding = keyBindingOf('CommandOrControl+Alt+R', 'linux')!;
    for (const code of [R, KEY.Ctrl, KEY.CtrlRight, KEY.Alt, KEY.AltRight]) expect(isBindingKey(binding, code)).toBe(true);
    for (const code of [C, KEY.Shift, KEY.Meta, 0x39]) expect(isBindingKey(binding, code)).toBe(false);
  });
});

describe('bindingModifierDown', () => {
  const none = { ctrl: false, alt: false, shift: false, meta: false };
  const copy = keyBindingOf('CommandOrControl+Alt+C', 'linux')!;

  it('says whether any of the shortcut’s own modifiers is still down, as the OS’s flags say', () => {
    expect(bindingModifierDown(copy, none)).toBe(false);
    expect(bindingModifierDown(copy, { ...none, alt: true })).toBe(true);
    expect(bindingModifierDown(copy, { ...none, ctrl: true })).toBe(true);
    // Another modifier held is not the shortcut's.
    expect(bindingModifierDown(copy, { ...none, shift: true, meta: true })).toBe(false);
  });

  it('reads Command on macOS as the meta flag, and AltGr as Alt', () => {
    expect(bindingModifierDown(keyBindingOf('CommandOrControl+Alt+C', 'darwin')!, { ...none, meta: true })).toBe(true);
    expect(bindingModifierDown(keyBindingOf('CommandOrControl+Alt+C', 'darwin')!, { ...none, ctrl: true })).toBe(false);
    expect(bindingModifierDown(keyBindingOf('AltGr+Q', 'linux')!, { ...none, alt: true })).toBe(true);
  });
});
