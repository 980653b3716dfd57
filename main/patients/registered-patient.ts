/**
 * The patient registration found or made, as a patient of the clinic: the name, the age from
 * the date of birth (as much of it as the national system gave), the sex, the ABHA number and
 * address. Pure.
 */
import type { PatientInput } from '../../contract/patient-schema';
import type { PatientSex } from '../../contract/patients';
import type { AbhaProfile } from '../../contract/registration';

const SEXES: Record<NonNullable<AbhaProfile['gender']>, PatientSex> = { Female: 'female', Male: 'male', Other: 'other' };

/** Whole years from a birth date (YYYY-MM-DD, YYYY-MM or YYYY) to `now`; null when it cannot be told. */
export function ageFrom(birthDate: string | null, now: Date): number | null {
  const match = birthDate ? /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(birthDate) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), match[2] ? Number(match[2]) : null, match[3] ? Number(match[3]) : null];
  let age = now.getFullYear() - year;
  // Not yet had this year's birthday (a date without its month counts from the year alone).
  if (month !== null && (now.getMonth() + 1 < month || (now.getMonth() + 1 === month && day !== null && now.getDate() < day))) age -= 1;
  return age >= 0 && age <= 130 ? age : null;
}

/** What personName (abha-profile.ts) says when the national system gave no name. */
const NO_NAME = 'Name not given';

export function patientFromProfile(profile: AbhaProfile, now: Date): PatientInput {
  const name = profile.name === NO_NAME ? null : profile.name;
  return {
    // A patient needs a label or a name: without a name, what identifies them.
    label: name ? '' : (profile.abhaAddress ?? (profile.abhaNumber ? `ABHA ${profile.abhaNumber}` : 'Registered patient')),
    name,
    age: ageFrom(profile.birthDate, now),
    sex: profile.gender ? SEXES[profile.gender] : null,
    abhaNumber: profile.abhaNumber,
    abhaAddress: profile.abhaAddress,
  };
}
