/**
 * How the app speaks of a lab report that may be another patient's (its patient details plainly
 * differ from the patient it was uploaded for): the warning over its result, the refusal that
 * holds its values back until "Copy anyway", and the line that heads them when they leave. The
 * same words on the screen, in a refusal and on the clipboard. Pure.
 */
import { LEAVE_ANYWAY } from './visit-rules';
import type { PatientField } from './patient-match';

/** The heading of the warning over such a report's result. */
export const PATIENT_MISMATCH_TITLE = 'This may be another patient’s report.';

/** The words of the details shown under "Patient details". */
const PATIENT_FIELD_WORDS: Record<PatientField, string> = { name: 'name', age: 'age', sex: 'gender' };

/** "the name in the report differs", "the name and gender in the report differ". */
function differing(differs: readonly PatientField[]): string {
  const words = differs.map((field) => PATIENT_FIELD_WORDS[field] ?? String(field));
  const named = words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `the ${named} in the report ${differs.length === 1 ? 'differs' : 'differ'}`;
}

/** `filedFor`: the patient it was uploaded for (their heading, else the label typed with it). */
const fromWhom = (filedFor: string) => `from “${filedFor.trim()}”, the patient it was uploaded for`;

/** Said first in a result whose patient plainly differs from its label: what differs, from which label, and what to do. */
export function patientMismatchLine(filedFor: string, differs: readonly PatientField[]): string {
  const said = differing(differs);
  return `${said.charAt(0).toUpperCase()}${said.slice(1)} ${fromWhom(filedFor)}. Check the patient details below before using any value.`;
}

/** Why it may be another patient's, in one sentence; `also`: said after another reason not to copy it. */
export function mismatchLine(filedFor: string, differs: readonly PatientField[], also = false): string {
  return `This may ${also ? 'also ' : ''}be another patient’s report: ${differing(differs)} ${fromWhom(filedFor)}.`;
}

/** Why its values were not copied, and the deliberate click that copies them. */
export function mismatchRefusal(filedFor: string, differs: readonly PatientField[]): string {
  return `${mismatchLine(filedFor, differs)} Nothing was copied. Check the patient details, or press “${LEAVE_ANYWAY.copied}” if you mean it.`;
}

/** The line under the heading of its values when they leave: that they were let out knowingly, and why they may not be this patient's. */
export function mismatchCopyLine(filedFor: string, differs: readonly PatientField[]): string {
  return `COPIED ANYWAY: this may be another patient’s report (${differing(differs)} ${fromWhom(filedFor)}).`;
}
