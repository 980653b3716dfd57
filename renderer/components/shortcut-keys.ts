/** Shortcuts as Electron names them ("CommandOrControl+Alt+R") and as the OS writes them ("Ctrl+Alt+R", "Cmd+Alt+R"). */

import { acceleratorFromText, shortcutTextFor } from '../../contract/shortcut-text';

const isMac = () => navigator.userAgent.includes('Mac');

/** The shortcut as the OS writes it. */
export function shortcutText(accelerator: string): string {
  return shortcutTextFor(accelerator, isMac());
}

/** A shortcut typed as the OS writes it, as Electron names it. */
export function acceleratorOfText(text: string): string {
  return acceleratorFromText(text, isMac());
}

const NAMED_KEYS: Record<string, string> = { Space: 'Space', ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right', Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown', Insert: 'Insert' };
/** Text editing's own keys, left to the field: select all, copy, cut, paste, undo, redo. */
const EDITING = new Set(['A', 'C', 'V', 'X', 'Z', 'Y']);

/**
 * The accelerator a key press makes, when it is one: Ctrl, Alt or the Command/Windows key with
 * a letter, digit, function or named key. Null for typing, for a modifier alone, and for the
 * field's own editing keys (Ctrl+A, C, V, X, Z, Y without Alt or Shift).
 */
export function acceleratorOf(event: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>): string | null {
  if (!event.ctrlKey && !event.altKey && !event.metaKey) return null;
  const code = event.code;
  const key = /^Key([A-Z])$/.exec(code)?.[1] ?? /^Digit(\d)$/.exec(code)?.[1] ?? /^(F\d{1,2})$/.exec(code)?.[1] ?? NAMED_KEYS[code] ?? null;
  if (!key) return null;
  const mac = isMac();
  if (EDITING.has(key) && !event.altKey && !event.shiftKey && (mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey)) return null;
  const parts: string[] = [];
  if (mac ? event.metaKey : event.ctrlKey) parts.push('CommandOrControl');
  if (mac && event.ctrlKey) parts.push('Control');
  if (event.altKey) parts.push('Alt');
  if (event.shiftKey) parts.push('Shift');
  if (!mac && event.metaKey) parts.push('Super');
  return [...parts, key].join('+');
}
