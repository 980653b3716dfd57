/**
 * The copy shortcut (copy-note-shortcut.ts) set up as in the app, around one note of Test
 * Patient Ravi: the app's copy path on a clipboard in memory (Electron's, as the tests'
 * runtime has it); what the OS gives (the window in front, the typist, the keyboard hook) and
 * the programs' profiles come from the test. `press` presses the shortcut; `insert: false`
 * copies without inserting.
 */
import { CopyPath } from '../../main/clipboard/copy-path';
import { PatientClipboard } from '../../main/clipboard/patient-clipboard';
import type { Clock } from '../../main/core/clock';
import { SILENT_LOG } from '../../main/core/event-log';
import { CopyNoteShortcut, type CopyNoteActions } from '../../main/note-leaving/copy-note-shortcut';
import type { KeyboardHook } from '../../main/shortcuts/keyboard-hook';
import { formatsMemoryClipboard } from './memory-clipboard';

export const PATIENT = 'Test Patient Ravi';

export interface CopyNoteDesk {
  /** What the clipboard holds now. */
  held: { text: string };
  press(): void;
  dispose(): void;
}

export function copyNoteDesk(
  options: { note: string; earlier: string; platform: NodeJS.Platform; hook: KeyboardHook; clock: Clock; insert?: boolean } & Pick<CopyNoteActions, 'focusedWindow' | 'typist' | 'profiles' | 'tell'>,
): CopyNoteDesk {
  const { held, system } = formatsMemoryClipboard(options.earlier);
  const copies = new CopyPath(new PatientClipboard(system, { clearLater: () => false, log: () => {}, platform: options.platform, clock: options.clock }), { requireReview: () => false, log: () => {} });
  let press: () => void = () => {};
  const actions: Omit<CopyNoteActions, 'fieldText'> = {
    target: () => 'dictation-1',
    readiness: () => 'ready',
    whenReady: async () => true,
    copy: async (_id, copyOptions) => {
      const outcome = await copies.copy({ heading: { whose: null, what: null, testData: null }, body: { text: options.note }, review: null, owner: 'patient:ravi', what: 'note' }, copyOptions);
      return outcome.copied ? { copied: true, which: PATIENT, text: outcome.text, earlier: outcome.earlier, copy: outcome.copy } : { ...outcome, refusal: 'no-note' };
    },
    putBack: (earlier, copy) => copies.putBack(earlier, copy),
    appHasFocus: () => false,
    focusedWindow: options.focusedWindow,
    profiles: options.profiles,
    typist: options.typist,
    pressedIn: () => {},
    tell: options.tell,
  };
  const shortcut = new CopyNoteShortcut(actions, options.hook, {
    accelerators: { register: (_accelerator, onPressed) => ((press = onPressed), true), unregister: () => {} },
    log: SILENT_LOG,
    clock: options.clock,
  });
  shortcut.apply('CommandOrControl+Alt+C', options.insert ?? true);
  return { held, press: () => press(), dispose: () => shortcut.dispose() };
}
