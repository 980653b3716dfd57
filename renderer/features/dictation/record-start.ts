/**
 * Record, as the button (and the call offer) press it: at once for the visit's patient, or,
 * when there is no patient yet or a consultation needs the patient's consent, the question first.
 */
import type { DictationMode } from '../../../contract/dictation';
import { useDictationStore, usePatientsStore, useRecordQuestionStore, useSettingsStore } from '../../app/stores';
import { questionFor } from './record-question-store';

export async function pressRecord(chosen?: DictationMode): Promise<void> {
  // Pressed as the app starts: the mode is the one the doctor last chose (main's draft), not the page's first guess.
  await useDictationStore.getState().recorderHeard();
  const mode = chosen ?? useDictationStore.getState().mode;
  if (mode !== useDictationStore.getState().mode) useDictationStore.getState().setMode(mode);
  // Nothing can be recorded while the data is locked (no keyring where the policy requires one): main says so at once, before any question.
  if (useSettingsStore.getState().view?.dataProtection.problem) return useDictationStore.getState().start({ patientId: null });
  const questions = useRecordQuestionStore.getState();
  const notices = mode === 'consultation' ? await questions.loadNotices() : null;
  const visit = usePatientsStore.getState().view;
  const question = questionFor(mode, visit, notices?.mode ?? null);
  if (question || visit.visitPatientId === null) {
    questions.ask(question ?? { mode, patient: true, consent: false });
    return;
  }
  await useDictationStore.getState().start({ patientId: visit.visitPatientId });
}
