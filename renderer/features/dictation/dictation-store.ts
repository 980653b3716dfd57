/**
 * Dictations as the page knows them: one map of summaries by id (the only source of truth;
 * order, counts and the selected one are derived from it), the recorder's status, and the
 * selected dictation's result. Events from main are applied as they come; the first load
 * never overwrites what an event already brought.
 */
import { create } from 'zustand';
import type { Clock } from '../../../contract/clock';
import { IDLE_RECORDER, type CopiedNoteVersion, type DictationDetail, type DictationMode, type DictationSummary, type RecorderStatus } from '../../../contract/dictation';
import type { ConsentAnswer } from '../../../contract/consent';
import type { CorrectedChapter } from '../../../contract/note-correction';
import type { ScribeBridge, ShortcutCopyOutcome } from '../../../contract/ipc';
import { REVIEW_ANYWAY } from '../../../contract/prescription-check';
import type { Withdrawal } from '../../../contract/withdrawal';
import type { AppError, Result } from '../../../contract/result';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import type { StoreContext } from '../../app/store-context';
import { followItems, followValue } from '../../app/follow';
import { TRYING_NOW, sendNowTracker, triedItem, type SendingStates } from '../../app/send-now';

/** How "Send now" reads a dictation's states. */
const DICTATION_SENDING: SendingStates<DictationSummary['state']> = { waiting: 'recorded', sending: 'uploading', failed: 'failed', reading: 'processing' };

export type StatusFilter = 'all' | 'waiting' | 'completed' | 'partial' | 'failed';

/** What the list shows of the selected dictation beyond its summary. */
type SelectedExtras = Pick<DictationDetail, 'result' | 'audioUrl' | 'correction'>;

