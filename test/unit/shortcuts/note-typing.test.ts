/** Typing a note: steps, line breaks, Esc, and what is given back. */
import { describe, expect, it } from 'vitest';
import type { LineBreak } from '../../../contract/insert-profiles';
import { typeNote, typingSteps, type Typist } from '../../../main/shortcuts/note-typing';
import { keysymOf } from '../../../main/shortcuts/x11-typist';

function recorder() {
  const keys: string[] = [];
  let finished = 0;
  const typist: Typist = {
    problem: () => null,
    character: (char) => void keys.push(char),
    lineBreak: (lineBreak: LineBreak) => void keys.push(`<${lineBreak}>`),
    finish: async () => void (finished += 1),
  };
  return { keys, typist, finished: () => finished };
}

const noPause = { sleep: async () => {} };

describe('typing a note', () => {
  it('Windows line ends are one break; tabs are spaces; empty lines stay', () => {
    expect(typingSteps('a\r\nb\n\n\tc')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'break' },
      { kind: 'text', text: 'b' },
      { kind: 'break' },
      { kind: 'break' },
      { kind: 'text', text: ' c' },
    ]);
  });

  it('types every character, Hindi and surrogate pairs whole, line breaks as the profile says', async () => {
    const { keys, typist, finished } = recorder();
    expect(await typeNote('5 µg\nनमस्ते 😀', typist, { lineBreak: 'shift-enter', stopped: () => false, ...noPause })).toEqual({ typed: 'all' });
    expect(keys.join('')).toBe('5 µg<shift-enter>नमस्ते 😀');
    expect(keys).toContain('😀');
    expect(finished()).toBe(1);
  });

  it('Esc stops it between two characters, and what typing borrowed is given back', async () => {
    const { keys, typist, finished } = recorder();
    const outcome = await typeNote('Paracetamol', typist, { lineBreak: 'enter', stopped: () => keys.length >= 4, ...noPause });
    expect(outcome).toEqual({ typed: 'stopped', characters: 4 });
    expect(keys.join('')).toBe('Para');
    expect(finished()).toBe(1);
  });

  it('bad input: a key the OS refuses ends typing there, says why and how far it went, and still gives back what it borrowed', async () => {
    const { keys, typist, finished } = recorder();
    const refusing: Typist = { ...typist, character: (char) => (keys.length === 2 ? Promise.reject(new Error('Windows did not take the keys.')) : typist.character(char)) };
    const outcome = await typeNote('Paracetamol', refusing, { lineBreak: 'enter', stopped: () => false, ...noPause });
    expect(outcome).toEqual({ typed: 'refused', characters: 2, why: 'Windows did not take the keys.' });
    expect(keys.join('')).toBe('Pa');
    expect(finished()).toBe(1);
  });

  it("X11 keysyms: Latin-1 as itself, everything else Unicode's", () => {
    expect(keysymOf('a'.codePointAt(0)!)).toBe(0x61);
    expect(keysymOf('µ'.codePointAt(0)!)).toBe(0xb5);
    expect(keysymOf('न'.codePointAt(0)!)).toBe(0x01000928);
  });
});
