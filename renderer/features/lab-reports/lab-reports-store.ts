/**
 * Lab reports as the page knows them: the files chosen to upload, the list followed from main,
 * each row's answer to Send now or Retry, and the parsed results shown.
 */
import { create } from 'zustand';
import type { Clock } from '../../../contract/clock';
import { MAX_LAB_REPORT_BYTES, MAX_LAB_REPORT_FILES } from '../../../contract/limits';
import { LAB_REPORT_TASKS, type LabReportResultView, type LabReportSummary, type LabReportTask, type StagedFile } from '../../../contract/lab-reports';
import type { ScribeBridge, ShortcutCopyOutcome } from '../../../contract/ipc';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import type { StoreContext } from '../../app/store-context';
import { followItems } from '../../app/follow';
import { TRYING_NOW, sendNowTracker, triedItem, type SendingStates, type SendNowAnswer } from '../../app/send-now';

/** How "Send now" reads a lab report's states. */
const LAB_REPORT_SENDING: SendingStates<LabReportSummary['state']> = { waiting: 'queued', sending: 'uploading', failed: 'failed', reading: 'reading' };

/**
 * A ready report's parsed result as the screen has it. The patient details are never kept
 * here: they live only in the component that shows them, for as long as it shows them.
 */
/** What a row says after its "Send now" or "Retry" (renderer/app/send-now.ts), and the state it was said in (null: while trying). */
export type RowAnswer = SendNowAnswer & { state: LabReportSummary['state'] | null };

/**
 * Whether a row's answer still says how things are: "Trying now…" until answered; "Sent" while
 * the service reads the report; a failed try while the report stays where it was (the app's own
 * tries of a waiting report, going up and failing again, do not take it away).
 */
export function answerHolds(answer: RowAnswer, labReport: LabReportSummary): boolean {
  if (answer.state === null) return true;
  if (!answer.error) return labReport.state === 'reading';
  return labReport.state === answer.state || (answer.state === 'queued' && labReport.state === 'uploading');
}

export type ResultLoad = { state: 'loading' } | { state: 'loaded'; view: LabReportResultView | null } | { state: 'failed'; message: string };

/**
 * What a ready report's value actions last said: copied, or why not, with "Copy anyway" where a
 * deliberate click may let them leave (another patient's, or a report that may be another
 * patient's). `copied`: it says the values are on the clipboard, until the copy shortcut changes that.
 */
export interface ValueNote {
  text: string;
  error: boolean;
  anyway: boolean;
  copied: boolean;
}

export const VALUES_COPIED = 'Values copied: paste them into the EMR.';
const DOCUMENT_ID_COPIED = 'Document id copied.';

