/**
 * Lab reports, assembled: staging and checks, the store, the outbox (upload, then the parsed
 * report), and the bridge's handlers (lab-reports-bridge.ts) with the dialogs and the viewer
 * they need. The only lab-report module that touches Electron.
 */
import { dialog, shell, type BrowserWindow } from 'electron';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Patient } from '../../../contract/patients';
import type { PatientHeaders } from '../../api/service-call';
import type { CopyPath } from '../../clipboard/copy-path';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import { log } from '../log';
import type { OutboxHost } from '../../outbox/outbox-host';
import type { KeysOrProblem } from '../../storage/data-keys';
import type { ServiceFeature } from './service-feature';
import type { WindowEvents } from '../windows/app-window';
import { saveJsonExport } from '../windows/save-json-export';
import { OriginalCopies, thumbnailCacheOf } from '../../lab-reports/original-copies';
import { labReportKind, labReportPending } from '../../lab-reports/lab-report-kind';
import { labReportHandlers } from '../../lab-reports/lab-reports-bridge';
import { LabReportStaging } from '../../lab-reports/lab-report-staging';
import { LabReportStore, labReportSummaryOf } from '../../lab-reports/lab-report-store';
import { labResultsForShortcut } from '../../lab-reports/lab-results-shortcut';
import { visitLabReports } from '../../lab-reports/visit-lab-reports';

export interface LabReportsFeatureDeps {
  userData: string;
  clock: Clock;
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
  /** The visit's patient: values leave only as theirs (or by a deliberate "anyway"), and their leaving ends the visit. */
  visit: { chosen(): Patient | null; noteLeft(patientId: string | null): void };
  requireReview(): boolean;
  /** A report's patient as the service knows them (X-Pt-Id). */
  patientHeaders?(patientId: string, signal: AbortSignal): Promise<PatientHeaders>;
}

/** The system's file dialog for lab reports: the paths chosen, or null when cancelled. */
async function chooseLabReportFiles(window: BrowserWindow | null): Promise<string[] | null> {
  const options = {
    title: 'Choose lab reports',
    properties: ['openFile', 'multiSelections'] as Array<'openFile' | 'multiSelections'>,
    filters: [
      { name: 'Lab reports (PDF, JPEG, PNG)', extensions: ['pdf', 'jpg', 'jpeg', 'png'] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  const choice = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return choice.canceled ? null : choice.filePaths;
}

export function createLabReportsFeature(deps: LabReportsFeatureDeps) {
  const store = new LabReportStore(join(deps.userData, 'records'), deps.keys, deps.clock);
  const report = store.load();
  log.info(`lab reports: ${report.loaded} loaded, ${report.unreadable} unreadable`);
  const staging = new LabReportStaging();
  const { outboxes } = deps;
  const outbox = outboxes.register(
    labReportKind({ store, client: deps.service.client, clock: deps.clock, encrypting: () => deps.service.connection.encrypting(), sendsToSandbox: deps.sendsToSandbox, patientHeaders: deps.patientHeaders }),
  );
  outboxes.show({ items: store, uploads: outbox, changed: 'labReportChanged', summary: labReportSummaryOf, removed: 'labReportRemoved', pending: labReportPending });
  const originals = new OriginalCopies(tmpdir(), (path) => shell.openPath(path), deps.clock, thumbnailCacheOf(process.platform, process.env, homedir()));

  /** The lab report whose result the window shows; the copy shortcut takes its values. */
  let shownId: string | null = null;
  const handlers = labReportHandlers({
    store,
    staging,
    outbox,
    copies: deps.copies,
    originals,
    patientOf: deps.patientOf,
    chooseFiles: () => chooseLabReportFiles(deps.window.current),
    saveJson: (name, json) => saveJsonExport(deps.window.current, name, json),
    log,
    visit: deps.visit,
    requireReview: deps.requireReview,
    showing: (id) => (shownId = id),
    clock: deps.clock,
  });

  return {
    handlers,
    /** What the copy shortcut copies of a lab result in view. */
    shortcutResults: labResultsForShortcut({ store, copies: deps.copies, shownId: () => shownId, patientOf: deps.patientOf, requireReview: deps.requireReview, noteLeft: deps.visit.noteLeft }),
    /** A patient's lab reports as the patient view lists them. */
    visitItems: (patientId: string) => visitLabReports(store, patientId, deps.patientOf(patientId) ?? null),
    store,
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