export interface DictationState {
  /** Idle until main says otherwise: Record is usable at once (a press made while main is still starting waits for it). */
  recorder: RecorderStatus;
  items: ReadonlyMap<string, DictationSummary>;
  /** Whether main has listed the dictations yet: until it has, an empty list says nothing of what is on this computer. */
  listing: 'asked' | 'listed' | 'failed';
  filter: StatusFilter;
  search: string;
  selectedId: string | null;
  /** The selected dictation's result and recording address, for `selectedId`. */
  selected: (SelectedExtras & { id: string }) | null;
  /** The next recording's mode, label and languages as the screen shows them (main holds the same: the shortcut takes them too). */
  mode: DictationMode;
  label: string;
  /** Null: as in Settings; empty: detected by the service. */
  languages: string[] | null;
  /** A short message about the last action (saved, copied, or what went wrong), with the deliberate way round a refusal that allows one ("Copy anyway"). */
  notice: DictationNotice | null;
  /** The Dictation screen is on view: main is told which dictation the window shows. */
  onScreen: boolean;
  follow(): () => void;
  /** Resolves once main's recorder, and the draft it holds (the mode the doctor last chose), has been heard, or could not be asked. */
  recorderHeard(): Promise<void>;
  /** The copy shortcut copied, or refused: a notice that says something was copied gives way to what it did. */
  shortcutCopied(outcome: ShortcutCopyOutcome): void;
  setFilter(filter: StatusFilter): void;
  setSearch(search: string): void;
  setMode(mode: DictationMode): void;
  setLabel(label: string): void;
  setLanguages(languages: string[] | null): void;
  setOnScreen(onScreen: boolean): void;
  select(id: string | null): Promise<void>;
  rename(id: string, label: string): Promise<AppError | null>;
  /** Puts the dictation under another patient (null: none). */
  setPatient(id: string, patientId: string | null): Promise<AppError | null>;
  saveCorrection(id: string, chapters: CorrectedChapter[]): Promise<AppError | null>;
  undoCorrections(id: string): Promise<void>;
  /** True once marked (or unmarked); a prescription that contradicts itself is marked only with `anyway`, the doctor's second click. */
  setReviewed(id: string, reviewed: boolean, anyway?: boolean): Promise<boolean>;
  exportNote(id: string, anyway?: boolean): Promise<void>;
  /** Main puts the note on the clipboard (the page never handles its text): what is shown (`original`: the service's); the notice says which it took. `anyway`: the doctor's deliberate click past a refusal. */
  copyNote(id: string, original: boolean, anyway?: boolean): Promise<void>;
  /** Records what the fields show, for the patient chosen (and, for a consultation, with the patient's answer to the notice). */
  start(answer: { patientId: string | null; consent?: ConsentAnswer }): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
  discard(): Promise<void>;
  /** "Not now" to the offer to record a call that seems to have begun. */
  dismissCallOffer(): Promise<void>;
  retry(id: string): Promise<void>;
  cancel(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** "Patient withdraws consent" pressed: the consultation stops at once (its capture, everything it sends), before the doctor is asked to destroy it. */
  haltConsultation(id: string): Promise<void>;
  /** The patient did not withdraw after all: the halted consultation goes on. */
  resumeConsultation(id: string): Promise<void>;
  /** The patient withdraws consent to a consultation (recorded or being recorded): it is destroyed, and the notice says whether anything had reached the service. */
  withdrawConsent(id: string): Promise<void>;
  exportOutput(id: string, templateId: string, anyway?: boolean): Promise<void>;
  /** Copies a chapter of the result (its text as shown, or the service's JSON), or the transcript; `what` names it in the notice. */
  copyChapterOrTranscript(id: string, chapter: { templateId: string; form: 'text' | 'json'; original: boolean } | 'transcript', what: string, anyway?: boolean): Promise<void>;
}

export interface DictationNotice {
  text: string;
  error: boolean;
  /** A refusal that a deliberate click may overrule (another patient's note, a prescription that contradicts itself). */
  anyway?: { label: string; run(): Promise<unknown> };
  /** It says that the app's copy is on the clipboard (until a press of the copy shortcut replaces it). */
  copied?: boolean;
  /** A text for the clinic to send on (a withdrawn consultation's request to the service), shown beneath. */
  request?: string;
}

/** What the page says once the note is on the clipboard: which note it was. */
const COPIED: Record<CopiedNoteVersion, string> = {
  corrected: 'Copied your corrected note: paste it into the EMR.',
  original: 'Copied the service’s original, without your corrections: paste it into the EMR.',
  service: 'Note copied: paste it into the EMR.',
};

/** What the doctor is told once a consultation is destroyed on the patient's word. */
export function withdrawnNotice(withdrawal: Withdrawal): DictationNotice {
  if (!withdrawal.reachedService || withdrawal.request === null) {
    return { text: 'Consent withdrawn: the consultation’s recording and result are destroyed on this computer. Nothing of it had reached the service.', error: false };
  }
  return {
    text: 'Consent withdrawn: the consultation’s recording, parts and result are destroyed on this computer and nothing more is sent. Requests about it had already reached the transcription service, which offers no way for the app to delete what it holds: the clinic sends it the request below (ids only, no patient data; also kept in the audit trail).',
    error: false,
    request: withdrawal.request,
  };
}

/** Newest first. */
export function orderedIds(items: ReadonlyMap<string, DictationSummary>): string[] {
  return [...items.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).map((item) => item.id);
}

/** The selected dictation as the detail view shows it, or null. */
export function selectedDetail(state: Pick<DictationState, 'items' | 'selectedId' | 'selected'>): DictationDetail | null {
  const summary = state.selectedId ? state.items.get(state.selectedId) : undefined;
  if (!summary) return null;
  const extras = state.selected?.id === summary.id ? state.selected : null;
  return { ...summary, result: extras?.result ?? null, audioUrl: extras?.audioUrl ?? null, correction: extras?.correction ?? null };
}

/** What the store's actions share: how the selected dictation is shown, how a failure is said, how the recorder is applied. */
function dictationTools({ bridge, valueOrReport, set, get }: StoreContext<DictationState>, clock: Clock) {
  const showDetail = (detail: DictationDetail) => {
    if (get().selectedId !== detail.id) return;
    const items = new Map(get().items);
    items.set(detail.id, detail);
    set({ items, selected: { id: detail.id, result: detail.result, audioUrl: detail.audioUrl, correction: detail.correction } });
  };
  const loadSelected = async (id: string) => {
    const result = await bridge.getDictation({ id });
    if (get().selectedId !== id) return;
    if (result.ok) showDetail(result.value);
    else if (result.error.kind === 'not-found') set({ selectedId: null, selected: null });
  };
  const failed = (error: AppError | null) => {
    if (error) set({ notice: { text: error.message, error: true } });
  };
  /** Tells main which dictation the window shows (none while another screen is on view). */
  const tellShowing = () => void bridge.showingDictation({ id: get().onScreen ? get().selectedId : null });
  /** "Send now" and "Retry" answered in the notice while their dictation is in view. */
  const sendNow = sendNowTracker((id, answer) => {
    if (get().selectedId === id) set({ notice: answer });
  }, clock);
  /** The draft main cleared (a recording started) or the page has not shown yet. */
  let draftCleared = -1;
  let heard: () => void = () => undefined;
  const recorderHeard = new Promise<void>((resolve) => (heard = resolve));
  const applyRecorder = (recorder: RecorderStatus) => {
    const ended = recorder.state === 'idle' ? get().recorder.dictationId : null;
    set({ recorder });
    if (recorder.draft.cleared !== draftCleared) {
      draftCleared = recorder.draft.cleared;
      set({ label: recorder.draft.label, mode: recorder.draft.mode, languages: recorder.draft.languages });
    }
    heard();
    // The dictation just recorded comes into view (however it was stopped) and stays there through
    // upload to its result; while recording, the doctor may read another. A discarded one is gone already.
    if (ended && get().items.has(ended) && get().selectedId !== ended) void get().select(ended);
  };
  const recorderAction = async (call: Promise<Result<RecorderStatus>>) => {
    const recorder = await valueOrReport(call);
    if (recorder) applyRecorder(recorder);
    return recorder;
  };
  return { showDetail, loadSelected, failed, tellShowing, sendNow, applyRecorder, recorderAction, recorderHeard, heard: () => heard() };
}

type DictationTools = ReturnType<typeof dictationTools>;

/** Follows the recorder and the dictations main holds; the returned function stops following. */
function followDictations({ bridge, valueOrReport, set, get }: StoreContext<DictationState>, { applyRecorder, sendNow, loadSelected, heard }: DictationTools): () => void {
  const offRecorder = followValue({
    on: bridge.on.recorderChanged,
    // A recorder that cannot be asked does not hold Record back: main refuses the recording itself, with its reason.
    load: () => valueOrReport(bridge.getRecorder()).finally(heard),
    apply: applyRecorder,
  });
  const offItems = followItems({
    onChanged: bridge.on.dictationChanged,
    onRemoved: bridge.on.dictationRemoved,
    load: () => valueOrReport(bridge.listDictations()),
    changed: (summary) => {
      const previous = get().items.get(summary.id);
      const items = new Map(get().items);
      items.set(summary.id, summary);
      set({ items });
      sendNow.heard(triedItem(summary, DICTATION_SENDING));
      if (get().selectedId === summary.id && previous?.state !== summary.state) void loadSelected(summary.id);
    },
    removed: (id) => {
      const items = new Map(get().items);
      items.delete(id);
      set({ items });
      if (get().selectedId === id) set({ selectedId: null, selected: null });
    },
    loaded: (list) => {
      const items = new Map(get().items);
      for (const item of list) items.set(item.id, item);
      set({ items, listing: 'listed' });
    },
    unlisted: () => set({ listing: 'failed' }),
  });
  return () => {
    offRecorder();
    offItems();
    sendNow.clear();
  };
}

/** The next recording's fields (main holds the same draft, which the shortcut takes) and the recorder's buttons. */
function recorderActions({ bridge, get, set }: StoreContext<DictationState>, { recorderAction }: DictationTools) {
  return {
    setMode: (mode: DictationMode) => {
      set({ mode });
      void bridge.setRecordingDraft({ mode, label: get().label, languages: get().languages });
    },
    setLabel: (label: string) => {
      set({ label });
      void bridge.setRecordingDraft({ mode: get().mode, label, languages: get().languages });
    },
    setLanguages: (languages: string[] | null) => {
      set({ languages });
      void bridge.setRecordingDraft({ mode: get().mode, label: get().label, languages });
    },
    // What the fields show; main then clears both for the next patient.
    start: async ({ patientId, consent }: { patientId: string | null; consent?: ConsentAnswer }) => {
      const { mode, label, languages } = get();
      await recorderAction(bridge.startRecording({ mode, label, languages, patientId, ...(consent ? { consent } : {}) }));
    },
    pause: async () => void (await recorderAction(bridge.pauseRecording())),
    resume: async () => void (await recorderAction(bridge.resumeRecording())),
    stop: async () => void (await recorderAction(bridge.stopRecording())),
    discard: async () => void (await recorderAction(bridge.discardRecording())),
    dismissCallOffer: async () => void (await recorderAction(bridge.dismissCallOffer())),
  } satisfies Partial<DictationState>;
}

/** What is done to one dictation: its label and patient, its note (corrected, reviewed, copied, exported), sending it again, deleting it. */
function dictationActions({ bridge, get, set }: StoreContext<DictationState>, { showDetail, failed, sendNow }: DictationTools) {
  /** Puts the dictation main answered with in the list, or gives back why it could not. */
  const changed = (id: string, result: Result<DictationSummary>) => {
    if (!result.ok) return result.error;
    const items = new Map(get().items);
    items.set(id, result.value);
    set({ items });
    return null;
  };
  /** A refusal the doctor may overrule by a deliberate click: said with that click. */
  const refused = (error: AppError, label: string, again: () => Promise<unknown>): DictationNotice =>
    error.kind === 'needs-confirmation' ? { text: error.message, error: true, anyway: { label, run: again } } : { text: error.message, error: true };
  /** Says where an export was saved (nothing when the doctor cancelled), or why it failed. */
  const exported = (result: Result<string | null>, again: () => Promise<void>) => {
    if (!result.ok) set({ notice: refused(result.error, 'Export anyway', again) });
    else if (result.value) set({ notice: { text: `Saved to ${result.value}`, error: false } });
  };
  return {
    rename: async (id: string, label: string) => changed(id, await bridge.renameDictation({ id, label })),
    setPatient: async (id: string, patientId: string | null) => changed(id, await bridge.setDictationPatient({ id, patientId })),
    saveCorrection: async (id: string, chapters: CorrectedChapter[]) => {
      const result = await bridge.saveNoteCorrection({ id, parts: chapters });
      if (!result.ok) return result.error;
      showDetail(result.value);
      set({ notice: { text: 'Your correction is saved. The service’s original is kept.', error: false } });
      return null;
    },
    undoCorrections: async (id: string) => {
      const result = await bridge.undoNoteCorrections({ id });
      if (!result.ok) return failed(result.error);
      showDetail(result.value);
      set({ notice: { text: 'Back to the service’s note: your corrections were deleted.', error: false } });
    },
    setReviewed: async (id: string, reviewed: boolean, anyway = false) => {
      const result = await bridge.setNoteReviewed({ id, reviewed, anyway });
      if (!result.ok) {
        set({ notice: refused(result.error, REVIEW_ANYWAY, () => get().setReviewed(id, true, true)) });
        return false;
      }
      showDetail(result.value);
      if (anyway) set({ notice: { text: 'Marked reviewed. The prescription still contradicts itself: it stays marked, and Copy note asks before it leaves.', error: false } });
      return true;
    },
    exportNote: async (id: string, anyway = false) => exported(await bridge.exportNote({ id, anyway }), () => get().exportNote(id, true)),
    copyNote: async (id: string, original: boolean, anyway = false) => {
      const result = await bridge.copyNote({ id, original, anyway });
      if (get().selectedId !== id) return;
      set({ notice: result.ok ? { text: COPIED[result.value.version], error: false, copied: true } : refused(result.error, 'Copy anyway', () => get().copyNote(id, original, true)) });
    },
    retry: async (id: string) => {
      set({ notice: TRYING_NOW });
      // Waiting from the press: main's news of the try may come before its answer to the press.
      sendNow.tried(id, 'The dictation');
      const error = await errorOf(bridge.retryDictation({ id }));
      if (error) {
        sendNow.forget(id);
        failed(error);
      }
    },
    cancel: async (id: string) => failed(await errorOf(bridge.cancelDictation({ id }))),
    remove: async (id: string) => failed(await errorOf(bridge.deleteDictation({ id }))),
    haltConsultation: async (id: string) => failed(await errorOf(bridge.haltConsultation({ id }))),
    resumeConsultation: async (id: string) => failed(await errorOf(bridge.resumeConsultation({ id }))),
    withdrawConsent: async (id: string) => {
      const result = await bridge.withdrawConsent({ id });
      if (!result.ok) return failed(result.error);
      set({ notice: withdrawnNotice(result.value) });
    },
    exportOutput: async (id: string, templateId: string, anyway = false) =>
      exported(await bridge.exportOutput({ id, templateId, anyway }), () => get().exportOutput(id, templateId, true)),
    copyChapterOrTranscript: async (id: string, chapter: Parameters<DictationState['copyChapterOrTranscript']>[1], what: string, anyway = false) => {
      const error = await errorOf(chapter === 'transcript' ? bridge.copyTranscript({ id, anyway }) : bridge.copyNoteChapter({ id, ...chapter, anyway }));
      set({ notice: error ? refused(error, 'Copy anyway', () => get().copyChapterOrTranscript(id, chapter, what, true)) : { text: `${what} copied.`, error: false, copied: true } });
    },
  } satisfies Partial<DictationState>;
}

/** `clock`: the page's (app/clock.ts), which "Send now"'s patience is counted on. */
export function createDictationStore(bridge: ScribeBridge, report: ReportProblem, clock: Clock) {
  const valueOrReport = valueReader(report);
  return create<DictationState>((set, get) => {
    const context: StoreContext<DictationState> = { bridge, valueOrReport, set, get };
    const tools = dictationTools(context, clock);
    return {
      recorder: IDLE_RECORDER,
      items: new Map(),
      listing: 'asked',
      filter: 'all',
      search: '',
      selectedId: null,
      selected: null,
      mode: 'dictation',
      label: '',
      languages: null,
      notice: null,
      onScreen: false,
      follow: () => followDictations(context, tools),
      recorderHeard: () => tools.recorderHeard,
      shortcutCopied: (outcome) => {
        if (get().notice?.copied) set({ notice: { text: outcome.message, error: !outcome.copied, copied: outcome.copied } });
      },
      setFilter: (filter) => set({ filter }),
      setSearch: (search) => set({ search }),
      setOnScreen: (onScreen) => {
        set({ onScreen });
        tools.tellShowing();
      },
      select: async (id) => {
        set({ selectedId: id, selected: null, notice: null });
        tools.tellShowing();
        if (id) await tools.loadSelected(id);
      },
      ...recorderActions(context, tools),
      ...dictationActions(context, tools),
    };
  });
}
