import { describe, expect, it } from 'vitest';
import { shortcutTextFor } from '../../../contract/shortcut-text';

describe('a shortcut as the OS writes it', () => {
  it('says Ctrl on Windows and Linux, Cmd on macOS, whatever Electron calls it', () => {
    expect(shortcutTextFor('CommandOrControl+Alt+C', false)).toBe('Ctrl+Alt+C');
    expect(shortcutTextFor('CmdOrCtrl+Shift+R', true)).toBe('Cmd+Shift+R');
    expect(shortcutTextFor('Super+F9', false)).toBe('Win+F9');
    expect(shortcutTextFor('Alt+F9', false)).toBe('Alt+F9');
  });
});
