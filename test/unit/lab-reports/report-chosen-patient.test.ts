/**
 * A read report's patient against the patient chosen for it (name, age, sex), on the lab
 * report comparison's API (contract/patient-match.ts): the chosen patient's details win over
 * any label; a patient known only by a label is compared by that label.
 */
import { describe, expect, it } from 'vitest';
import type { LabReportDetails } from '../../../contract/lab-reports';
import type { Patient } from '../../../contract/patients';
import { reportPatientDiffers } from '../../../main/lab-reports/report-patient-check';

const READ: LabReportDetails = { patientName: 'Sunita Sharma', age: '54 years', gender: 'Female', sampleDate: '2026-11-14T02:45:00Z', lab: null, doctor: null };
const UPLOADED = '2026-11-25T10:35:00Z';
const chosen = (extra: Partial<Patient>): Pick<Patient, 'name' | 'label' | 'age' | 'sex'> => ({ name: null, label: '', age: null, sex: null, ...extra });

describe("a report's patient against the chosen patient", () => {
  it('compares name, age and sex with the chosen patient, whatever the label says', () => {
    const filed = (patient: Pick<Patient, 'name' | 'label' | 'age' | 'sex'>, label = 'Sunita Sharma 54F') => reportPatientDiffers(READ, { label, createdAt: UPLOADED, patient });
    expect(filed(chosen({ name: 'Sunita Sharma', age: 54, sex: 'female' }))).toEqual([]);
    expect(filed(chosen({ name: 'S. Sharma', age: 55, sex: 'female' }))).toEqual([]);
    expect(filed(chosen({ name: 'Ramesh Kumar', age: 61, sex: 'male' }))).toEqual(['name', 'age', 'sex']);
    expect(filed(chosen({ name: 'Sunita Sharma', age: 32, sex: 'female' }))).toEqual(['age']);
    expect(filed(chosen({ name: 'Sunita Sharma', age: 54, sex: 'male' }))).toEqual(['sex']);
    // What the chosen patient does not say is not compared; "other" is not a disagreement.
    expect(filed(chosen({ name: null, age: 54, sex: 'other' }))).toEqual([]);
  });

  it('compares a patient known only by a label by that label, and nothing without one', () => {
    expect(reportPatientDiffers(READ, { label: '', createdAt: UPLOADED, patient: chosen({ label: 'Ramesh Kumar, 61M' }) })).toEqual(['name', 'age', 'sex']);
    expect(reportPatientDiffers(READ, { label: 'Ramesh Kumar, 61M', createdAt: UPLOADED, patient: chosen({ label: 'Bed 4' }) })).toEqual([]);
    expect(reportPatientDiffers(READ, { label: '', createdAt: UPLOADED, patient: null })).toEqual([]);
  });
});
