/**
 * What a transcription session is told about its patient when the administrator allows it
 * (`sendPatientDetails`): name, age, sex and ABHA number as `patient_details` (the vendor's
 * SDK's keys: `name`, `age` as a string of whole years, `gender`; the ABHA number, which the
 * service's documents leave to the client, as `abha_number`, grouped 12-3456-7890-1234).
 * Never the label (the clinic's own words), the ABHA address or anything else. What was told
 * is remembered as a fingerprint (no patient data in the manifest), so a patient changed
 * before End is sent again by PATCH. Pure.
 */
import { createHash } from 'node:crypto';
import type { Patient } from '../../contract/patients';

export type PatientDetails = Partial<Record<'name' | 'age' | 'gender' | 'abha_number', string>>;

/** The details of a patient (an empty object for none: a patient taken off a session is cleared there too). */
export function patientDetailsOf(patient: Pick<Patient, 'name' | 'age' | 'sex' | 'abhaNumber'> | null): PatientDetails {
  if (!patient) return {};
  const details: PatientDetails = {};
  if (patient.name) details.name = patient.name;
  if (patient.age !== null) details.age = String(patient.age);
  if (patient.sex) details.gender = patient.sex;
  if (patient.abhaNumber) details.abha_number = patient.abhaNumber;
  return details;
}

/** The same details give the same fingerprint, whatever order their keys were made in. */
export function detailsFingerprint(details: PatientDetails): string {
  const ordered = Object.keys(details)
    .sort()
    .map((key) => [key, details[key as keyof PatientDetails]]);
  return createHash('sha256').update(JSON.stringify(ordered)).digest('base64url').slice(0, 22);
}

/** What the service holds now: the fingerprint of what was told, or of nothing when nothing was. */
export function toldFingerprint(told: string | null): string {
  return told ?? detailsFingerprint({});
}
