/**
 * A parsed lab report as this app keeps it (encrypted, in the lab report's folder): the tests
 * with their flags, the patient details apart, and the FHIR bundle as JSON text. Checked
 * again when read, since the file comes from the disk.
 */
import { z } from 'zod';
import type { LabReportResultView } from '../../contract/lab-reports';
import { reportPatientDiffers } from './report-patient-check';

const text = (max: number) => z.string().max(max);
const optionalText = z.string().max(300).nullable();

export const labTestSchema = z.object({
  name: text(300),
  value: text(300),
  unit: text(100),
  range: text(300),
  flag: z.enum(['low', 'high', 'normal', 'unknown']),
  confidence: z.number().min(0).max(1).nullable(),
});

export const labReportDetailsSchema = z.object({
  patientName: optionalText,
  age: optionalText,
  gender: optionalText,
  sampleDate: optionalText,
  lab: optionalText,
  doctor: optionalText,
});

/** FHIR JSON kept for export: bounded like a dictation's outputs. */
export const MAX_FHIR_CHARS = 1_000_000;

export const labReportSchema = z.object({
  version: z.literal(1),
  tests: z.array(labTestSchema).max(1_000),
  unreadableTests: z.number().int().min(0),
  details: labReportDetailsSchema.nullable(),
  fhir: z.string().max(MAX_FHIR_CHARS).nullable(),
  notices: z.array(text(1_000)).max(20),
});
export type LabReport = z.infer<typeof labReportSchema>;

/** The report as the page shows it; `filedFor`: the patient chosen for it, or the label, and the time of its upload, to check its patient against. */
export function resultViewOf(report: LabReport, filedFor?: Parameters<typeof reportPatientDiffers>[1]): LabReportResultView {
  return {
    state: 'ready',
    tests: report.tests,
    unreadableTests: report.unreadableTests,
    hasDetails: report.details !== null,
    hasFhir: report.fhir !== null,
    notices: report.notices,
    patientDiffers: filedFor ? reportPatientDiffers(report.details, filedFor) : [],
  };
}
