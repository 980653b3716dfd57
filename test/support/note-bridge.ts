/** The page's dictation operations on a real store, for what a note's copy and review need: anything else they are asked for throws. */
import type { HeadingPatient } from '../../contract/copy-heading';
import type { CopyPath } from '../../main/clipboard/copy-path';
import { dictationHandlers } from '../../main/dictation-wiring/dictation-bridge';
import type { DictationStore } from '../../main/dictations/dictation-store';
import { NoteContradictions } from '../../main/note-leaving/note-contradictions';
import { systemClock } from '../../main/core/clock';

export function noteBridge(
  store: DictationStore,
  copies: CopyPath,
  visit: { chosen: HeadingPatient & { id: string }; patientOf(patientId: string | null): HeadingPatient | null },
  contradictions = new NoteContradictions(store),
) {
  const unused = () => {
    throw new Error('not used by a note’s copy or review');
  };
  return dictationHandlers({
    store,
    outbox: { progressOf: () => null, retry: unused, cancel: unused, remove: unused, halt: unused, resume: unused },
    control: { status: unused } as never,
    copies,
    settings: { current: unused },
    saveJson: unused,
    log: { info: () => undefined, warn: () => undefined },
    showing: unused,
    patientOf: visit.patientOf,
    visit: { chosen: () => visit.chosen, noteLeft: () => undefined },
    consentNotices: unused,
    clock: systemClock,
    contradictions,
  });
}
