/**
 * The page's lab-report operations: choosing and staging files, queueing them, the list and
 * Retry and Delete, a ready report's result, details and FHIR export, the original in a viewer,
 * and its document id on the clipboard. The feature wires it; this only answers the bridge.
 */
import { LAB_REPORT_TASKS, type LabReportTask } from '../../contract/lab-reports';
import { otherPatientRefusal } from '../../contract/visit-rules';
import { mismatchLine, mismatchRefusal } from '../../contract/report-patient';
import { labResultCopy, reportMismatch } from './lab-result-copy';
import type { OperationHandlers } from '../../contract/operation-handlers';
import type { LAB_REPORT_OPERATIONS } from '../../contract/ipc-names';
import type { Patient } from '../../contract/patients';
import { ownerOf, type CopyPath } from '../clipboard/copy-path';
import { isoNow, type Clock } from '../core/clock';
import { refuse } from '../core/refusal';
import { writeProblem } from '../storage/storage-problem';
import { resultViewOf } from './lab-report';
import { fhirExportFile } from './lab-report-export';
import type { LabReportStaging } from './lab-report-staging';
import { labReportSummaryOf, type LabReportManifest, type LabReportStore } from './lab-report-store';
import { REMOVE_AFTER_MINUTES, originalCopyName, type OriginalCopies } from './original-copies';

/** What a person calls each kind of original, when no program opens it. */
const KIND_NAMES = { pdf: 'PDF document', jpeg: 'JPEG image', png: 'PNG image' } as const;

export type LabReportHandlers = Pick<OperationHandlers, (typeof LAB_REPORT_OPERATIONS)[number]>;

export interface LabReportBridgeDeps {
  store: LabReportStore;
  /** Files chosen or dropped, checked, until they are queued or dismissed. */
  staging: LabReportStaging;
  /** The lab reports' outbox: each one's upload progress, a look now, and Retry and Delete. */
  outbox: { progressOf(id: string): number | null; kick(): void; retry(id: string): void; remove(id: string): void };
  /** The one way patient data leaves by the clipboard. */
  copies: CopyPath;
  /** Copies of originals opened in the system's viewer, removed after a while. */
  originals: Pick<OriginalCopies, 'open'>;
  /** A patient on this computer (a report is never filed for a deleted one; its result is checked against them). */
  patientOf(id: string): Patient | undefined;
  /** Asks the user for lab report files; the paths chosen, or null when cancelled. */
  chooseFiles(): Promise<string[] | null>;
  /** Saves a JSON export where the user chooses; the path, or null when cancelled. */
  saveJson(defaultName: string, json: string): Promise<string | null>;
  /** Tells the log (events only, never patient data). */
  log: { info(event: string): void };
  /** When a result was marked reviewed. */
  clock: Pick<Clock, 'now'>;
  /** The visit's patient: a result leaves only as theirs (or by a deliberate "anyway"), and its leaving ends their visit. */
  visit: { chosen(): Patient | null; noteLeft(patientId: string | null): void };
  /** The administrator's rule that only reviewed results leave the app. */
  requireReview(): boolean;
  /** The page says which lab report's result it shows (null: none); the copy shortcut takes its values. */
  showing(id: string | null): void;
}

/** Said when a lab result is not marked reviewed under the administrator's rule. */
export const LAB_NOT_REVIEWED =
  'Your administrator requires each result to be marked reviewed before it leaves Scribe Desk. Open the report, check its values and press "Mark reviewed".';

/** The tasks asked for, with the patient details always among them (the check against the patient needs them). */
export function withPatientCheck(tasks: readonly LabReportTask[]): LabReportTask[] {
  return LAB_REPORT_TASKS.filter((task) => task === 'pii' || tasks.includes(task));
}

/** The lab report with this id, or refused as gone from the list. */
function listed(store: LabReportStore, id: string): LabReportManifest {
  const labReport = store.get(id);
  if (!labReport) refuse('not-found', 'This document is no longer in the list.');
  return labReport;
}

