/**
 * A lab result's values as they leave the app by the copy path: headed by whose they are (the
 * patient, the report's file and when it was uploaded), for a report that may be another
 * patient's that they were copied anyway, and, for the sandbox's, that they are test data; as
 * text (one line a value) and as an HTML table for an EMR that keeps tables. Pure.
 */
import { escapeHtml, noteTime, type CopiedText } from '../../contract/copy-heading';
import { LAB_FLAG_LABELS, type LabTest } from '../../contract/lab-reports';
import type { PatientField } from '../../contract/patient-match';
import { patientHeading, type Patient } from '../../contract/patients';
import { mismatchCopyLine } from '../../contract/report-patient';
import type { CopyRequest } from '../clipboard/copy-path';
import { ownerOf } from '../clipboard/copy-path';
import type { LabReport } from './lab-report';
import type { LabReportManifest } from './lab-report-store';
import { reportPatientDiffers } from './report-patient-check';

const valueOf = (test: LabTest) => [test.value, test.unit].filter((part) => part.trim() !== '').join(' ');
const flagOf = (test: LabTest) => (test.flag === 'low' || test.flag === 'high' ? LAB_FLAG_LABELS[test.flag] : '');

/** The values as text and as a table. */
export function labValuesBody(tests: readonly LabTest[]): CopiedText {
  const lines = tests.map((test) => {
    const range = test.range ? ` (range ${test.range})` : '';
    const flag = flagOf(test) ? ` ${flagOf(test).toUpperCase()}` : '';
    return `${test.name}: ${valueOf(test) || '—'}${range}${flag}`;
  });
  const rows = tests
    .map((test) => `<tr><td>${escapeHtml(test.name)}</td><td>${escapeHtml(valueOf(test))}</td><td>${escapeHtml(test.range)}</td><td>${escapeHtml(flagOf(test))}</td></tr>`)
    .join('');
  const html = `<table><thead><tr><th>Test</th><th>Value</th><th>Range</th><th>Flag</th></tr></thead><tbody>${rows}</tbody></table>`;
  return { text: `${lines.join('\n')}\n`, html };
}

/** "Sunita Devi, 54 F · Lab results of cbc.pdf, uploaded 27 Nov 2026, 10:42": whose values they are. */
export function labResultHeading(manifest: Pick<LabReportManifest, 'fileName' | 'label' | 'createdAt'>, patient: Patient | null): string {
  const who = patient ? patientHeading(patient) : manifest.label || 'No patient given';
  return `${who} · Lab results of ${manifest.fileName}, uploaded ${noteTime(manifest.createdAt)}`;
}

/** Whether the report may be another patient's: what plainly differs, and from whom (the patient it was uploaded for, else its label); null when nothing does. */
export function reportMismatch(
  manifest: Pick<LabReportManifest, 'label' | 'createdAt'>,
  report: LabReport,
  patient: Patient | null,
): { filedFor: string; differs: PatientField[] } | null {
  const differs = reportPatientDiffers(report.details, { label: manifest.label, createdAt: manifest.createdAt, patient });
  return differs.length > 0 ? { filedFor: patient ? patientHeading(patient) : manifest.label, differs } : null;
}

/** The copy request for a ready report's values; refused when it has none. Those of a report that may be another patient's say so under their heading. */
export function labResultCopy(manifest: LabReportManifest, report: LabReport, patient: Patient | null): CopyRequest {
  if (report.tests.length === 0) return { refused: 'This report has no values to copy.' };
  const mismatch = reportMismatch(manifest, report, patient);
  return {
    heading: {
      whose: null,
      what: labResultHeading(manifest, patient),
      overruled: mismatch ? mismatchCopyLine(mismatch.filedFor, mismatch.differs) : null,
      testData: manifest.testData ? 'lab result' : null,
    },
    body: labValuesBody(report.tests),
    // The review rule is the bridge's (a lab result is named as such, not as a dictation's note).
    review: null,
    owner: ownerOf(manifest),
    what: 'lab result values',
  };
}
