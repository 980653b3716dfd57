/**
 * Shortcuts the operating system or every program already means something by (copy, paste,
 * undo, save, select all, close, switch windows, lock the screen, …): refused as the app's
 * global shortcuts, which would take them from every program on the computer. Pure.
 *
 * Copy, cut and paste each have two spellings: Ctrl+C/X/V and the older Ctrl+Insert,
 * Shift+Delete and Shift+Insert, which Windows, Linux desktops and terminals still honour.
 */

const CTRL_OR_CMD = new Set(['commandorcontrol', 'cmdorctrl', 'control', 'ctrl', 'command', 'cmd']);
const SUPER = new Set(['super', 'meta']);

/** With Ctrl (Cmd on a Mac) alone: what programs do with these keys. */
const EDITING_KEYS: Record<string, string> = {
  a: 'select all',
  c: 'copy',
  f: 'find',
  n: 'new',
  o: 'open',
  p: 'print',
  q: 'quit',
  s: 'save',
  t: 'new tab',
  v: 'paste',
  w: 'close',
  x: 'cut',
  y: 'redo',
  z: 'undo',
  insert: 'copy',
  tab: 'switch tabs',
  space: 'switch the keyboard language',
};

/** With Shift alone: the older spellings of paste and cut. */
const SHIFT_EDITING_KEYS: Record<string, string> = {
  insert: 'paste',
  delete: 'cut',
};

/** Exactly these modifiers and key, whatever their order: the desktop's own. */
const DESKTOP: Array<{ modifiers: string[]; key: string; meaning: string }> = [
  { modifiers: ['alt'], key: 'f4', meaning: 'close the window' },
  { modifiers: ['alt'], key: 'tab', meaning: 'switch windows' },
  { modifiers: ['alt', 'shift'], key: 'tab', meaning: 'switch windows' },
  { modifiers: ['alt'], key: 'escape', meaning: 'switch windows' },
  { modifiers: ['alt'], key: 'space', meaning: 'open the window menu' },
  { modifiers: ['ctrl'], key: 'escape', meaning: 'open the Start menu' },
  { modifiers: ['ctrl', 'shift'], key: 'escape', meaning: 'open the Task Manager' },
  { modifiers: ['alt', 'ctrl'], key: 'delete', meaning: 'open the security screen' },
  { modifiers: ['alt', 'ctrl'], key: 't', meaning: 'open a terminal' },
  { modifiers: ['alt', 'ctrl'], key: 'l', meaning: 'lock the screen' },
  { modifiers: ['alt', 'ctrl'], key: 'up', meaning: 'switch workspaces' },
  { modifiers: ['alt', 'ctrl'], key: 'down', meaning: 'switch workspaces' },
  { modifiers: ['alt', 'ctrl'], key: 'left', meaning: 'switch workspaces' },
  { modifiers: ['alt', 'ctrl'], key: 'right', meaning: 'switch workspaces' },
];

const SYNONYMS: Record<string, string> = {
  commandorcontrol: 'ctrl',
  cmdorctrl: 'ctrl',
  control: 'ctrl',
  command: 'ctrl',
  cmd: 'ctrl',
  option: 'alt',
  altgr: 'alt',
  esc: 'escape',
  return: 'enter',
  del: 'delete',
};

const everyProgramsOwn = (meaning: string) => `That shortcut is every program's "${meaning}". Choose another, for example Ctrl+Alt+R.`;

/** Why an accelerator belongs to the OS or to every program, or null when the app may take it. */
export function reservedShortcutProblem(accelerator: string): string | null {
  if (accelerator.trim() === '') return null;
  const parts = accelerator.split('+').map((part) => part.trim().toLowerCase());
  const key = parts.pop() ?? '';
  if (parts.some((part) => SUPER.has(part))) {
    return 'Shortcuts with the Windows (Super) key belong to the operating system. Choose one with Ctrl and Alt, for example Ctrl+Alt+R.';
  }
  const modifiers = [...new Set(parts.map((part) => SYNONYMS[part] ?? part))].sort();
  const named = SYNONYMS[key] ?? key;
  const shiftEditing = modifiers.join('+') === 'shift' ? SHIFT_EDITING_KEYS[named] : undefined;
  if (shiftEditing) return everyProgramsOwn(shiftEditing);
  if (modifiers.every((part) => part === 'shift')) {
    return 'A shortcut with Shift alone would take a capital letter from every program. Add Ctrl or Alt, for example Ctrl+Alt+R.';
  }
  const ctrlOrCmd = parts.some((part) => CTRL_OR_CMD.has(part));
  const editing = modifiers.join('+') === 'ctrl' ? EDITING_KEYS[named] : modifiers.join('+') === 'ctrl+shift' && named === 'z' ? 'redo' : undefined;
  if (ctrlOrCmd && editing) return everyProgramsOwn(editing);
  const desktop = DESKTOP.find((entry) => entry.key === named && entry.modifiers.join('+') === modifiers.join('+'));
  if (desktop) return `That shortcut is the operating system's way to ${desktop.meaning}. Choose another, for example Ctrl+Alt+R.`;
  if (modifiers.join('+') === 'alt' && /^[a-z]$/.test(named)) {
    return 'Alt with a letter opens menus in many programs. Add Ctrl, for example Ctrl+Alt+R.';
  }
  return null;
}
