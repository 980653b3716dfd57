/** Lab report upload, assembled: staging and checks, the store, the outbox, the IPC handlers. */
import { dialog, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { RecordSummary, RecordTask } from '../../contract/records';
import type { RecordUpload } from '../api/service-client';
import type { OperationHandlers } from '../ipc/register-operations';
import { log } from '../log';
import type { ServiceHealth } from '../service/service-health';
import { RecordOutbox } from './record-outbox';
import { RecordStaging } from './record-staging';
import { RecordStore, recordSummaryOf } from './record-store';

export interface RecordsFeatureDeps {
  userData: string;
  client: { uploadRecord(input: RecordUpload): Promise<{ documentId: string }> };
  health: ServiceHealth;
  isOnline(): boolean;
  encrypting(): boolean;
  window(): BrowserWindow | null;
  emit: { changed(summary: RecordSummary): void; removed(id: string): void };
}

type RecordHandlers = Pick<
  OperationHandlers,
  'pickRecordFiles' | 'stageRecordFiles' | 'dismissStagedFile' | 'uploadRecords' | 'listRecords' | 'retryRecord' | 'deleteRecord'
>;

export function createRecordsFeature(deps: RecordsFeatureDeps) {
  const store = new RecordStore(join(deps.userData, 'records'));
  const report = store.load();
  log.info(`records: ${report.loaded} loaded, ${report.unreadable} unreadable`);
  const staging = new RecordStaging();
  const outbox: RecordOutbox = new RecordOutbox({
    store,
    client: deps.client,
    health: deps.health,
    isOnline: deps.isOnline,
    encrypting: deps.encrypting,
    onProgress: (id) => {
      const record = store.get(id);
      if (record) deps.emit.changed(recordSummaryOf(record, outbox.progressOf(id)));
    },
  });
  store.onChange((record) => deps.emit.changed(recordSummaryOf(record, outbox.progressOf(record.id))));
  store.onRemove(deps.emit.removed);

  const handlers: RecordHandlers = {
    pickRecordFiles: async () => {
      const window = deps.window();
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
    uploadRecords: ({ ids, tasks, acceptLowResolution }) => {
      const chosen = ids.map((id) => staging.peek(id));
      if (chosen.some((file) => !file)) return { ok: false, message: 'Some files are no longer ready; choose them again.' };
      const refused = chosen.find((file) => file!.problem || !file!.bytes || !file!.kind);
      if (refused) return { ok: false, message: `"${refused.name}" cannot be uploaded: ${refused.problem ?? 'it could not be read.'}` };
      const unaccepted = chosen.find((file) => file!.warning);
      if (unaccepted && !acceptLowResolution) {
        return { ok: false, message: `"${unaccepted.name}" has a low resolution. Confirm that you want to upload it anyway.` };
      }
      const batch = ids.length > 1;
      for (const id of ids) {
        const file = staging.take(id)!;
        store.enqueue({ fileName: file.name, kind: file.kind!, bytes: file.bytes!, tasks: [...new Set(tasks)] as RecordTask[], batch });
      }
      outbox.kick();
      return { ok: true };
    },
    listRecords: () => store.list().map((record) => recordSummaryOf(record, outbox.progressOf(record.id))),
    retryRecord: ({ id }) => outbox.retry(id),
    deleteRecord: ({ id }) => outbox.remove(id),
  };

  return {
    handlers,
    outbox,
    start: () => outbox.start(),
    dispose: () => outbox.stop(),
  };
}
