/**
 * What identifies a patient on a note's heading (name, age, sex, ABHA number), and what follows
 * when it changes: the notes a doctor reviewed under the old one are reviewed again. Pure apart
 * from the items it is given.
 */
import type { Patient } from '../../contract/patients';
import type { PatientItems } from './patient-deletion';

const IDENTITY = ['name', 'age', 'sex', 'abhaNumber'] as const satisfies ReadonlyArray<keyof Patient>;

export function identityChanged(before: Patient, after: Patient): boolean {
  return IDENTITY.some((field) => before[field] !== after[field]);
}

/** After an edit of `before` into `after`: how many items must be reviewed again (none when the identity stayed). */
export function reviewAgain(kinds: PatientItems[], before: Patient, after: Patient): number {
  if (!identityChanged(before, after)) return 0;
  return kinds.reduce((sum, kind) => sum + (kind.identityChanged?.(after.id) ?? 0), 0);
}