export interface LabReportsState {
  staged: StagedFile[];
  /** The patient or visit the files to upload are for (optional). */
  label: string;
  tasks: Set<LabReportTask>;
  acceptLowResolution: boolean;
  labReports: LabReportSummary[];
  message: string | null;
  /** Each row's answer to its "Send now" or "Retry", while it still holds. */
  answers: Readonly<Record<string, RowAnswer>>;
  busy: boolean;
  /** Lab reports whose result is shown beneath their row. */
  expanded: ReadonlySet<string>;
  /** The Records screen is on view: main is told which result the window shows (the copy shortcut copies its values). */
  onScreen: boolean;
  setOnScreen(onScreen: boolean): void;
  /** Another patient chosen: results of other patients close, so that theirs never wait to be copied. */
  showOnly(patientId: string | null): void;
  results: Readonly<Record<string, ResultLoad>>;
  follow(): () => void;
  toggleExpanded(id: string): void;
  /** Fetches a ready lab report's result (again when `force`; otherwise only when not had yet). */
  loadResult(id: string, force?: boolean): Promise<void>;
  pick(): Promise<void>;
  drop(files: File[]): Promise<void>;
  dismiss(id: string): Promise<void>;
  setLabel(label: string): void;
  toggleTask(task: LabReportTask): void;
  setAcceptLowResolution(accept: boolean): void;
  /** Uploads the ready files for the label typed and the visit's patient. */
  upload(patientId: string): Promise<void>;
  retry(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Copies the service's document id of the lab report `id`. */
  copyId(id: string): Promise<void>;
  valueNotes: Readonly<Record<string, ValueNote>>;
  /** Copies the values of the lab report `id` by the copy path (its button, or the page's own copy of them); `anyway`: the doctor's deliberate click past a refusal. */
  copyValues(id: string, anyway?: boolean): Promise<void>;
  /** The copy shortcut copied, or refused: what says something was copied gives way to what it did. */
  shortcutCopied(outcome: ShortcutCopyOutcome): void;
}

function upsert(list: LabReportSummary[], labReport: LabReportSummary): LabReportSummary[] {
  const index = list.findIndex((item) => item.id === labReport.id);
  if (index < 0) return [labReport, ...list];
  const next = [...list];
  next[index] = labReport;
  return next;
}

function without<T>(map: Readonly<Record<string, T>>, id: string): Record<string, T> {
  const { [id]: _gone, ...rest } = map;
  return rest;
}

/** Follows the lab reports main holds, keeping each row's answer and result in step with its state; `heard` hears each change. */
function followLabReports({ bridge, valueOrReport, set, get }: StoreContext<LabReportsState>, heard: (labReport: LabReportSummary) => void): () => void {
  return followItems({
    onChanged: bridge.on.labReportChanged,
    onRemoved: bridge.on.labReportRemoved,
    load: () => valueOrReport(bridge.listLabReports()),
    changed: (labReport) => {
      const before = get().labReports.find((item) => item.id === labReport.id);
      set({ labReports: upsert(get().labReports, labReport) });
      heard(labReport);
      if (labReport.state !== 'ready') {
        // Only a ready lab report has a result; one sent again starts over.
        const expanded = new Set(get().expanded);
        expanded.delete(labReport.id);
        set({ results: without(get().results, labReport.id), expanded });
      } else if (before && before.state !== 'ready') {
        // Read while the doctor watched: its result opens in place, without a click.
        set({ expanded: new Set(get().expanded).add(labReport.id) });
        void get().loadResult(labReport.id, true);
      }
    },
    removed: (id) => {
      const expanded = new Set(get().expanded);
      expanded.delete(id);
      set({
        labReports: get().labReports.filter((labReport) => labReport.id !== id),
        results: without(get().results, id),
        answers: without(get().answers, id),
        valueNotes: without(get().valueNotes, id),
        expanded,
      });
    },
    loaded: (fresh) => set({ labReports: [...get().labReports, ...fresh].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)) }),
  });
}

/** The files chosen for upload, what is asked of the service for them, and their upload. */
function stagingActions({ bridge, valueOrReport, set, get }: StoreContext<LabReportsState>) {
  return {
    pick: async () => {
      const picked = await valueOrReport(bridge.pickLabReportFiles());
      if (picked) set({ staged: [...get().staged, ...picked], message: null });
    },
    drop: async (files: File[]) => {
      if (files.length === 0) return;
      const payload = await Promise.all(
        files.slice(0, MAX_LAB_REPORT_FILES).map(async (file) => ({
          name: file.name || 'unnamed file',
          size: file.size,
          // Above the limit a file is refused by its size alone, unread.
          data: file.size > 0 && file.size <= MAX_LAB_REPORT_BYTES ? new Uint8Array(await file.arrayBuffer()) : null,
        })),
      );
      const staged = await valueOrReport(bridge.stageLabReportFiles({ files: payload }));
      if (!staged) return;
      set({ staged: [...get().staged, ...staged], message: files.length > MAX_LAB_REPORT_FILES ? `Only the first ${MAX_LAB_REPORT_FILES} files were taken.` : null });
    },
    dismiss: async (id: string) => {
      await errorOf(bridge.dismissStagedFile({ id }));
      set({ staged: get().staged.filter((file) => file.id !== id) });
    },
    setLabel: (label: string) => set({ label }),
    toggleTask: (task: LabReportTask) => {
      const tasks = new Set(get().tasks);
      if (tasks.has(task)) tasks.delete(task);
      else tasks.add(task);
      set({ tasks });
    },
    setAcceptLowResolution: (acceptLowResolution: boolean) => set({ acceptLowResolution }),
    upload: async (patientId: string) => {
      const ready = get().staged.filter((file) => !file.problem);
      if (ready.length === 0) return;
      set({ busy: true });
      try {
        const result = await bridge.uploadLabReports({
          ids: ready.map((file) => file.id),
          tasks: LAB_REPORT_TASKS.filter((task) => get().tasks.has(task)),
          acceptLowResolution: get().acceptLowResolution,
          label: get().label.trim(),
          patientId,
        });
        if (result.ok) {
          // The next patient's reports start with an empty label; the list says where these are.
          set({ staged: get().staged.filter((file) => file.problem), acceptLowResolution: false, label: '', message: null });
        } else set({ message: result.error.message });
      } finally {
        set({ busy: false });
      }
    },
  } satisfies Partial<LabReportsState>;
}