/** Choosing, staging and queueing files. */
function stagingHandlers({ store, staging, outbox, patientOf, chooseFiles }: LabReportBridgeDeps) {
  return {
    pickLabReportFiles: async () => {
      const paths = await chooseFiles();
      return paths ? staging.fromPaths(paths) : [];
    },
    stageLabReportFiles: ({ files }) => staging.fromBytes(files),
    dismissStagedFile: ({ id }) => staging.dismiss(id),
    uploadLabReports: ({ ids, tasks, acceptLowResolution, label, patientId }) => {
      if (!patientId) refuse('needs-confirmation', 'Choose the patient these reports are for first: each report is checked against its patient.');
      if (!patientOf(patientId)) refuse('not-found', 'The patient chosen for these reports is no longer on this computer. Choose the patient again.');
      const chosen = ids.map((id) => staging.peek(id));
      if (chosen.some((file) => !file)) refuse('not-found', 'Some files are no longer ready; choose them again.');
      const refused = chosen.find((file) => file!.problem || !file!.bytes || !file!.kind);
      if (refused) refuse('invalid-input', `"${refused.name}" cannot be uploaded: ${refused.problem ?? 'it could not be read.'}`);
      const unaccepted = chosen.find((file) => file!.warning);
      if (unaccepted && !acceptLowResolution) {
        refuse('invalid-input', `"${unaccepted.name}" has a low resolution. Confirm that you want to upload it anyway.`);
      }
      const batch = ids.length > 1;
      for (const id of ids) {
        const file = staging.take(id)!;
        try {
          // A report for a patient is always read for its patient details, so that it is checked against them.
          store.enqueue({ fileName: file.name, label: label?.trim() ?? '', patientId, kind: file.kind!, bytes: file.bytes!, tasks: withPatientCheck(tasks), batch });
        } catch (error) {
          refuse('storage', `The file could not be queued. ${writeProblem(error)}`);
        }
      }
      outbox.kick();
    },
  } satisfies Pick<LabReportHandlers, 'pickLabReportFiles' | 'stageLabReportFiles' | 'dismissStagedFile' | 'uploadLabReports'>;
}

/** The list, Retry and Delete, and what a ready report holds. */
function reportHandlers({ store, outbox, patientOf, saveJson }: LabReportBridgeDeps) {
  /** The parsed report of a lab report that is ready; null before. */
  const readyReport = (id: string) => (listed(store, id).state === 'ready' ? store.readReport(id) : null);
  return {
    listLabReports: () => store.list().map((labReport) => labReportSummaryOf(labReport, outbox.progressOf(labReport.id))),
    retryLabReport: ({ id }) => outbox.retry(id),
    deleteLabReport: ({ id }) => outbox.remove(id),
    getLabReportResult: ({ id }) => {
      const stored = readyReport(id);
      if (!stored) return null;
      const labReport = store.get(id)!;
      const patient = labReport.patientId ? (patientOf(labReport.patientId) ?? null) : null;
      return stored.ok ? resultViewOf(stored.report, { ...labReport, patient }) : { state: 'unreadable', problem: stored.problem };
    },
    showLabReportDetails: ({ id }) => {
      const stored = readyReport(id);
      return stored?.ok ? stored.report.details : null;
    },
    exportLabReportFhir: async ({ id }) => {
      const stored = readyReport(id);
      if (!stored?.ok || stored.report.fhir === null) refuse('not-found', 'This report has no FHIR bundle to export.');
      const file = fhirExportFile(stored.report.fhir, store.get(id)!);
      return saveJson(file.fileName, file.json);
    },
  } satisfies Pick<LabReportHandlers, 'listLabReports' | 'retryLabReport' | 'deleteLabReport' | 'getLabReportResult' | 'showLabReportDetails' | 'exportLabReportFhir'>;
}

