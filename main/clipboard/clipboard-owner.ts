/**
 * Whether some program holds the clipboard, for content the app cannot read (a program's
 * private format only): X11's CLIPBOARD selection owner, the formats Windows' clipboard holds.
 * Thin adapters through koffi; null where the OS cannot be asked.
 */
import type * as Koffi from 'koffi';
import { nativeQuery } from '../core/native-query';

function x11Owner(koffi: typeof Koffi): () => boolean {
  const x11 = koffi.load('libX11.so.6');
  const openDisplay = x11.func('void *XOpenDisplay(const char *name)');
  const internAtom = x11.func('unsigned long XInternAtom(void *display, const char *name, int onlyIfExists)');
  const selectionOwner = x11.func('unsigned long XGetSelectionOwner(void *display, unsigned long selection)');
  const display: unknown = openDisplay(null);
  if (!display) throw new Error('no X11 display');
  const clipboard = internAtom(display, 'CLIPBOARD', 0);
  return () => Number(selectionOwner(display, clipboard)) !== 0;
}

function windowsFormats(koffi: typeof Koffi): () => boolean {
  const countFormats = koffi.load('user32.dll').func('int __stdcall CountClipboardFormats()');
  return () => countFormats() > 0;
}

/** True when some program holds the clipboard, false when none does, null where this OS cannot be asked. */
export const clipboardHeld: () => boolean | null = nativeQuery<boolean | null>(
  (koffi) => (process.platform === 'linux' && (process.env.DISPLAY ?? '') !== '' ? x11Owner(koffi) : process.platform === 'win32' ? windowsFormats(koffi) : null),
  null,
);
