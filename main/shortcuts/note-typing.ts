/**
 * Typing a note into a field that takes no paste: the text as a sequence of characters and
 * line breaks, entered one by one with a pause the target keeps up with, stopped at once when
 * the doctor presses Esc. Line breaks go as the program's profile says (Enter or Shift+Enter),
 * a Windows line end as one break, a tab as a space (a Tab key would move to the next field).
 * Pure apart from the typist it is given (the OS's key injection).
 */
import type { LineBreak } from '../../contract/insert-profiles';

export type TypingStep = { kind: 'text'; text: string } | { kind: 'break' };

/** What enters keys in the focused program: characters (any Unicode), and the line-break keys. */
export interface Typist {
  /** Why this computer cannot type `text`, or null. */
  problem(text: string): string | null;
  character(char: string): void | Promise<void>;
  lineBreak(lineBreak: LineBreak): void | Promise<void>;
  /** Presses the paste keys, where this typist does it better than the keyboard hook (X11: libuiohook's keys are synthetic events GTK ignores). */
  paste?(): void;
  /**
   * Lets go of every key still held (the shortcut's own, never pressed again after) and presses
   * the paste keys at once, so that the note goes in while the doctor still holds the shortcut.
   * False, with nothing pressed, when a held key could not be let go (the paste would reach the
   * program with it, Ctrl+Alt+V): then the paste waits for the keys to be let go.
   */
  pasteWhileHeld?(): boolean;
  /** After the last key: gives back what typing borrowed (X11: keyboard mappings). */
  finish(): Promise<void>;
}

/** A pause after each character: the bench found a browser field keeps every character at this pace (docs/benchmarks.md). */
export const CHARACTER_PAUSE_MS = 4;

/** The note as steps: runs of characters between line breaks. */
export function typingSteps(text: string): TypingStep[] {
  const steps: TypingStep[] = [];
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .split('\n')
    .forEach((line, index) => {
      if (index > 0) steps.push({ kind: 'break' });
      if (line !== '') steps.push({ kind: 'text', text: line });
    });
  return steps;
}

export type TypingOutcome =
  | { typed: 'all' }
  | { typed: 'stopped'; characters: number }
  /** The OS did not take a key (Windows: SendInput refused, as UIPI does for a program with higher rights): `why`, in words. */
  | { typed: 'refused'; characters: number; why: string };

/**
 * Types `text`; `stopped()` is asked between characters (Esc was pressed). Characters are
 * code points, so that a surrogate pair or a combining mark is never split by the pause.
 */
export async function typeNote(
  text: string,
  typist: Typist,
  options: { lineBreak: LineBreak; stopped(): boolean; pauseMs?: number; /** The pause between keys, on the app's clock (main/core). */ sleep(ms: number): Promise<void> },
): Promise<TypingOutcome> {
  const { sleep } = options;
  const pause = options.pauseMs ?? CHARACTER_PAUSE_MS;
  let characters = 0;
  try {
    for (const step of typingSteps(text)) {
      for (const char of step.kind === 'text' ? Array.from(step.text) : ['\n']) {
        if (options.stopped()) return { typed: 'stopped', characters };
        try {
          if (step.kind === 'break') await typist.lineBreak(options.lineBreak);
          else await typist.character(char);
        } catch (error) {
          return { typed: 'refused', characters, why: (error as Error).message };
        }
        characters += 1;
        await sleep(pause);
      }
    }
    return { typed: 'all' };
  } finally {
    await typist.finish();
  }
}
