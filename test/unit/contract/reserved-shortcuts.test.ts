/** The shortcuts the app refuses to take from every program (contract/reserved-shortcuts.ts), as Settings says why. */
import { describe, expect, it } from 'vitest';
import { reservedShortcutProblem } from '../../../contract/reserved-shortcuts';

describe('copy, cut and paste in both their spellings', () => {
  it('Ctrl+C/X/V and Ctrl+Insert, Shift+Delete, Shift+Insert are refused, each named for what every program does with it', () => {
    const meaning: Array<[string, string]> = [
      ['CommandOrControl+C', 'copy'],
      ['CommandOrControl+Insert', 'copy'],
      ['Ctrl+Insert', 'copy'],
      ['Control+insert', 'copy'],
      ['CmdOrCtrl+Insert', 'copy'],
      ['Command+Insert', 'copy'],
      ['CommandOrControl+V', 'paste'],
      ['Shift+Insert', 'paste'],
      ['shift+INSERT', 'paste'],
      ['CommandOrControl+X', 'cut'],
      ['Shift+Delete', 'cut'],
      ['Shift+Del', 'cut'],
    ];
    for (const [accelerator, what] of meaning) {
      expect(reservedShortcutProblem(accelerator), accelerator).toBe(`That shortcut is every program's "${what}". Choose another, for example Ctrl+Alt+R.`);
    }
  });

  it('Insert and Delete with other modifiers stay free', () => {
    for (const free of ['CommandOrControl+Alt+Insert', 'Ctrl+Shift+Insert', 'Alt+Shift+Insert', 'Alt+Shift+Delete']) {
      expect(reservedShortcutProblem(free), free).toBeNull();
    }
  });
});
