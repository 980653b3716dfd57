import { create } from 'zustand';
import { MAX_RECORD_BYTES, MAX_RECORD_FILES } from '../../../contract/limits';
import { RECORD_TASKS, type RecordSummary, type RecordTask, type StagedFile } from '../../../contract/records';
import { errorOf, scribe, valueOf } from '../../bridge';

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
    // Ids an event has spoken of since loading began: the load must not undo what they said.
    const settled = new Set<string>();
    const offChanged = scribe.on.recordChanged((record) => {
      settled.add(record.id);
      set({ records: upsert(get().records, record) });
    });
    const offRemoved = scribe.on.recordRemoved(({ id }) => {
      settled.add(id);
      set({ records: get().records.filter((record) => record.id !== id) });
    });
    void valueOf(scribe.listRecords()).then((loaded) => {
      if (!loaded) return;
      const fresh = loaded.filter((record) => !settled.has(record.id));
      set({ records: [...get().records, ...fresh].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)) });
    });
    return () => {
      offChanged();
      offRemoved();
    };
  },
  pick: async () => {
    const picked = await valueOf(scribe.pickRecordFiles());
    if (picked) set({ staged: [...get().staged, ...picked], message: null });
  },
  drop: async (files) => {
    if (files.length === 0) return;
    const payload = await Promise.all(
      files.slice(0, MAX_RECORD_FILES).map(async (file) => ({
        name: file.name || 'unnamed file',
        size: file.size,
        // Above the limit a file is refused by its size alone, unread.
        data: file.size > 0 && file.size <= MAX_RECORD_BYTES ? new Uint8Array(await file.arrayBuffer()) : null,
      })),
    );
    const staged = await valueOf(scribe.stageRecordFiles({ files: payload }));
    if (!staged) return;
    set({ staged: [...get().staged, ...staged], message: files.length > MAX_RECORD_FILES ? `Only the first ${MAX_RECORD_FILES} files were taken.` : null });
  },
  dismiss: async (id) => {
    await errorOf(scribe.dismissStagedFile({ id }));
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
      } else set({ message: result.error.message });
    } finally {
      set({ busy: false });
    }
  },
  retry: async (id) => {
    const error = await errorOf(scribe.retryRecord({ id }));
    if (error) set({ message: error.message });
  },
  remove: async (id) => {
    const error = await errorOf(scribe.deleteRecord({ id }));
    if (error) set({ message: error.message });
  },
  copyId: async (documentId) => {
    const error = await errorOf(scribe.copyText({ text: documentId }));
    set({ message: error ? error.message : 'Document id copied.' });
  },
}));
