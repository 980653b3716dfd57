/**
 * The visit's patient governs what leaves the app: a note or a lab result of another patient
 * (or of none) is not copied, exported or inserted without a deliberate "anyway", and the
 * refusal says whose it is. Pure.
 */
import { patientLine, type Patient } from './patients';

type Named = Pick<Patient, 'name' | 'label' | 'age' | 'sex' | 'abhaNumber'>;

/** The label of the button that lets it leave after all. */
export const LEAVE_ANYWAY = { copied: 'Copy anyway', exported: 'Export anyway', inserted: 'Copy anyway' } as const;

/**
 * Why an item of `itemPatient` (null: it has none) may not leave while `chosen` is the visit's
 * patient (null: nobody is chosen); null when it is the chosen patient's. `what`: "note", "lab
 * result"; `done`: what did not happen ("copied", "exported").
 */
export function otherPatientRefusal(
  item: { patientId: string | null; patient: Named | null },
  chosen: (Named & { id: string }) | null,
  what: string,
  done: keyof typeof LEAVE_ANYWAY,
): string | null {
  if (chosen !== null && item.patientId === chosen.id) return null;
  const whose = item.patient ? `the ${what} of ${patientLine(item.patient)}` : `a ${what} with no patient`;
  const visit = chosen ? `the patient of this visit is ${patientLine(chosen)}` : 'no patient is chosen for this visit';
  return `This is ${whose}, but ${visit}. Nothing was ${done}. Choose the patient, or press “${LEAVE_ANYWAY[done]}” if you mean it.`;
}
