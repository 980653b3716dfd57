/**
 * Issue 45.4: one insertion at a time. The copy shortcut pressed twice within the first paste's
 * put-back window: each paste must be read by the target program as the note, and the doctor's
 * earlier clipboard comes back once both are in. The shortcut, the copy path and the patient
 * clipboard are the app's; the OS's parts stand in: the global shortcut (pressed by the test),
 * the keyboard hook (the keys are let go before it watches), the focused window, and the target
 * program, which reads the clipboard 380 ms after the paste keys, as a busy EMR may.
 * Issue 58: keys the OS refuses to type (Windows' SendInput, run for real in the Windows lane)
 * leave the note copied, and the doctor is told so.
 */
import { describe, expect, it } from 'vitest';
import type { KeyboardHook } from '../../../main/shortcuts/keyboard-hook';
import type { Typist } from '../../../main/shortcuts/note-typing';
import { KEYS_REFUSED } from '../../../main/shortcuts/windows-typist';
import { FakeClock } from '../../support/fake-clock';
import { copyNoteDesk } from '../../support/copy-note-desk';

const NOTE = 'Medications\n1. Paracetamol 650 mg tablet, twice a day\n';
const EARLIER = 'UHID 4711-2026';
/** How long the target program takes to read the clipboard after the paste keys. */
const READS_AFTER_MS = 380;

/** `typing`: the program's profile types the note, with this typist (else it is pasted). */
function desk(typing?: () => Typist) {
  const clock = new FakeClock();
  /** What the target program read from the clipboard at each paste. */
  const pasted: string[] = [];
  const told: string[] = [];
  const bodies: string[] = [];
  // The keyboard hook as it is when the keys were let go before it could watch them.
  const hook = { begin: () => ({ end: () => {} }), problem: () => null, onKey: () => () => {}, keys: { anyOf: () => false }, paste: () => {} } as unknown as KeyboardHook;
  const { held, press } = copyNoteDesk({
    note: NOTE,
    earlier: EARLIER,
    platform: 'linux',
    hook,
    clock,
    focusedWindow: () => ({ kind: 'window', window: { id: 'x11:4711', program: { match: 'wm-class', names: ['emr-desktop'] }, title: 'Chart', higherRights: false } }),
    profiles: () => (typing ? [{ program: 'emr-desktop', match: 'wm-class', format: 'type' }] : []),
    typist: () =>
      typing?.() ?? {
        problem: () => null,
        character: () => {},
        lineBreak: () => {},
        finish: async () => {},
        paste: () => void clock.setTimeout(() => pasted.push(held.text), READS_AFTER_MS),
      },
    tell: (title, body) => void (told.push(title), bodies.push(body)),
  });
  return { clock, held, pasted, told, bodies, press };
}

describe('the copy shortcut, pressed again during a paste', () => {
  it('bad input: two presses 50 ms apart: both pastes read the note, and the earlier clipboard comes back after the second', async () => {
    const { clock, held, pasted, told, press } = desk();
    press();
    await clock.advance(50);
    press();
    await clock.advance(10_000);
    expect(pasted).toEqual([NOTE, NOTE]);
    expect(held.text).toBe(EARLIER);
    expect(told).toEqual([]);
  });

  it('one press alone: the note is read, the earlier clipboard back after the put-back time', async () => {
    const { clock, held, pasted, press } = desk();
    press();
    await clock.advance(10_000);
    expect(pasted).toEqual([NOTE]);
    expect(held.text).toBe(EARLIER);
  });
});

describe('the copy shortcut, when the OS refuses the typed keys', () => {
  it('bad input: SendInput refused after 3 characters: the note stays on the clipboard, and the doctor is told why and how far it went', async () => {
    let typed = '';
    const refusing = (): Typist => ({
      problem: () => null,
      character: (char) => {
        if (typed.length === 3) throw new Error(KEYS_REFUSED);
        typed += char;
      },
      lineBreak: () => {},
      finish: async () => {},
    });
    const { clock, held, told, bodies, press } = desk(refusing);
    press();
    await clock.advance(10_000);
    expect(typed).toBe('Med');
    expect(told).toEqual(['Note copied, not typed']);
    expect(bodies[0]).toBe(`${KEYS_REFUSED} Typing stopped after 3 of ${Array.from(NOTE).length} characters. The note of Test Patient Ravi is on the clipboard.`);
    // Left for a paste by hand: the earlier clipboard is not put back over it.
    expect(held.text).toContain('Paracetamol 650 mg');
  });
});
