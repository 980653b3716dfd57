/**
 * What Record must ask before anything is captured: which patient (none chosen, or the last
 * visit's note has left the app), and, for a consultation, the patient's consent (unless the
 * clinic keeps it in its own register). Asked by the Record button and, through main, by the
 * record shortcut; answered in one dialog (RecordDialog).
 */
import { create } from 'zustand';
import type { ConsentNotices } from '../../../contract/consent';
import type { DictationMode } from '../../../contract/dictation';
import type { RecordQuestion, ScribeBridge } from '../../../contract/ipc';
import type { PatientsView } from '../../../contract/patients';

export interface RecordQuestionState {
  /** What is being asked; null when nothing is. */
  question: RecordQuestion | null;
  /** The consent notices and how consent is had here; null until first asked for. */
  notices: ConsentNotices | null;
  /** What the last question ended in, for the recorder to say ("the patient declined"); null once read. */
  outcome: string | null;
  ask(question: RecordQuestion): void;
  close(outcome?: string | null): void;
  loadNotices(): Promise<ConsentNotices | null>;
}

/** What a recording in `mode` needs asked first, given the visit and how consent is had; null when it can start at once. */
export function questionFor(mode: DictationMode, visit: Pick<PatientsView, 'visitPatientId' | 'visitEnded'>, consentMode: ConsentNotices['mode'] | null): RecordQuestion | null {
  const patient = visit.visitPatientId === null || visit.visitEnded;
  const consent = mode === 'consultation' && consentMode !== 'clinicRecordsIt';
  return patient || consent ? { mode, patient, consent } : null;
}

export function createRecordQuestionStore(bridge: ScribeBridge) {
  return create<RecordQuestionState>((set, get) => ({
    question: null,
    notices: null,
    outcome: null,
    ask: (question) => set({ question, outcome: null }),
    close: (outcome = null) => set({ question: null, outcome }),
    loadNotices: async () => {
      const known = get().notices;
      if (known) return known;
      const result = await bridge.getConsentNotices();
      if (!result.ok) return null;
      set({ notices: result.value });
      return result.value;
    },
  }));
}
