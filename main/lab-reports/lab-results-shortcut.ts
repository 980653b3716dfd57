/**
 * The copy shortcut's share of lab reports: the result in view, when it is the visit's patient's,
 * is what the shortcut copies (or pastes) instead of a note, by the same copy path and rules.
 */
import { patientInitials, type Patient } from '../../contract/patients';
import type { CopyOptions, CopyPath } from '../clipboard/copy-path';
import type { ShortcutCopy } from '../note-leaving/copy-note-shortcut';
import { LAB_NOT_REVIEWED } from './lab-reports-bridge';
import { labResultCopy } from './lab-result-copy';
import type { LabReportStore } from './lab-report-store';

export function labResultsForShortcut(deps: {
  store: LabReportStore;
  copies: CopyPath;
  shownId(): string | null;
  patientOf(id: string): Patient | undefined;
  requireReview(): boolean;
  noteLeft(patientId: string | null): void;
}) {
  const { store } = deps;
  return {
    viewed: (chosenId: string | null): string | null => {
      const shown = deps.shownId();
      const labReport = shown ? store.get(shown) : undefined;
      return labReport && chosenId !== null && labReport.patientId === chosenId ? labReport.id : null;
    },
    patientOf: (id: string): string | null => store.get(id)?.patientId ?? null,
    readiness: (id: string): 'ready' | 'processing' | 'none' => {
      const labReport = store.get(id);
      if (!labReport) return 'none';
      if (labReport.state === 'ready') return 'ready';
      return labReport.state === 'failed' ? 'none' : 'processing';
    },
    copy: async (id: string, options: CopyOptions): Promise<ShortcutCopy> => {
      const labReport = store.get(id);
      const stored = labReport?.state === 'ready' ? store.readReport(id) : null;
      const patient = labReport?.patientId ? (deps.patientOf(labReport.patientId) ?? null) : null;
      const request =
        labReport && stored?.ok
          ? deps.requireReview() && labReport.reviewedAt === null
            ? { refused: `The values of ${labReport.fileName} are not marked reviewed. ${LAB_NOT_REVIEWED}` }
            : labResultCopy(labReport, stored.report, patient)
          : { refused: 'This report has no result to copy yet.' };
      const outcome = await deps.copies.copy(request, options);
      if (!outcome.copied) return outcome;
      deps.noteLeft(labReport!.patientId);
      return { copied: true, which: `the lab results${patient ? ` of ${patientInitials(patient)}` : ''}`, text: outcome.text, earlier: outcome.earlier, copy: outcome.copy };
    },
  };
}
