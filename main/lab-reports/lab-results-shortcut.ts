/**
 * The copy shortcut's share of lab reports: the result in view, when it is the visit's patient's,
 * is what the shortcut copies (or pastes) instead of a note, by the same copy path and rules. A
 * report that may be another patient's is never copied by the shortcut: only from the window, by
 * a deliberate "Copy anyway".
 */
import { patientInitials, type Patient } from '../../contract/patients';
import type { ShortcutRefusal } from '../audit/feature-hooks';
import type { CopyOptions, CopyPath, CopyRequest } from '../clipboard/copy-path';
import type { ShortcutCopy } from '../note-leaving/copy-note-shortcut';
import { LAB_NOT_REVIEWED } from './lab-reports-bridge';
import { labResultCopy, reportMismatch } from './lab-result-copy';
import type { LabReportManifest, LabReportStore } from './lab-report-store';

/** Said (in a notification others may see: no name) when the report in view may be another patient's. */
export const MAY_BE_ANOTHER_PATIENTS =
  'These lab results may be another patient’s report (its patient details differ from the patient it was uploaded for), so nothing was copied. In Scribe Desk, “Copy values” and then “Copy anyway” copy them if you mean it.';

/** What the shortcut copies of a lab report, or why nothing, with the reason as the trail names it. */
function shortcutRequest(
  labReport: LabReportManifest | undefined,
  stored: ReturnType<LabReportStore['readReport']>,
  patient: Patient | null,
  requireReview: boolean,
): { request: CopyRequest; refusal: ShortcutRefusal | null } {
  if (!labReport || !stored?.ok) return { request: { refused: 'This report has no result to copy yet.' }, refusal: 'no-note' };
  if (reportMismatch(labReport, stored.report, patient)) return { request: { refused: MAY_BE_ANOTHER_PATIENTS }, refusal: 'other-patient-report' };
  if (requireReview && labReport.reviewedAt === null) {
    return { request: { refused: `The values of ${labReport.fileName} are not marked reviewed. ${LAB_NOT_REVIEWED}` }, refusal: 'not-reviewed' };
  }
  const request = labResultCopy(labReport, stored.report, patient);
  return { request, refusal: 'refused' in request ? 'no-note' : null };
}

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
      const { request, refusal } = shortcutRequest(labReport, stored, patient, deps.requireReview());
      const outcome = await deps.copies.copy(request, options);
      if (!outcome.copied) return { ...outcome, refusal: refusal ?? 'no-note' };
      deps.noteLeft(labReport!.patientId);
      return { copied: true, which: `the lab results${patient ? ` of ${patientInitials(patient)}` : ''}`, text: outcome.text, earlier: outcome.earlier, copy: outcome.copy };
    },
  };
}
