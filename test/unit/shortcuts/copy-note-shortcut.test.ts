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
import type { KeyboardHook } from '../../../main/shortcuts/keyboard-hook';
import { FakeClock } from '../../support/fake-clock';
import { formatsMemoryClipboard } from '../../support/memory-clipboard';

const NOTE = 'Medications\n1. Paracetamol 650 mg tablet, twice a day\n';
const EARLIER = 'UHID 4711-2026';
/** How long the target program takes to read the clipboard after the paste keys. */
const READS_AFTER_MS = 380;

function desk() {
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
      return outcome.copied ? { copied: true, which: 'Test Patient Ravi', text: outcome.text, earlier: outcome.earlier, copy: outcome.copy } : { ...outcome, refusal: 'no-note' };
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
    }),
    pressedIn: () => {},
    tell: (title) => void told.push(title),
  };
  // The keyboard hook as it is when the keys were let go before it could watch them.
  const hook = { begin: () => ({ end: () => {} }), problem: () => null, onKey: () => () => {}, keys: { anyOf: () => false }, paste: () => {} } as unknown as KeyboardHook;
  const shortcut = new CopyNoteShortcut(actions, hook, {
    accelerators: { register: (_accelerator, onPressed) => ((press = onPressed), true), unregister: () => {} },
    log: SILENT_LOG,
    clock,
  });
  shortcut.apply('CommandOrControl+Alt+C', true);
  return { clock, held, pasted, told, press: () => press() };
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
