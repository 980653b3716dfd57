/**
 * Which items a list shows (the dictations, the lab reports): the visit patient's, today's, or
 * all. Not a second patient picker: the visit's patient is chosen in one place (VisitBar).
 */
import { localDay, patientLine, type Patient } from '../../../contract/patients';
import { pageClock } from '../../app/clock';
import { usePatientsStore } from '../../app/stores';
import { patientById, type ListScope as Scope } from './patients-store';

const SCOPES: Array<{ id: Scope; label: string }> = [
  { id: 'patient', label: 'This patient' },
  { id: 'today', label: 'Today' },
  { id: 'all', label: 'All' },
];

export function ListScope({ what }: { what: string }) {
  const scope = usePatientsStore((state) => state.scope);
  const chosen = usePatientsStore((state) => state.view.visitPatientId !== null);
  const { setScope } = usePatientsStore.getState();
  return (
    <div className="filters scope" role="radiogroup" aria-label={`Which ${what} to show`}>
      {SCOPES.map((option) => (
        <button
          key={option.id}
          type="button"
          role="radio"
          className="chip"
          aria-checked={scope === option.id}
          disabled={option.id === 'patient' && !chosen}
          title={option.id === 'patient' && !chosen ? 'No patient is chosen for this visit.' : undefined}
          onClick={() => setScope(option.id)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Whether an item is shown under the lists' scope (`today`: the page's day, as localDay gives it). */
export function inScope(scope: Scope, visitPatientId: string | null, item: { patientId: string | null; createdAt: string }, today: string = localDay(new Date(pageClock.now()).toISOString())): boolean {
  if (scope === 'all') return true;
  if (scope === 'today') return localDay(item.createdAt) === today;
  return visitPatientId !== null && item.patientId === visitPatientId;
}

/** How a list row names whose an item is: the patient (told apart), with the item's own label when it says more; else the label, else `untitled`. */
export function whoseLine(patients: Patient[], item: { patientId: string | null; label: string }, untitled: string): string {
  const patient = patientById({ patients }, item.patientId);
  if (!patient) return item.label || untitled;
  return item.label && item.label !== patient.label ? `${patientLine(patient)} — ${item.label}` : patientLine(patient);
}
