/**
 * A read report's patient against the patient it was uploaded for: the chosen patient's name,
 * age and sex when they are known, else the label typed with it (the patient's or the
 * report's). What plainly differs (name, age, sex; contract/patient-match.ts), the age taken
 * as of the upload (a report's sample may be years older than the patient's age). Pure.
 */
import type { LabReportDetails } from '../../contract/lab-reports';
import { patientDifferences, type PatientDetails, type PatientField } from '../../contract/patient-match';
import { SEX_NAMES, type Patient } from '../../contract/patients';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** Years from the sample to the upload; 0 when either date is unknown or the sample seems later. */
function yearsSinceSample(sampleDate: string | null, uploadedAt: string): number {
  const sample = sampleDate ? Date.parse(sampleDate) : Number.NaN;
  const upload = Date.parse(uploadedAt);
  if (Number.isNaN(sample) || Number.isNaN(upload)) return 0;
  return Math.max(0, (upload - sample) / YEAR_MS);
}

/** The chosen patient as the comparison takes them; null when only a label is known of them. */
function structured(patient: Pick<Patient, 'name' | 'age' | 'sex'>): PatientDetails | null {
  if (patient.name === null && patient.age === null && patient.sex === null) return null;
  return { name: patient.name, age: patient.age, sex: patient.sex ? SEX_NAMES[patient.sex] : null };
}

/** What plainly differs; empty without a patient, a label or patient details, or when nothing does. */
export function reportPatientDiffers(
  details: LabReportDetails | null,
  filedFor: { label: string; createdAt: string; patient?: Pick<Patient, 'name' | 'label' | 'age' | 'sex'> | null },
): PatientField[] {
  const expected = (filedFor.patient && structured(filedFor.patient)) ?? (filedFor.patient?.label || filedFor.label);
  if (!details || (typeof expected === 'string' && expected.trim() === '')) return [];
  return patientDifferences(
    expected,
    { name: details.patientName, age: details.age, sex: details.gender },
    { yearsSince: yearsSinceSample(details.sampleDate, filedFor.createdAt) },
  );
}
