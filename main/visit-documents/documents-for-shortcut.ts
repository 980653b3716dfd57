/**
 * The copy shortcut's share of documents made from a recording: the document in view, when it
 * is the visit's patient's, is what the shortcut copies (or pastes) instead of its note, by the
 * same copy path and rules as from the window; what needs a deliberate click there (another
 * patient's, a prescription that contradicts itself) is not copied by the shortcut at all.
 */
import { patientInitials } from '../../contract/patients';
import { documentName } from '../../contract/visit-documents';
import type { ShortcutRefusal } from '../audit/feature-hooks';
import type { CopyOptions, CopyPath } from '../clipboard/copy-path';
import type { DictationStore } from '../dictations/dictation-store';
import type { ShortcutCopy } from '../note-leaving/copy-note-shortcut';
import type { ShownForShortcut } from '../note-leaving/copy-shortcut-actions';
import type { PatientOf } from '../note-leaving/dictation-notes';
import { documentCopy, leavingProblem, type HeadingPatient, type LeavingReason } from './document-leaving';
import type { VisitDocumentStore } from './document-store';

/** A document's reason not to leave, as the shortcut's trail names it. */
const SHORTCUT_REFUSAL: Record<LeavingReason, ShortcutRefusal> = {
  'not-ready': 'no-note',
  'not-reviewed': 'not-reviewed',
  differs: 'differs-from-note',
  'no-patient': 'other-patient',
  'other-patient': 'other-patient',
  contradicts: 'contradicts',
};

export function documentsForShortcut(deps: {
  store: VisitDocumentStore;
  dictations: DictationStore;
  copies: Pick<CopyPath, 'copy'>;
  shownId(): string | null;
  patientOf: PatientOf;
  requireReview(): boolean;
  /** The visit's patient, whose document alone the shortcut takes. */
  chosen(): (HeadingPatient & { id: string }) | null;
  noteLeft(patientId: string | null): void;
}): ShownForShortcut {
  const { store, dictations } = deps;
  const manifestOf = (id: string) => {
    const document = store.get(id);
    return document ? dictations.get(document.dictationId) : undefined;
  };
  return {
    viewed: (chosenId) => {
      const shown = deps.shownId();
      const manifest = shown ? manifestOf(shown) : undefined;
      return manifest && chosenId !== null && manifest.patientId === chosenId ? shown : null;
    },
    patientOf: (id) => manifestOf(id)?.patientId ?? null,
    readiness: (id) => {
      const state = store.get(id)?.state;
      return state === 'ready' ? 'ready' : state === undefined || state === 'failed' ? 'none' : 'processing';
    },
    copy: async (id: string, options: CopyOptions): Promise<ShortcutCopy> => {
      const document = store.get(id);
      const manifest = manifestOf(id);
      const problem = document && manifest ? leavingProblem(dictations, manifest, document, deps.patientOf, { requireReview: deps.requireReview(), chosen: deps.chosen(), done: 'copied', anyway: false }) : null;
      const request = !document || !manifest ? { refused: 'This document no longer exists.' } : problem ? { refused: problem.message } : documentCopy(manifest, document, deps.patientOf);
      const refusal: ShortcutRefusal = problem ? SHORTCUT_REFUSAL[problem.why] : 'no-note';
      const outcome = await deps.copies.copy(request, options);
      if (!outcome.copied || !document || !manifest) return outcome.copied ? { copied: false, reason: 'This document no longer exists.', refusal } : { ...outcome, refusal };
      deps.noteLeft(manifest.patientId);
      const patient = deps.patientOf(manifest.patientId);
      return { copied: true, which: `${documentName(document)}${patient ? ` of ${patientInitials(patient)}` : ''}`, text: outcome.text, earlier: outcome.earlier, copy: outcome.copy };
    },
  };
}
