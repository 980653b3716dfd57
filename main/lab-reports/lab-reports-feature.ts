/** Lab reports, assembled: staging and checks, the store, the outbox (upload, then the parsed report), the IPC handlers. */
import { dialog, shell } from 'electron';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabReportTask } from '../../contract/lab-reports';
import type { Patient } from '../../contract/patients';
import type { OperationHandlers } from '../../contract/operation-handlers';
import { ownerOf, type CopyPath } from '../clipboard/copy-path';
import type { Feature } from '../core/feature';
import { fail } from '../ipc/app-failure';
import { log } from '../log';
import type { OutboxHost } from '../outbox/outbox-host';
import type { KeysOrProblem } from '../storage/data-keys';
import { writeProblem } from '../storage/storage-problem';
import type { ServiceFeature } from '../service/service-feature';
import type { WindowEvents } from '../windows/app-window';
import { saveJsonExport } from '../windows/save-json-export';
import { resultViewOf } from './lab-report';
import { fhirExportFile } from './lab-report-export';
import { OriginalCopies, REMOVE_AFTER_MINUTES, originalCopyName, thumbnailCacheOf } from './original-copies';
import { labReportKind, labReportPending } from './lab-report-kind';
import { LabReportStaging } from './lab-report-staging';
import { LabReportStore, labReportSummaryOf } from './lab-report-store';

/** What a person calls each kind of original, when no program opens it. */
const KIND_NAMES = { pdf: 'PDF document', jpeg: 'JPEG image', png: 'PNG image' } as const;

export interface LabReportsFeatureDeps {
  userData: string;
  service: Pick<ServiceFeature, 'client' | 'connection'>;
  /** The one way patient data leaves by the clipboard. */
  copies: CopyPath;
  keys: KeysOrProblem;
  /** The one outbox host: lab reports register with it, and it tells the page what became of them. */
  outboxes: OutboxHost;
  /** True while the service is the built-in sandbox: what it reads back is test data. */
  sendsToSandbox(): boolean;
  window: WindowEvents;
  /** A patient on this computer (a report is never filed for a deleted one; its result is checked against them). */
  patientOf(id: string): Patient | undefined;
}

type LabReportHandlers = Pick<
  OperationHandlers,
  | 'pickLabReportFiles'
  | 'stageLabReportFiles'
  | 'dismissStagedFile'
  | 'uploadLabReports'
  | 'listLabReports'
  | 'retryLabReport'
  | 'deleteLabReport'
  | 'getLabReportResult'
  | 'showLabReportDetails'
  | 'exportLabReportFhir'
  | 'openOriginalLabReport'
  | 'copyLabReportId'
>;

