/** A patient's lab reports as their visit view lists them: the values out of range, and whether the report's patient differs. */
import type { Patient } from '../../contract/patients';
import type { VisitLabReport } from '../../contract/patient-visit';
import { resultViewOf } from './lab-report';
import type { LabReportStore } from './lab-report-store';

export function visitLabReports(store: LabReportStore, patientId: string, patient: Patient | null): VisitLabReport[] {
  return store
    .list()
    .filter((labReport) => labReport.patientId === patientId)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
    .map((labReport) => {
      const stored = labReport.state === 'ready' ? store.readReport(labReport.id) : null;
      const view = stored?.ok ? resultViewOf(stored.report, { ...labReport, patient }) : null;
      const tests = view?.state === 'ready' ? view.tests : [];
      return {
        id: labReport.id,
        createdAt: labReport.createdAt,
        fileName: labReport.fileName,
        label: labReport.label,
        state: labReport.state,
        flagged: tests.filter((test) => test.flag === 'low' || test.flag === 'high'),
        tests: tests.length,
        patientDiffers: view?.state === 'ready' ? view.patientDiffers : [],
        testData: labReport.testData,
      };
    });
}
