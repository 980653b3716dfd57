/**
 * The typist for this computer: X11's XTest, Windows' SendInput; none on macOS (not written
 * yet) or Wayland (no program may press keys in others), where "type it" is refused in words.
 */
import type { Clock } from '../core/clock';
import { nativeQuery } from '../core/native-query';
import type { Typist } from './note-typing';
import { windowsTypist } from './windows-typist';
import { x11Typist } from './x11-typist';

/** The typist, or null where this computer has none. Loaded at the first note typed; `clock`: what X11's typist waits on for a changed mapping to be read. */
export function typistHere(clock: Pick<Clock, 'sleep'>): () => Typist | null {
  return nativeQuery<Typist | null>((koffi) => {
    const { platform, env } = process;
    const typist = platform === 'linux' && (env.DISPLAY ?? '') !== '' ? x11Typist(koffi, clock) : platform === 'win32' ? windowsTypist(koffi) : null;
    return typist ? () => typist : null;
  }, null);
}

export const NO_TYPIST = 'Typing the note is not available on this computer (it works on Windows and on Linux with X11).';
