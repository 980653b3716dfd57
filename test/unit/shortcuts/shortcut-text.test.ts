import { describe, expect, it } from 'vitest';
import { acceleratorFromText, shortcutTextFor } from '../../../contract/shortcut-text';

describe('a shortcut as the OS writes it', () => {
  it('says Ctrl on Windows and Linux, Cmd on macOS, whatever Electron calls it', () => {
    expect(shortcutTextFor('CommandOrControl+Alt+C', false)).toBe('Ctrl+Alt+C');
    expect(shortcutTextFor('CmdOrCtrl+Shift+R', true)).toBe('Cmd+Shift+R');
    expect(shortcutTextFor('Super+F9', false)).toBe('Win+F9');
    expect(shortcutTextFor('Alt+F9', false)).toBe('Alt+F9');
  });

  it('takes a shortcut typed as the OS writes it back to Electron’s name, and round-trips', () => {
    expect(acceleratorFromText('Ctrl+Alt+C', false)).toBe('CommandOrControl+Alt+C');
    expect(acceleratorFromText('Win+F9', false)).toBe('Super+F9');
    expect(acceleratorFromText('Cmd+Shift+R', true)).toBe('CommandOrControl+Shift+R');
    // Electron's own names, typed as they are, are left alone.
    for (const [typed, mac] of [['CommandOrControl+Alt+C', false], ['CmdOrCtrl+Alt+C', false], ['Control+Alt+C', false], ['Control+Alt+C', true], ['Alt+F9', true]] as const) {
      expect(acceleratorFromText(typed, mac)).toBe(typed);
    }
    for (const accelerator of ['CommandOrControl+Alt+C', 'Control+Alt+J', 'Alt+Shift+D']) {
      for (const mac of [false, true]) expect(acceleratorFromText(shortcutTextFor(accelerator, mac), mac)).toBe(accelerator);
    }
    expect(acceleratorFromText(shortcutTextFor('Super+Shift+F9', false), false)).toBe('Super+Shift+F9');
  });
});
