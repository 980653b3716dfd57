/**
 * The visit's patient governs what is on screen: when another patient is chosen (or nobody),
 * the dictation in view becomes theirs (their latest, or none: an empty state for them) and the
 * lab results of other patients close, so that no other patient's note waits to be copied.
 */
import { orderedIds } from '../features/dictation/dictation-store';
import { useDictationStore, useLabReportsStore, usePatientsStore } from './stores';

function showVisitOf(patientId: string | null): void {
  const dictations = useDictationStore.getState();
  const selected = dictations.selectedId ? dictations.items.get(dictations.selectedId) : undefined;
  if (!selected || selected.patientId !== patientId) {
    const latest = patientId ? orderedIds(dictations.items).find((id) => dictations.items.get(id)?.patientId === patientId) : undefined;
    void dictations.select(latest ?? null);
  }
  useLabReportsStore.getState().showOnly(patientId);
}

/** Follows the visit's patient for as long as the window is open; the returned function stops. */
export function followVisit(): () => void {
  let before = usePatientsStore.getState().view.visitPatientId;
  return usePatientsStore.subscribe((state) => {
    const now = state.view.visitPatientId;
    if (now === before) return;
    before = now;
    showVisitOf(now);
  });
}
