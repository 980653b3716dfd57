/**
 * The patient registration found or made, as a patient of the clinic: the name, the age from
 * the date of birth (as much of it as the national system gave), the sex, the ABHA number and
 * address. Pure.
 */
import type { PatientInput } from '../../contract/patient-schema';
import type { Patient, PatientSex } from '../../contract/patients';
import { looksTheSame } from '../../contract/patient-match';
import type { AbhaProfile } from '../../contract/registration';
import { ageFrom } from '../../contract/dates';

const SEXES: Record<NonNullable<AbhaProfile['gender']>, PatientSex> = { Female: 'female', Male: 'male', Other: 'other' };

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

/** The patient here with the registered ABHA number: the same person, brought up to date. */
export function withSameAbha(patients: Patient[], profile: AbhaProfile): Patient | undefined {
  return profile.abhaNumber ? patients.find((patient) => patient.abhaNumber === profile.abhaNumber) : undefined;
}

/** A patient here without an ABHA number who looks like the registered one (name, age, sex): the doctor says whether they are one person. */
export function registeredLookalike(patients: Patient[], profile: AbhaProfile, now: Date): Patient | null {
  if (withSameAbha(patients, profile)) return null;
  const registered = patientFromProfile(profile, now);
  return patients.find((patient) => !patient.abhaNumber && looksTheSame(patient, registered)) ?? null;
}