/** The values leaving the app by the copy path, their review mark, and which result the window shows. */
function valueHandlers({ store, copies, patientOf, visit, requireReview, showing, outbox, clock }: LabReportBridgeDeps) {
  return {
    copyLabResult: async ({ id, anyway }) => {
      const labReport = listed(store, id);
      const stored = labReport.state === 'ready' ? store.readReport(id) : null;
      const patient = labReport.patientId ? (patientOf(labReport.patientId) ?? null) : null;
      const request = stored?.ok ? labResultCopy(labReport, stored.report, patient) : { refused: 'This report has no result to copy yet.' };
      if (!('refused' in request) && !anyway) {
        // Another patient's than the visit's, or one whose details differ from the patient it was uploaded for: both said, one deliberate click.
        const whose = otherPatientRefusal({ patientId: labReport.patientId, patient }, visit.chosen(), 'lab result', 'copied');
        const mismatch = stored?.ok ? reportMismatch(labReport, stored.report, patient) : null;
        const problem = mismatch ? (whose ? `${whose} ${mismatchLine(mismatch.filedFor, mismatch.differs, true)}` : mismatchRefusal(mismatch.filedFor, mismatch.differs)) : whose;
        if (problem) {
          await copies.copy({ refused: problem });
          refuse('needs-confirmation', problem);
        }
      }
      if (!('refused' in request) && requireReview() && labReport.reviewedAt === null) {
        const outcome = await copies.copy({ refused: `The values of ${labReport.fileName} are not marked reviewed. ${LAB_NOT_REVIEWED}` });
        refuse('refused', outcome.copied ? LAB_NOT_REVIEWED : outcome.reason);
      }
      const outcome = await copies.copy(request);
      if (!outcome.copied) refuse('refused', outcome.reason);
      visit.noteLeft(labReport.patientId);
    },
    setLabReportReviewed: ({ id, reviewed }) => {
      if (listed(store, id).state !== 'ready') refuse('refused', 'This report has no result to review yet.');
      return labReportSummaryOf(store.update(id, { reviewedAt: reviewed ? isoNow(clock) : null }), outbox.progressOf(id));
    },
    showingLabReport: ({ id }) => showing(id),
  } satisfies Pick<LabReportHandlers, 'copyLabResult' | 'setLabReportReviewed' | 'showingLabReport'>;
}

/** The original leaving the app: in the system's viewer, or its document id on the clipboard. */
function leavingHandlers({ store, copies, originals, log }: LabReportBridgeDeps) {
  return {
    openOriginalLabReport: async ({ id }) => {
      const labReport = listed(store, id);
      try {
        const source = store.documentSource(labReport);
        await originals.open(source, originalCopyName(labReport.kind, labReport.createdAt), KIND_NAMES[labReport.kind]);
      } catch (error) {
        refuse('storage', (error as Error).message);
      }
      log.info('lab reports: an original opened in the viewer');
      return { removedAfterMinutes: REMOVE_AFTER_MINUTES };
    },
    copyLabReportId: async ({ id }) => {
      const labReport = listed(store, id);
      const outcome = await copies.copy(
        labReport.documentId === null
          ? { refused: 'This report has no document id yet.' }
          : {
              heading: { whose: null, what: null, testData: labReport.testData ? 'document id' : null },
              body: { text: labReport.documentId },
              review: null,
              owner: ownerOf(labReport),
              what: 'lab report document id',
            },
      );
      if (!outcome.copied) refuse('refused', outcome.reason);
    },
  } satisfies Pick<LabReportHandlers, 'openOriginalLabReport' | 'copyLabReportId'>;
}

export function labReportHandlers(deps: LabReportBridgeDeps): LabReportHandlers {
  return { ...stagingHandlers(deps), ...reportHandlers(deps), ...valueHandlers(deps), ...leavingHandlers(deps) };
}
