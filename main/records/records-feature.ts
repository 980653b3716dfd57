/** Lab reports, assembled: staging and checks, the store, the outbox (upload, then the parsed report), the IPC handlers. */
import { dialog, shell } from 'electron';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordTask } from '../../contract/records';
import { fail } from '../ipc/app-failure';
import type { OperationHandlers } from '../ipc/register-operations';
import { log } from '../log';
import { UPLOAD_UNDER_WAY } from '../outbox/upload-busy';
import type { KeysOrProblem } from '../storage/data-keys';
import { writeProblem } from '../storage/storage-problem';
import type { ServiceFeature } from '../service/service-feature';
import type { WindowEvents } from '../windows/app-window';
import { saveJsonExport } from '../windows/save-json-export';
import { resultViewOf } from './lab-report';
import { OriginalCopies, REMOVE_AFTER_MINUTES, viewerFileName } from './original-copies';
import { RecordOutbox } from './record-outbox';
import { RecordStaging } from './record-staging';
import { RecordStore, recordSummaryOf } from './record-store';

export interface RecordsFeatureDeps {
  userData: string;
  service: Pick<ServiceFeature, 'client' | 'health' | 'onResume' | 'connection'>;
  keys: KeysOrProblem;
  isOnline(): boolean;
  window: WindowEvents;
}

type RecordHandlers = Pick<
  OperationHandlers,
  | 'pickRecordFiles'
  | 'stageRecordFiles'
  | 'dismissStagedFile'
  | 'uploadRecords'
  | 'listRecords'
  | 'retryRecord'
  | 'deleteRecord'
  | 'getRecordResult'
  | 'showRecordDetails'
  | 'exportRecordFhir'
  | 'openOriginalRecord'
>;

export function createRecordsFeature(deps: RecordsFeatureDeps) {
  const store = new RecordStore(join(deps.userData, 'records'), deps.keys);
  const report = store.load();
  log.info(`records: ${report.loaded} loaded, ${report.unreadable} unreadable`);
  const staging = new RecordStaging();
  const changeListeners = new Set<() => void>();
  const changed = () => {
    for (const listener of changeListeners) listener();
  };
  const outbox: RecordOutbox = new RecordOutbox({
    store,
    client: deps.service.client,
    health: deps.service.health,
    isOnline: deps.isOnline,
    encrypting: () => deps.service.connection.encrypting(),
    onFault: (error) => log.error(`outbox: a fault while sending lab reports (${(error as Error).name})`, error),
    onProgress: (id) => {
      const record = store.get(id);
      if (record) deps.window.send('recordChanged', recordSummaryOf(record, outbox.progressOf(id)));
    },
  });
  store.onChange((record) => {
    deps.window.send('recordChanged', recordSummaryOf(record, outbox.progressOf(record.id)));
    changed();
  });
  store.onRemove((id) => {
    deps.window.send('recordRemoved', { id });
    changed();
  });
  deps.service.onResume(() => outbox.kick());
  const originals = new OriginalCopies(tmpdir(), (path) => shell.openPath(path));

  /** The parsed report of a record that is ready; null before. */
  const readyReport = (id: string) => {
    const record = store.get(id);
    if (!record) fail('not-found', 'This document is no longer in the list.');
    return record.state === 'ready' ? store.readReport(id) : null;
  };

  const handlers: RecordHandlers = {
    pickRecordFiles: async () => {
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
    stageRecordFiles: ({ files }) => staging.fromBytes(files),
    dismissStagedFile: ({ id }) => staging.dismiss(id),
    uploadRecords: ({ ids, tasks, acceptLowResolution, label }) => {
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
          store.enqueue({ fileName: file.name, label: label?.trim() ?? '', kind: file.kind!, bytes: file.bytes!, tasks: [...new Set(tasks)] as RecordTask[], batch });
        } catch (error) {
          fail('storage', `The file could not be queued. ${writeProblem(error)}`);
        }
      }
      outbox.kick();
    },
    listRecords: () => store.list().map((record) => recordSummaryOf(record, outbox.progressOf(record.id))),
    retryRecord: ({ id }) => outbox.retry(id),
    deleteRecord: ({ id }) => outbox.remove(id),
    getRecordResult: ({ id }) => {
      const stored = readyReport(id);
      if (!stored) return null;
      return stored.ok ? resultViewOf(stored.report) : { state: 'unreadable', problem: stored.problem };
    },
    showRecordDetails: ({ id }) => {
      const stored = readyReport(id);
      return stored?.ok ? stored.report.details : null;
    },
    exportRecordFhir: async ({ id }) => {
      const stored = readyReport(id);
      if (!stored?.ok || stored.report.fhir === null) fail('not-found', 'This report has no FHIR bundle to export.');
      const name = `lab-report-fhir-${store.get(id)!.createdAt.slice(0, 10)}.json`;
      return saveJsonExport(deps.window.current, name, stored.report.fhir);
    },
    openOriginalRecord: async ({ id }) => {
      const record = store.get(id);
      if (!record) fail('not-found', 'This document is no longer in the list.');
      try {
        const source = store.documentSource(record);
        await originals.open(source, viewerFileName(record.fileName, `.${record.kind === 'jpeg' ? 'jpg' : record.kind}`));
      } catch (error) {
        fail('storage', (error as Error).message);
      }
      log.info('records: an original opened in the viewer');
      return { removedAfterMinutes: REMOVE_AFTER_MINUTES };
    },
  };

  return {
    handlers,
    onChange(listener: () => void): void {
      changeListeners.add(listener);
    },
    pendingCount: () => outbox.pendingCount(),
    /** Why the app must not restart now, or null. */
    busyReason: (): string | null => (outbox.uploading() ? UPLOAD_UNDER_WAY : null),
    start: () => {
      const swept = originals.sweep();
      if (swept > 0) log.info(`records: ${swept} viewed original(s) left by an earlier run removed`);
      if (!store.locked) outbox.start();
    },
    stop: async (): Promise<void> => {
      originals.removeAll();
      outbox.stop();
    },
  };
}
