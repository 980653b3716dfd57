/**
 * Stand-ins for every module of the app that calls Win32, as a unit test would stand them in:
 * each answers something plausible without asking Windows. `lane.ts --stubbed` bundles the
 * in-Wine tests with these in place of the real modules, and every test must then fail: a test
 * that passes with them proves nothing about Windows.
 */
import type { Focus } from '../../../main/shortcuts/insertion-decision';
import type { Typist } from '../../../main/shortcuts/note-typing';
import type { RegistryKeyRead } from '../../../main/settings/windows-registry';
import type { WindowsSecurity } from '../../../main/settings/windows-admin-only';

export const DEFAULT_PROGRAM_DATA = 'C:\\ProgramData';
export const KEYS_REFUSED = 'Windows did not take the keys.';

export const windowsProgramData = (): string => DEFAULT_PROGRAM_DATA;
export const readRegistryKey = (): RegistryKeyRead => ({ state: 'absent' });
export const descriptorSecurity = (): Omit<WindowsSecurity, 'reparsePoint'> => ({ ownerSid: 'S-1-5-32-544', access: [] });
export const windowsFileSecurity = () => (): WindowsSecurity => ({ ownerSid: 'S-1-5-32-544', access: [], reparsePoint: false });
export const windowsFocus = () => (): Focus => ({
  kind: 'window',
  window: { id: 'win32:1', program: { match: 'process', names: ['notepad.exe'] }, title: 'Untitled - Notepad', higherRights: false, pid: null },
});
export const windowsTypist = (): Typist => ({ problem: () => null, character: () => {}, lineBreak: () => {}, finish: async () => {} });
export const clipboardHeld = (): boolean | null => false;

/** uiohook-napi's part the keyboard hook uses: it starts, and sees and presses nothing. */
export const uIOhook = { on: () => {}, start: () => {}, stop: () => {}, keyTap: () => {} };