/** `clock`: the page's (app/clock.ts), which "Send now"'s patience is counted on. */
export function createLabReportsStore(bridge: ScribeBridge, report: ReportProblem, clock: Clock) {
  const valueOrReport = valueReader(report);
  return create<LabReportsState>((set, get) => {
    const context: StoreContext<LabReportsState> = { bridge, valueOrReport, set, get };
    const answer = (id: string, said: SendNowAnswer, state: RowAnswer['state']) => set({ answers: { ...get().answers, [id]: { ...said, state } } });
    const stateOf = (id: string) => get().labReports.find((item) => item.id === id)?.state ?? null;
    /** The result the window shows (the last one opened), while the Records screen is on view. */
    const tellShowing = (id: string | null) => void bridge.showingLabReport({ id: get().onScreen ? id : null });
    // Said only while it holds: a report already read needs no "on its way" (its row says Ready).
    const sendNow = sendNowTracker((id, said) => {
      const labReport = get().labReports.find((item) => item.id === id);
      if (labReport && answerHolds({ ...said, state: labReport.state }, labReport)) answer(id, said, labReport.state);
    }, clock);
    /** Keeps a row's answer while it holds, after `labReport` changed; answers a press waiting for this news. */
    const heard = (labReport: LabReportSummary) => {
      const had = get().answers[labReport.id];
      if (had && !answerHolds(had, labReport)) set({ answers: without(get().answers, labReport.id) });
      sendNow.heard(triedItem(labReport, LAB_REPORT_SENDING));
    };
    return {
      staged: [],
      label: '',
      tasks: new Set<LabReportTask>(['smart', 'pii']),
      acceptLowResolution: false,
      labReports: [],
      message: null,
      answers: {},
      busy: false,
      expanded: new Set<string>(),
      results: {},
      onScreen: false,
      follow: () => followLabReports(context, heard),
      toggleExpanded: (id) => {
        const expanded = new Set(get().expanded);
        if (expanded.has(id)) expanded.delete(id);
        else expanded.add(id);
        set({ expanded });
        tellShowing(expanded.has(id) ? id : ([...expanded].at(-1) ?? null));
      },
      setOnScreen: (onScreen) => {
        set({ onScreen });
        tellShowing([...get().expanded].at(-1) ?? null);
      },
      showOnly: (patientId) => {
        const expanded = new Set([...get().expanded].filter((id) => get().labReports.find((item) => item.id === id)?.patientId === patientId && patientId !== null));
        set({ expanded });
        tellShowing([...expanded].at(-1) ?? null);
      },
      loadResult: async (id, force = false) => {
        const had = get().results[id];
        if (had?.state === 'loading' || (had && !force)) return;
        set({ results: { ...get().results, [id]: { state: 'loading' } } });
        const result = await bridge.getLabReportResult({ id });
        // Removed or sent again meanwhile: what came back no longer belongs on the screen.
        if (get().results[id]?.state !== 'loading') return;
        const load: ResultLoad = result.ok ? { state: 'loaded', view: result.value } : { state: 'failed', message: result.error.message };
        set({ results: { ...get().results, [id]: load } });
      },
      ...stagingActions(context),
      retry: async (id) => {
        answer(id, TRYING_NOW, null);
        // Waiting from the press: main's news of the try may come before its answer to the press.
        sendNow.tried(id, 'The report');
        const error = await errorOf(bridge.retryLabReport({ id }));
        if (error) {
          sendNow.forget(id);
          answer(id, { text: error.message, error: true }, stateOf(id));
        }
      },
      remove: async (id) => {
        const error = await errorOf(bridge.deleteLabReport({ id }));
        if (error) set({ message: error.message });
      },
      copyId: async (id) => {
        const error = await errorOf(bridge.copyLabReportId({ id }));
        set({ message: error ? error.message : DOCUMENT_ID_COPIED });
      },
      valueNotes: {},
      copyValues: async (id, anyway = false) => {
        const error = await errorOf(bridge.copyLabResult({ id, anyway }));
        const note: ValueNote = error
          ? { text: error.message, error: true, anyway: error.kind === 'needs-confirmation', copied: false }
          : { text: VALUES_COPIED, error: false, anyway: false, copied: true };
        set({ valueNotes: { ...get().valueNotes, [id]: note } });
      },
      shortcutCopied: (outcome) => {
        const said: ValueNote = { text: outcome.message, error: !outcome.copied, anyway: false, copied: outcome.copied };
        const valueNotes = Object.fromEntries(Object.entries(get().valueNotes).map(([id, note]) => [id, note.copied ? said : note]));
        set({ valueNotes, ...(get().message === DOCUMENT_ID_COPIED ? { message: outcome.message } : {}) });
      },
    };
  });
}
