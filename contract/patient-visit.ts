/**
 * A patient's visits readable in one place: each dictation with its medicines and state, each
 * lab report with its flagged values and whether its patient differs, as the Patients screen
 * lists them before any is opened in place.
 */
import type { DictationMode, DictationState } from './dictation';
import type { VisitHealthRecord } from './health-record';
import type { LabReportState, LabTest } from './lab-reports';
import type { MedicationRow } from './medication-row';
import type { PatientField } from './patient-match';

export interface VisitDictation {
  id: string;
  createdAt: string;
  label: string;
  mode: DictationMode;
  state: DictationState;
  /** The prescription as the doctor left it (corrected) or as the service sent it; null while there is none. */
  medicines: MedicationRow[] | null;
  corrected: boolean;
  reviewedAt: string | null;
  testData: boolean;
}

export interface VisitLabReport {
  id: string;
  createdAt: string;
  fileName: string;
  label: string;
  state: LabReportState;
  /** The values outside their range (low or high); empty when none, or before the report is read. */
  flagged: LabTest[];
  /** How many values were read in all. */
  tests: number;
  /** What plainly differs from the patient it was uploaded for; empty when nothing does. */
  patientDiffers: PatientField[];
  testData: boolean;
}

export interface PatientVisit {
  patientId: string;
  dictations: VisitDictation[];
  labReports: VisitLabReport[];
  /** Their records' links to their health record, and how linking stands; absent where the health record is not wired. */
  healthRecord?: VisitHealthRecord;
}
