/**
 * Issue 45.4: one insertion at a time. The copy shortcut pressed twice within the first paste's
 * put-back window: each paste must be read by the target program as the note, and the doctor's
 * earlier clipboard comes back once both are in. The shortcut, the copy path and the patient
 * clipboard are the app's; the OS's parts stand in: the global shortcut (pressed by the test),
 * the keyboard hook (the keys are let go before it watches), the focused window, and the target
 * program, which reads the clipboard 380 ms after the paste keys, as a busy EMR may.
 */
import { describe, expect, it } from 'vitest';
import { CopyPath } from '../../../main/clipboard/copy-path';
import { PatientClipboard } from '../../../main/clipboard/patient-clipboard';
import { SILENT_LOG } from '../../../main/core/event-log';
import { CopyNoteShortcut, type CopyNoteActions } from '../../../main/note-leaving/copy-note-shortcut';
import type { KeyboardHook, KeyListener } from '../../../main/shortcuts/keyboard-hook';
import { KEY } from '../../../main/shortcuts/accelerator-keys';
import { FakeClock } from '../../support/fake-clock';
import { formatsMemoryClipboard } from '../../support/memory-clipboard';

const NOTE = 'Medications\n1. Paracetamol 650 mg tablet, twice a day\n';
const EARLIER = 'UHID 4711-2026';
/** libuiohook's code of the C key (VC_C), the shortcut's own. */
const KEY_C = 0x2e;
/** How long the target program takes to read the clipboard after the paste keys. */
const READS_AFTER_MS = 380;

/** `whileHeld`: the typist can let go of the shortcut's keys for the paste (X11's XTest), true, or cannot, false; absent: it has no such way. */
function desk({ whileHeld, held: keysHeld = false }: { whileHeld?: boolean; held?: boolean } = {}) {
  const clock = new FakeClock();
  const { held, system } = formatsMemoryClipboard(EARLIER);
  const copies = new CopyPath(new PatientClipboard(system, { clearLater: () => false, log: () => {}, platform: 'linux' }), { requireReview: () => false, log: () => {} });
  /** What the target program read from the clipboard at each paste. */
  const pasted: string[] = [];
  const told: string[] = [];
  let press: () => void = () => {};
  const actions: Omit<CopyNoteActions, 'fieldText'> = {
    target: () => 'dictation-1',
    readiness: () => 'ready',
    whenReady: async () => true,
    copy: async (_id, options) => {
      const outcome = await copies.copy({ heading: { whose: null, what: null, testData: null }, body: { text: NOTE }, review: null, owner: 'patient:ravi', what: 'note' }, options);
      return outcome.copied ? { copied: true, which: 'Test Patient Ravi', text: outcome.text, earlier: outcome.earlier, copy: outcome.copy } : outcome;
    },
    putBack: (earlier, copy) => copies.putBack(earlier, copy),
    appHasFocus: () => false,
    focusedWindow: () => ({ kind: 'window', window: { id: 'x11:4711', program: { match: 'wm-class', names: ['emr-desktop'] }, title: 'Chart', higherRights: false } }),
    profiles: () => [],
    typist: () => ({
      problem: () => null,
      character: () => {},
      lineBreak: () => {},
      finish: async () => {},
      paste: () => void clock.setTimeout(() => pasted.push(held.text), READS_AFTER_MS),
      ...(whileHeld === undefined
        ? {}
        : {
            pasteWhileHeld: () => {
              if (!whileHeld) return false;
              pastedAt.push(clock.now() - pressedAt);
              clock.setTimeout(() => pasted.push(held.text), READS_AFTER_MS);
              return true;
            },
          }),
    }),
    pressedIn: () => {},
    tell: (title) => void told.push(title),
  };
  const pastedAt: number[] = [];
  let pressedAt = 0;
  // The keyboard hook: the keys let go before it could watch them, or (`keysHeld`) still down until `letGo`.
  const listeners: KeyListener[] = [];
  let down = keysHeld;
  const hook = {
    begin: () => ({ end: () => {} }),
    problem: () => null,
    onKey: (listener: KeyListener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    keys: { anyOf: () => down },
    paste: () => {},
  } as unknown as KeyboardHook;
  /** A key held repeats, as the OS's key repeat sends it. */
  const repeat = () => {
    for (const listener of [...listeners]) listener.keyDown(KEY_C);
  };
  const letGo = () => {
    down = false;
    for (const code of [KEY_C, KEY.Alt, KEY.Ctrl]) for (const listener of [...listeners]) listener.keyUp(code, { ctrl: false, alt: false, shift: false, meta: false });
  };
  const shortcut = new CopyNoteShortcut(actions, hook, {
    accelerators: { register: (_accelerator, onPressed) => ((press = onPressed), true), unregister: () => {} },
    log: SILENT_LOG,
    clock,
  });
  shortcut.apply('CommandOrControl+Alt+C', true);
  return {
    clock,
    held,
    pasted,
    pastedAt,
    told,
    letGo,
    repeat,
    press: () => {
      pressedAt = clock.now();
      press();
    },
  };
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

describe('the copy shortcut, still held', () => {
  it('pastes at once where the typist can let go of its keys, as a plain Ctrl+V lands at its press; the earlier clipboard comes back', async () => {
    const { clock, held, pasted, pastedAt, told, press } = desk({ whileHeld: true, held: true });
    press();
    await clock.advance(10_000);
    expect(pastedAt).toEqual([0]);
    expect(pasted).toEqual([NOTE]);
    expect(held.text).toBe(EARLIER);
    expect(told).toEqual([]);
  });

  it('bad input: a key it cannot let go: the paste waits for the doctor to let go, and lands then', async () => {
    const { clock, pasted, pastedAt, told, press, letGo, repeat } = desk({ whileHeld: false, held: true });
    press();
    for (let held = 0; held < 1_000; held += 100) {
      await clock.advance(100);
      repeat();
    }
    expect(pasted).toEqual([]);
    letGo();
    await clock.advance(10_000);
    expect(pastedAt).toEqual([]);
    expect(pasted).toEqual([NOTE]);
    expect(told).toEqual([]);
  });

  it('bad input: held past the limit with a key it cannot let go: nothing goes in, the earlier clipboard comes back, and the doctor is told', async () => {
    const { clock, held, pasted, told, press, repeat } = desk({ whileHeld: false, held: true });
    press();
    for (let held = 0; held < 5_000; held += 100) {
      await clock.advance(100);
      repeat();
    }
    await clock.advance(10_000);
    expect(pasted).toEqual([]);
    expect(held.text).toBe(EARLIER);
    expect(told).toEqual(['Note not inserted']);
  });
});
