/**
 * Which global shortcuts the app can use: a modifier and a key, not one the OS or a common
 * program keeps for itself; and one spelling per shortcut to tell two apart. Imports no schema
 * library, so that the page checks a shortcut as it is typed.
 */
import { reservedShortcutProblem } from './reserved-shortcuts';

const MODIFIERS = new Set(['command', 'cmd', 'control', 'ctrl', 'commandorcontrol', 'cmdorctrl', 'alt', 'option', 'altgr', 'shift', 'super', 'meta']);
const KEY = /^([a-z0-9]|f([1-9]|1[0-9]|2[0-4])|space|tab|backspace|delete|insert|return|enter|up|down|left|right|home|end|pageup|pagedown|escape|esc|plus|[-=;,./`[\]\\'])$/i;

/** Why an Electron accelerator is not usable as a global shortcut, or null. Empty means "none". */
export function acceleratorProblem(value: string): string | null {
  if (value === '') return null;
  const parts = value.split('+').map((part) => part.trim());
  const key = parts.pop() ?? '';
  if (parts.length === 0 || !parts.every((part) => MODIFIERS.has(part.toLowerCase()))) {
    return 'A shortcut needs at least one modifier (Ctrl, Alt, Shift, Command) and a key, for example CommandOrControl+Shift+R.';
  }
  if (!KEY.test(key)) return `"${key}" is not a key a shortcut can use.`;
  return reservedShortcutProblem(value);
}

/** One spelling per shortcut (modifiers sorted, case folded, synonyms merged), to tell whether two are the same. */
export function acceleratorIdentity(value: string): string {
  const synonyms: Record<string, string> = { cmd: 'command', ctrl: 'control', cmdorctrl: 'commandorcontrol', option: 'alt', meta: 'super', return: 'enter', esc: 'escape' };
  const parts = value.split('+').map((part) => part.trim().toLowerCase());
  const key = parts.pop() ?? '';
  const named = (part: string) => synonyms[part] ?? part;
  return [...new Set(parts.map(named))].sort().concat(named(key)).join('+');
}

