import { create } from 'zustand';
import type { DictationDetail, DictationMode, DictationSummary, RecorderStatus } from '../../../contract/dictation';
import type { ExportResult } from '../../../contract/ipc';
import { scribe } from '../../bridge';

export type StatusFilter = 'all' | 'waiting' | 'completed' | 'partial' | 'failed';

interface DictationState {
  recorder: RecorderStatus | null;
  items: Map<string, DictationSummary>;
  /** Ids, newest first. */
  order: string[];
  filter: StatusFilter;
  search: string;
  selectedId: string | null;
  detail: DictationDetail | null;
  mode: DictationMode;
  label: string;
  notice: string | null;
  follow(): () => void;
  setFilter(filter: StatusFilter): void;
  setSearch(search: string): void;
  setMode(mode: DictationMode): void;
  setLabel(label: string): void;
  select(id: string | null): Promise<void>;
  start(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
  discard(): Promise<void>;
  retry(id: string): Promise<void>;
  cancel(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  exportOutput(id: string, templateId: string): Promise<ExportResult>;
  copy(text: string, what: string): Promise<void>;
}

function ordered(items: Map<string, DictationSummary>): string[] {
  return [...items.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).map((item) => item.id);
}

export const useDictationStore = create<DictationState>((set, get) => {
  const refreshDetail = async (id: string) => {
    const detail = await scribe.getDictation({ id });
    if (get().selectedId === id) set({ detail });
  };
  return {
    recorder: null,
    items: new Map(),
    order: [],
    filter: 'all',
    search: '',
    selectedId: null,
    detail: null,
    mode: 'dictation',
    label: '',
    notice: null,
    follow: () => {
      void scribe.getRecorder().then((recorder) => set({ recorder }));
      void scribe.listDictations().then((list) => {
        const items = new Map(list.map((item) => [item.id, item]));
        set({ items, order: list.map((item) => item.id) });
      });
      const offRecorder = scribe.on.recorderChanged((recorder) => set({ recorder }));
      const offChanged = scribe.on.dictationChanged((summary) => {
        const items = new Map(get().items);
        const isNew = !items.has(summary.id);
        const previous = items.get(summary.id);
        items.set(summary.id, summary);
        set({ items, order: isNew ? ordered(items) : get().order });
        if (get().selectedId === summary.id && previous?.state !== summary.state) void refreshDetail(summary.id);
        else if (get().selectedId === summary.id) {
          const detail = get().detail;
          if (detail) set({ detail: { ...detail, ...summary } });
        }
      });
      const offRemoved = scribe.on.dictationRemoved(({ id }) => {
        const items = new Map(get().items);
        items.delete(id);
        set({ items, order: get().order.filter((other) => other !== id) });
        if (get().selectedId === id) set({ selectedId: null, detail: null });
      });
      return () => {
        offRecorder();
        offChanged();
        offRemoved();
      };
    },
    setFilter: (filter) => set({ filter }),
    setSearch: (search) => set({ search }),
    setMode: (mode) => set({ mode }),
    setLabel: (label) => set({ label }),
    select: async (id) => {
      set({ selectedId: id, detail: null, notice: null });
      if (id) await refreshDetail(id);
    },
    start: async () => {
      const { mode, label } = get();
      const recorder = await scribe.startRecording({ mode, label: label.trim() });
      set({ recorder });
      if (recorder.state !== 'idle') set({ label: '' });
    },
    pause: async () => set({ recorder: await scribe.pauseRecording() }),
    resume: async () => set({ recorder: await scribe.resumeRecording() }),
    stop: async () => set({ recorder: await scribe.stopRecording() }),
    discard: async () => set({ recorder: await scribe.discardRecording() }),
    retry: async (id) => scribe.retryDictation({ id }),
    cancel: async (id) => scribe.cancelDictation({ id }),
    remove: async (id) => scribe.deleteDictation({ id }),
    exportOutput: async (id, templateId) => {
      const result = await scribe.exportOutput({ id, templateId });
      set({ notice: result.saved ? `Saved to ${result.path}` : result.error });
      return result;
    },
    copy: async (text, what) => {
      await scribe.copyText({ text });
      set({ notice: `${what} copied.` });
    },
  };
});
