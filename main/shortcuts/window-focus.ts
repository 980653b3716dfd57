/**
 * Whether any program's window has the keyboard focus, asked of the OS right before the note
 * is pasted: pasting into nothing would do nothing, and keys pressed then land wherever focus
 * goes next. X11 (XGetInputFocus) and Windows (GetForegroundWindow), through koffi; where the
 * OS cannot be asked, null (unknown).
 */
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

const loadCommonJs = createRequire(import.meta.url);

type FocusQuery = () => boolean;

function x11Query(koffi: typeof Koffi): FocusQuery {
  const x11 = koffi.load('libX11.so.6');
  const openDisplay = x11.func('void *XOpenDisplay(const char *name)');
  const getInputFocus = x11.func('int XGetInputFocus(void *display, _Out_ unsigned long *focus, _Out_ int *revert)');
  const defaultRootWindow = x11.func('unsigned long XDefaultRootWindow(void *display)');
  const display: unknown = openDisplay(null);
  if (!display) throw new Error('no X11 display');
  const root = Number(defaultRootWindow(display));
  // None (0), PointerRoot (1) or the root window (focus reverted to it when its window closed): no program's window has the focus.
  return () => {
    const focus = [0];
    const revert = [0];
    getInputFocus(display, focus, revert);
    const window = Number(focus[0]);
    return window > 1 && window !== root;
  };
}

function windowsQuery(koffi: typeof Koffi): FocusQuery {
  const user32 = koffi.load('user32.dll');
  const getForegroundWindow = user32.func('void *__stdcall GetForegroundWindow()');
  return () => getForegroundWindow() !== null;
}

let query: FocusQuery | null | undefined;

/** True when some window has the focus, false when none has, null when this OS cannot be asked. */
export function someWindowHasFocus(platform: NodeJS.Platform = process.platform): boolean | null {
  if (query === undefined) {
    try {
      const koffi = loadCommonJs('koffi') as typeof Koffi;
      query = platform === 'linux' && (process.env.DISPLAY ?? '') !== '' ? x11Query(koffi) : platform === 'win32' ? windowsQuery(koffi) : null;
    } catch {
      query = null;
    }
  }
  try {
    return query ? query() : null;
  } catch {
    return null;
  }
}
