/** Which patient's items a list shows (the dictations, the lab reports): everyone, or one patient, told apart from others of the same name. */
import { useId } from 'react';
import { patientLine, type Patient } from '../../../contract/patients';
import { usePatientsStore } from '../../app/stores';
import { patientById } from './patients-store';

export function PatientFilter() {
  const id = useId();
  const view = usePatientsStore((state) => state.view);
  const filter = usePatientsStore((state) => state.filter);
  const { setFilter } = usePatientsStore.getState();
  if (view.patients.length === 0) return null;
  return (
    <div className="field inline patient-filter">
      <label htmlFor={id}>Patient</label>
      <select id={id} value={filter} onChange={(event) => setFilter(event.target.value)}>
        <option value="all">All patients</option>
        {view.patients.map((patient) => (
          <option key={patient.id} value={patient.id}>
            {patientLine(patient)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Whether an item is shown under the lists' patient filter. */
export function shownFor(filter: string, item: { patientId: string | null }): boolean {
  return filter === 'all' || item.patientId === filter;
}

/** How a list row names whose an item is: the patient (told apart), else the item's own label. */
export function whoseLine(patients: Patient[], item: { patientId: string | null; label: string }, untitled: string): string {
  const patient = patientById({ patients, visitPatientId: null }, item.patientId);
  if (!patient) return item.label || untitled;
  return item.label && item.label !== patient.label ? `${patientLine(patient)} — ${item.label}` : patientLine(patient);
}
