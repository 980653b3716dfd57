/**
 * Patients as main keeps them and the page shows them: a label at least, or a name; age, sex
 * and ABHA number and address when known. The rules for what may be typed (age 0–130, one of
 * the sexes, a 14-digit ABHA number), how a patient is named and told apart from another of
 * the same name, how a search matches, and the order of the day's list. Pure.
 */

export const PATIENT_SEXES = ['female', 'male', 'other'] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];

export const SEX_NAMES: Record<PatientSex, string> = { female: 'Female', male: 'Male', other: 'Other' };
/** As clinics write it after the age: "54 F". */
export const SEX_LETTERS: Record<PatientSex, string> = { female: 'F', male: 'M', other: 'O' };

export const AGE_MIN = 0;
export const AGE_MAX = 130;
export const PATIENT_NAME_MAX_CHARS = 120;

export interface Patient {
  id: string;
  /** What the clinic calls the visit or the patient ("Bed 4", "OPD 12"); '' when none. */
  label: string;
  name: string | null;
  /** Whole years. */
  age: number | null;
  sex: PatientSex | null;
  /** Grouped as 12-3456-7890-1234. */
  abhaNumber: string | null;
  abhaAddress: string | null;
  /** The language the patient reads, for what is made for them to take home (ISO 639-1, contract/handout-languages.ts); absent or null: not asked yet. */
  language?: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** When the patient was last chosen for a visit (ISO 8601): today's patients are those seen today. */
  seenAt: string;
}

/**
 * The patients and the one chosen for the visit: the whole app acts for them (what is shown, copied,
 * recorded, uploaded). A visit ends when its note has left the app (the patient stays shown, and
 * the next Record asks again) or on "Next patient" (nobody is chosen).
 */
export interface PatientsView {
  patients: Patient[];
  /** The patient of the visit; null when none is chosen. */
  visitPatientId: string | null;
  /** The visit's note has left the app: the next Record asks which patient it is for. */
  visitEnded: boolean;
}

export const AGE_MESSAGE = `An age is a whole number of years from ${AGE_MIN} to ${AGE_MAX}.`;

/** Why a typed age cannot be taken ('' is unknown), or null. */
export function ageProblem(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  if (!/^\d{1,3}$/.test(value) || Number(value) > AGE_MAX) return AGE_MESSAGE;
  return null;
}

/** The patient as the screen and the notes name them: the name, else the label. */
export function patientName(patient: Pick<Patient, 'name' | 'label'>): string {
  return patient.name ?? (patient.label || 'Unnamed patient');
}

/** "54 F", "54", "F", or '' when neither is known. */
export function ageSex(patient: Pick<Patient, 'age' | 'sex'>): string {
  return [patient.age === null ? null : String(patient.age), patient.sex ? SEX_LETTERS[patient.sex] : null].filter(Boolean).join(' ');
}

/**
 * Everything that tells this patient from another of the same name, after the name: age and
 * sex, the ABHA number, and the label when a name leads. "Sunita Devi · 54 F · ABHA 12-3456-7890-1234 · Bed 4".
 */
export function patientLine(patient: Pick<Patient, 'name' | 'label' | 'age' | 'sex' | 'abhaNumber'>): string {
  const parts = [patientName(patient), ageSex(patient), patient.abhaNumber ? `ABHA ${patient.abhaNumber}` : '', patient.name && patient.label ? patient.label : ''];
  return parts.filter((part) => part !== '').join(' · ');
}

/** What tells the patient apart after their name: "54 F · ABHA 12-3456-7890-1234 · Bed 4" ('' when nothing is known). */
export function patientDetailsLine(patient: Pick<Patient, 'name' | 'label' | 'age' | 'sex' | 'abhaNumber'>): string {
  return [ageSex(patient), patient.abhaNumber ? `ABHA ${patient.abhaNumber}` : '', patient.name && patient.label ? patient.label : ''].filter((part) => part !== '').join(' · ');
}

/** The line that heads a copied note: name, age/sex and ABHA number when known ("Sunita Devi, 54 F, ABHA 12-3456-7890-1234"). */
export function patientHeading(patient: Pick<Patient, 'name' | 'label' | 'age' | 'sex' | 'abhaNumber'>): string {
  return [patientName(patient), ageSex(patient), patient.abhaNumber ? `ABHA ${patient.abhaNumber}` : ''].filter((part) => part !== '').join(', ');
}

const folded = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether the patient matches what was typed in a search: each word in the name, label or ABHA address, digits in the ABHA number. */
export function matchesPatient(patient: Patient, query: string): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = folded([patient.name ?? '', patient.label, patient.abhaAddress ?? ''].join(' '));
  const digits = (patient.abhaNumber ?? '').replace(/\D/g, '');
  return words.every((word) => {
    const wordDigits = word.replace(/[-\s]/g, '');
    if (/^\d{3,}$/.test(wordDigits) && digits.includes(wordDigits)) return true;
    return text.includes(word);
  });
}

/** The calendar day of a time, in this computer's time zone, as YYYY-MM-DD. */
export function localDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Patients grouped by the day they were last seen: today first, then earlier days, newest first; within a day, latest first. */
export function patientsByDay(patients: Patient[], now: Date = new Date()): Array<{ day: string; today: boolean; patients: Patient[] }> {
  const today = localDay(now.toISOString());
  const sorted = [...patients].sort((a, b) => (a.seenAt < b.seenAt ? 1 : a.seenAt > b.seenAt ? -1 : 0));
  const groups: Array<{ day: string; today: boolean; patients: Patient[] }> = [];
  for (const patient of sorted) {
    const day = localDay(patient.seenAt);
    const last = groups.at(-1);
    if (last && last.day === day) last.patients.push(patient);
    else groups.push({ day, today: day === today, patients: [patient] });
  }
  return groups;
}

/**
 * The patient as a notification names them: initials and age/sex ("S.D., 54 F"), never the
 * whole name, label or ABHA number, since notifications show on a screen others see; enough
 * to tell two results in a row apart, with the time beside it.
 */
export function patientInitials(patient: Pick<Patient, 'name' | 'label' | 'age' | 'sex'>): string {
  const words = (patient.name ?? patient.label).split(/[^\p{L}]+/u).filter(Boolean);
  const initials = words.length > 0 ? `${words.map((word) => word[0]!.toUpperCase()).join('.')}.` : 'Unnamed';
  const known = ageSex(patient);
  return known ? `${initials}, ${known}` : initials;
}
