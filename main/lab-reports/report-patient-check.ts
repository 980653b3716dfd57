/**
 * A read report's patient against the label it was uploaded with: what plainly differs (name,
 * age, sex; contract/patient-match.ts), the age taken as of the upload (a report's sample may
 * be years older than the label's age). Pure.
 */
import type { LabReportDetails } from '../../contract/lab-reports';
import { patientDifferences, type PatientPart } from '../../contract/patient-match';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** Years from the sample to the upload; 0 when either date is unknown or the sample seems later. */
function yearsSinceSample(sampleDate: string | null, uploadedAt: string): number {
  const sample = sampleDate ? Date.parse(sampleDate) : Number.NaN;
  const upload = Date.parse(uploadedAt);
  if (Number.isNaN(sample) || Number.isNaN(upload)) return 0;
  return Math.max(0, (upload - sample) / YEAR_MS);
}

/** What plainly differs; empty without a label or patient details, or when nothing does. */
export function reportPatientDiffers(details: LabReportDetails | null, filedFor: { label: string; createdAt: string }): PatientPart[] {
  if (!details || filedFor.label.trim() === '') return [];
  return patientDifferences(
    filedFor.label,
    { name: details.patientName, age: details.age, sex: details.gender },
    { yearsSince: yearsSinceSample(details.sampleDate, filedFor.createdAt) },
  );
}
