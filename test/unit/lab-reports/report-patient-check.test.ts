import { describe, expect, it } from 'vitest';
import type { LabReportDetails } from '../../../contract/lab-reports';
import { reportPatientDiffers } from '../../../main/lab-reports/report-patient-check';
import { resultViewOf, type LabReport } from '../../../main/lab-reports/lab-report';

const SANDBOX_PATIENT: LabReportDetails = {
  patientName: 'Sunita Sharma (test patient)',
  age: '54 years',
  gender: 'Female',
  sampleDate: '2026-11-14T02:45:00Z',
  lab: 'Sandbox Test Lab',
  doctor: null,
};
const UPLOADED = '2026-11-25T10:35:00Z';

describe("a report's patient against its label", () => {
  it('says what plainly differs, and nothing without a label or patient details', () => {
    expect(reportPatientDiffers(SANDBOX_PATIENT, { label: 'Ramesh Kumar, 54M', createdAt: UPLOADED })).toEqual(['name', 'sex']);
    expect(reportPatientDiffers(SANDBOX_PATIENT, { label: 'Mrs. S. Sharma F/54', createdAt: UPLOADED })).toEqual([]);
    expect(reportPatientDiffers(SANDBOX_PATIENT, { label: '  ', createdAt: UPLOADED })).toEqual([]);
    expect(reportPatientDiffers(null, { label: 'Ramesh Kumar, 54M', createdAt: UPLOADED })).toEqual([]);
  });

  it("ages the report's patient from the sample to the upload, never backwards", () => {
    const fourYearsLater = '2030-11-20T10:00:00Z';
    expect(reportPatientDiffers(SANDBOX_PATIENT, { label: 'Sunita Sharma 58F', createdAt: fourYearsLater })).toEqual([]);
    expect(reportPatientDiffers(SANDBOX_PATIENT, { label: 'Sunita Sharma 54F', createdAt: fourYearsLater })).toEqual(['age']);
    expect(reportPatientDiffers(SANDBOX_PATIENT, { label: 'Sunita Sharma 50F', createdAt: '2020-01-01T00:00:00Z' })).toEqual(['age']);
    expect(reportPatientDiffers({ ...SANDBOX_PATIENT, sampleDate: 'yesterday' }, { label: 'Sunita Sharma 54F', createdAt: fourYearsLater })).toEqual([]);
  });

  it('goes into the result the page shows', () => {
    const report: LabReport = { version: 1, tests: [], unreadableTests: 0, details: SANDBOX_PATIENT, fhir: null, notices: [] };
    expect(resultViewOf(report, { label: 'Ramesh Kumar, 54M', createdAt: UPLOADED })).toMatchObject({ state: 'ready', patientDiffers: ['name', 'sex'] });
    expect(resultViewOf(report, { label: 'Sunita Sharma', createdAt: UPLOADED })).toMatchObject({ patientDiffers: [] });
  });
});
