import { create } from 'zustand';
import { RECORD_TASKS, type RecordSummary, type RecordTask, type StagedFile } from '../../../contract/records';
import { scribe } from '../../bridge';

/** Above this, a dropped file's bytes are not read in the page: it is refused by size alone. */
const MAX_READ_BYTES = 10 * 1024 * 1024;

interface RecordsState {
  staged: StagedFile[];
  tasks: Set<RecordTask>;
  acceptLowResolution: boolean;
  records: RecordSummary[];
  message: string | null;
  busy: boolean;
  follow(): () => void;
  pick(): Promise<void>;
  drop(files: File[]): Promise<void>;
  dismiss(id: string): Promise<void>;
  toggleTask(task: RecordTask): void;
  setAcceptLowResolution(accept: boolean): void;
  upload(): Promise<void>;
  retry(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  copyId(documentId: string): Promise<void>;
}

function upsert(list: RecordSummary[], record: RecordSummary): RecordSummary[] {
  const index = list.findIndex((item) => item.id === record.id);
  if (index < 0) return [record, ...list];
  const next = [...list];
  next[index] = record;
  return next;
}

export const useRecordsStore = create<RecordsState>((set, get) => ({
  staged: [],
  tasks: new Set<RecordTask>(['smart']),
  acceptLowResolution: false,
  records: [],
  message: null,
  busy: false,
  follow: () => {
    void scribe.listRecords().then((records) => set({ records }));
    const offChanged = scribe.on.recordChanged((record) => set({ records: upsert(get().records, record) }));
    const offRemoved = scribe.on.recordRemoved(({ id }) => set({ records: get().records.filter((record) => record.id !== id) }));
    return () => {
      offChanged();
      offRemoved();
    };
  },
  pick: async () => {
    const picked = await scribe.pickRecordFiles();
    set({ staged: [...get().staged, ...picked], message: null });
  },
  drop: async (files) => {
    if (files.length === 0) return;
    const payload = await Promise.all(
      files.slice(0, 20).map(async (file) => ({
        name: file.name || 'unnamed file',
        size: file.size,
        data: file.size > 0 && file.size <= MAX_READ_BYTES ? new Uint8Array(await file.arrayBuffer()) : null,
      })),
    );
    const staged = await scribe.stageRecordFiles({ files: payload });
    set({ staged: [...get().staged, ...staged], message: files.length > 20 ? 'Only the first 20 files were taken.' : null });
  },
  dismiss: async (id) => {
    await scribe.dismissStagedFile({ id });
    set({ staged: get().staged.filter((file) => file.id !== id) });
  },
  toggleTask: (task) => {
    const tasks = new Set(get().tasks);
    if (tasks.has(task)) tasks.delete(task);
    else tasks.add(task);
    set({ tasks });
  },
  setAcceptLowResolution: (acceptLowResolution) => set({ acceptLowResolution }),
  upload: async () => {
    const ready = get().staged.filter((file) => !file.problem);
    if (ready.length === 0) return;
    set({ busy: true });
    try {
      const result = await scribe.uploadRecords({
        ids: ready.map((file) => file.id),
        tasks: RECORD_TASKS.filter((task) => get().tasks.has(task)),
        acceptLowResolution: get().acceptLowResolution,
      });
      if (result.ok) {
        set({ staged: get().staged.filter((file) => file.problem), acceptLowResolution: false, message: `${ready.length === 1 ? 'The file is' : `${ready.length} files are`} queued for upload.` });
      } else set({ message: result.message });
    } finally {
      set({ busy: false });
    }
  },
  retry: async (id) => scribe.retryRecord({ id }),
  remove: async (id) => scribe.deleteRecord({ id }),
  copyId: async (documentId) => {
    await scribe.copyText({ text: documentId });
    set({ message: 'Document id copied.' });
  },
}));
