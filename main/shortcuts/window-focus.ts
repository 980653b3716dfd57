/**
 * The window that has the keyboard focus, asked of the OS at the copy shortcut's press and
 * again right before the note goes in: its id, its program (X11 WM_CLASS, the Windows process
 * name, the macOS bundle id), its title (compared, never shown or logged), the process that
 * owns it (to read the note back from its field), and on Windows whether it runs with higher
 * rights than the app. Thin adapters over the OS through koffi (X11 here, windows-focus.ts,
 * macos-focus.ts); what to do with the answer is decided in insertion-decision.ts.
 */
import type * as Koffi from 'koffi';
import { nativeQuery } from '../core/native-query';
import type { Focus } from './insertion-decision';
import { macosFocus } from './macos-focus';
import { windowsFocus } from './windows-focus';

type FocusQuery = () => Focus;

/** Up to this many parents are walked from the focused window to the one the window manager names. */
const MAX_DEPTH = 12;

function x11Query(koffi: typeof Koffi): FocusQuery {
  const x11 = koffi.load('libX11.so.6');
  koffi.struct('XClassHint', { res_name: 'void *', res_class: 'void *' });
  const openDisplay = x11.func('void *XOpenDisplay(const char *name)');
  const getInputFocus = x11.func('int XGetInputFocus(void *display, _Out_ unsigned long *focus, _Out_ int *revert)');
  const defaultRootWindow = x11.func('unsigned long XDefaultRootWindow(void *display)');
  const getClassHint = x11.func('int XGetClassHint(void *display, unsigned long w, _Out_ XClassHint *hint)');
  const queryTree = x11.func(
    'int XQueryTree(void *display, unsigned long w, _Out_ unsigned long *root, _Out_ unsigned long *parent, _Out_ void **children, _Out_ unsigned int *count)',
  );
  const internAtom = x11.func('unsigned long XInternAtom(void *display, const char *name, int onlyIfExists)');
  const getProperty = x11.func(
    'int XGetWindowProperty(void *display, unsigned long w, unsigned long property, long offset, long length, int del, unsigned long type, _Out_ unsigned long *actualType, _Out_ int *actualFormat, _Out_ unsigned long *items, _Out_ unsigned long *after, _Out_ void **value)',
  );
  const free = x11.func('int XFree(void *data)');
  const sync = x11.func('int XSync(void *display, int discard)');
  const display: unknown = openDisplay(null);
  if (!display) throw new Error('no X11 display');
  const root = Number(defaultRootWindow(display));
  const netWmName = internAtom(display, '_NET_WM_NAME', 0);
  const netWmPid = internAtom(display, '_NET_WM_PID', 0);
  const wmName = internAtom(display, 'WM_NAME', 0);

  const text = (pointer: unknown): string => (pointer ? (koffi.decode(pointer, 'char', -1) as string) : '');
  const classOf = (window: number): string[] | null => {
    const hint = { res_name: null, res_class: null };
    if (getClassHint(display, window, hint) === 0) return null;
    const names = [text(hint.res_name), text(hint.res_class)].filter((name) => name !== '');
    if (hint.res_name) free(hint.res_name);
    if (hint.res_class) free(hint.res_class);
    return names;
  };
  /** A property's items: bytes for format 8, else `long`s (Xlib hands 32-bit items over as C longs). */
  const propertyOf = (window: number, atom: unknown): { type: number; format: number; items: number[] } | null => {
    const [type, format, items, after, value] = [[0], [0], [0], [0], [null as unknown]];
    if (getProperty(display, window, atom, 0, 4096, 0, 0, type, format, items, after, value) !== 0 || !value[0]) return null;
    const decoded = koffi.decode(value[0], Number(format[0]) === 8 ? 'uint8' : 'long', Number(items[0])) as ArrayLike<number | bigint>;
    free(value[0]);
    return { type: Number(type[0]), format: Number(format[0]), items: Array.from(decoded, Number) };
  };
  const property = (window: number, atom: unknown): string | null => {
    const found = propertyOf(window, atom);
    return found?.format === 8 ? Buffer.from(found.items).toString(found.type === Number(wmName) ? 'latin1' : 'utf8') : null;
  };
  const pidOf = (window: number): number | null => {
    const found = propertyOf(window, netWmPid);
    return found?.format === 32 && found.items[0] ? found.items[0] : null;
  };
  const parentOf = (window: number): number => {
    const [rootOut, parent, children, count] = [[0], [0], [null as unknown], [0]];
    if (queryTree(display, window, rootOut, parent, children, count) === 0) return 0;
    if (children[0]) free(children[0]);
    return Number(parent[0]);
  };

  return () => {
    sync(display, 0);
    const focus = [0];
    getInputFocus(display, focus, [0]);
    // None (0), PointerRoot (1) or the root window (focus reverted to it when its window closed): no program's window has the focus.
    let window = Number(focus[0]);
    if (window <= 1 || window === root) return { kind: 'none' };
    for (let depth = 0; depth < MAX_DEPTH && window > 1 && window !== root; depth += 1) {
      const names = classOf(window);
      if (names) {
        const title = property(window, netWmName) ?? property(window, wmName);
        return { kind: 'window', window: { id: `x11:${window}`, program: { match: 'wm-class', names }, title, higherRights: false, pid: pidOf(window) } };
      }
      window = parentOf(window);
    }
    return { kind: 'window', window: { id: `x11:${Number(focus[0])}`, program: null, title: null, higherRights: false } };
  };
}

/** The window that has the focus now, 'none', or 'unknown' where this OS cannot be asked (Wayland) or would not say. Never throws. */
export const focusNow: () => Focus = nativeQuery<Focus>((koffi) => {
  const { platform, env } = process;
  if (platform === 'linux' && (env.DISPLAY ?? '') !== '' && (env.WAYLAND_DISPLAY ?? '') === '') return x11Query(koffi);
  if (platform === 'darwin') return macosFocus(koffi);
  return platform === 'win32' ? windowsFocus(koffi) : null;
}, { kind: 'unknown' });
