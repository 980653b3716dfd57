/**
 * Deleting a patient deletes every dictation and lab report made for them, and only after the
 * doctor confirmed that many: when the count changed meanwhile (a recording began, a report was
 * added), nothing is deleted and the page asks again. A recording under way stops it too. Pure
 * apart from the stores it is given.
 */
import { refuse } from '../core/refusal';
import type { PatientStore } from './patient-store';

/** One kind of item a patient has (dictations, lab reports). */
export interface PatientItems {
  idsForPatient(patientId: string): string[];
  /** Why an item cannot be deleted now (it is being recorded), or null. */
  busy?(id: string): string | null;
  remove(id: string): void;
  /** The patient's name, age, sex or ABHA number changed: what was checked against the old ones is checked again; how many items. */
  identityChanged?(patientId: string): number;
}

/** Deletes the patient's items, then the patient; how many items went. */
export function deletePatientWithItems(store: Pick<PatientStore, 'get' | 'delete'>, kinds: PatientItems[], patientId: string, confirmed: number): number {
  if (!store.get(patientId)) refuse('not-found', 'This patient is no longer on this computer.');
  const found = kinds.map((kind) => ({ kind, ids: kind.idsForPatient(patientId) }));
  const count = found.reduce((sum, { ids }) => sum + ids.length, 0);
  if (count !== confirmed) {
    refuse('refused', `This patient now has ${count} dictation${count === 1 ? '' : 's'} and lab report${count === 1 ? '' : 's'} in all, not ${confirmed}: nothing was deleted. Check and delete again.`);
  }
  for (const { kind, ids } of found) {
    const busy = ids.map((id) => kind.busy?.(id) ?? null).find((reason) => reason !== null);
    if (busy) refuse('busy', busy);
  }
  for (const { kind, ids } of found) for (const id of ids) kind.remove(id);
  store.delete(patientId);
  return count;
}