export function createLabReportsFeature(deps: LabReportsFeatureDeps) {
  const store = new LabReportStore(join(deps.userData, 'records'), deps.keys);
  const report = store.load();
  log.info(`lab reports: ${report.loaded} loaded, ${report.unreadable} unreadable`);
  const staging = new LabReportStaging();
  const { outboxes } = deps;
  const outbox = outboxes.register(
    labReportKind({ store, client: deps.service.client, clock: outboxes.clock, encrypting: () => deps.service.connection.encrypting(), sendsToSandbox: deps.sendsToSandbox }),
  );
  outboxes.show({ items: store, uploads: outbox, changed: 'labReportChanged', summary: labReportSummaryOf, removed: 'labReportRemoved', pending: labReportPending });
  const originals = new OriginalCopies(tmpdir(), (path) => shell.openPath(path), thumbnailCacheOf(process.platform, process.env, homedir()));

  /** The parsed report of a lab report that is ready; null before. */
  const readyReport = (id: string) => {
    const labReport = store.get(id);
    if (!labReport) fail('not-found', 'This document is no longer in the list.');
    return labReport.state === 'ready' ? store.readReport(id) : null;
  };

  const handlers: LabReportHandlers = {
    pickLabReportFiles: async () => {
      const window = deps.window.current;
      const options = {
        title: 'Choose lab reports',
        properties: ['openFile', 'multiSelections'] as Array<'openFile' | 'multiSelections'>,
        filters: [
          { name: 'Lab reports (PDF, JPEG, PNG)', extensions: ['pdf', 'jpg', 'jpeg', 'png'] },
          { name: 'All files', extensions: ['*'] },
        ],
      };
      const choice = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return choice.canceled ? [] : staging.fromPaths(choice.filePaths);
    },
    stageLabReportFiles: ({ files }) => staging.fromBytes(files),
    dismissStagedFile: ({ id }) => staging.dismiss(id),
    uploadLabReports: ({ ids, tasks, acceptLowResolution, label, patientId }) => {
      if (patientId && !deps.patientOf(patientId)) fail('not-found', 'The patient chosen for these reports is no longer on this computer. Choose the patient again.');
      const chosen = ids.map((id) => staging.peek(id));
      if (chosen.some((file) => !file)) fail('not-found', 'Some files are no longer ready; choose them again.');
      const refused = chosen.find((file) => file!.problem || !file!.bytes || !file!.kind);
      if (refused) fail('invalid-input', `"${refused.name}" cannot be uploaded: ${refused.problem ?? 'it could not be read.'}`);
      const unaccepted = chosen.find((file) => file!.warning);
      if (unaccepted && !acceptLowResolution) {
        fail('invalid-input', `"${unaccepted.name}" has a low resolution. Confirm that you want to upload it anyway.`);
      }
      const batch = ids.length > 1;
      for (const id of ids) {
        const file = staging.take(id)!;
        try {
          store.enqueue({ fileName: file.name, label: label?.trim() ?? '', patientId: patientId ?? null, kind: file.kind!, bytes: file.bytes!, tasks: [...new Set(tasks)] as LabReportTask[], batch });
        } catch (error) {
          fail('storage', `The file could not be queued. ${writeProblem(error)}`);
        }
      }
      outbox.kick();
    },
    listLabReports: () => store.list().map((labReport) => labReportSummaryOf(labReport, outbox.progressOf(labReport.id))),
    retryLabReport: ({ id }) => outbox.retry(id),
    deleteLabReport: ({ id }) => outbox.remove(id),
    getLabReportResult: ({ id }) => {
      const stored = readyReport(id);
      if (!stored) return null;
      const labReport = store.get(id)!;
      const patient = labReport.patientId ? (deps.patientOf(labReport.patientId) ?? null) : null;
      return stored.ok ? resultViewOf(stored.report, { ...labReport, patient }) : { state: 'unreadable', problem: stored.problem };
    },
    showLabReportDetails: ({ id }) => {
      const stored = readyReport(id);
      return stored?.ok ? stored.report.details : null;
    },
    exportLabReportFhir: async ({ id }) => {
      const stored = readyReport(id);
      if (!stored?.ok || stored.report.fhir === null) fail('not-found', 'This report has no FHIR bundle to export.');
      const file = fhirExportFile(stored.report.fhir, store.get(id)!);
      return saveJsonExport(deps.window.current, file.fileName, file.json);
    },
    openOriginalLabReport: async ({ id }) => {
      const labReport = store.get(id);
      if (!labReport) fail('not-found', 'This document is no longer in the list.');
      try {
        const source = store.documentSource(labReport);
        await originals.open(source, originalCopyName(labReport.kind, labReport.createdAt), KIND_NAMES[labReport.kind]);
      } catch (error) {
        fail('storage', (error as Error).message);
      }
      log.info('lab reports: an original opened in the viewer');
      return { removedAfterMinutes: REMOVE_AFTER_MINUTES };
    },
    copyLabReportId: async ({ id }) => {
      const labReport = store.get(id);
      if (!labReport) fail('not-found', 'This document is no longer in the list.');
      const outcome = await deps.copies.copy(
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
      if (!outcome.copied) fail('refused', outcome.reason);
    },
  };

  return {
    handlers,
    /** What deleting a patient deletes of lab reports. */
    patientItems: { idsForPatient: (patientId: string) => store.idsForPatient(patientId), remove: (id: string) => outbox.remove(id) },
    start: () => {
      const swept = originals.sweep();
      if (swept > 0) log.info(`lab reports: ${swept} viewed original(s) left by an earlier run removed`);
    },
    stop: async (): Promise<void> => {
      originals.removeAll();
    },
  } satisfies Feature;
}
