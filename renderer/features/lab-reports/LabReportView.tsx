/**
 * One ready report's result, beneath its row: first whether it may be another patient's, and
 * whether it is the sandbox's test data; then the summary, the notices, the tests, the patient
 * details on request, and the FHIR export.
 */
import { useEffect, useState } from 'react';
import type { LabReportResultView, LabReportSummary } from '../../../contract/lab-reports';
import type { PatientField } from '../../../contract/patient-match';
import { scribe } from '../../bridge';
import { PATIENT_DATA } from '../../app/native-copy';
import { TestDataMark } from '../../components/TestDataMark';
import { LabTestsTable } from './LabTestsTable';
import { ReportDetails } from './ReportDetails';
import { lowConfidenceLine, noTestsLine, summaryLine } from './lab-format';
import { PATIENT_MISMATCH_TITLE, patientMismatchLine } from '../../../contract/report-patient';
import { useLabReportsStore, usePatientsStore } from '../../app/stores';
import { patientHeading } from '../../../contract/patients';
import { patientById } from '../patients/patients-store';

type ExportNote = { tone: 'ok' | 'error'; text: string } | null;

function useActionNote() {
  const [note, setNote] = useState<ExportNote>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<ExportNote>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote(await action());
    } finally {
      setBusy(false);
    }
  };
  return { note, busy, run };
}

function ActionNote({ note, testId }: { note: ExportNote; testId: string }) {
  if (!note) return null;
  return (
    <span className={note.tone === 'ok' ? 'export-note' : 'field-error'} role={note.tone === 'ok' ? 'status' : 'alert'} data-testid={testId}>
      {note.text}
    </span>
  );
}

/** The report as the lab wrote it, to check a value against: opened in the computer's own viewer. */
function OpenOriginal({ labReport }: { labReport: LabReportSummary }) {
  const { note, busy, run } = useActionNote();
  const openIt = () =>
    run(async () => {
      const result = await scribe.openOriginalLabReport({ id: labReport.id });
      if (!result.ok) return { tone: 'error', text: result.error.message };
      return { tone: 'ok', text: `Opened in your viewer. The copy made for it is removed from this computer in ${result.value.removedAfterMinutes} minutes.` };
    });
  return (
    <div className="report-actions">
      <button type="button" disabled={busy} onClick={() => void openIt()} aria-label={`Open original: ${labReport.fileName}`}>
        Open original
      </button>
      <ActionNote note={note} testId="original-note" />
    </div>
  );
}

function FhirExport({ labReportId, testData }: { labReportId: string; testData: boolean }) {
  const { note, busy, run } = useActionNote();
  const save = () =>
    run(async () => {
      const result = await scribe.exportLabReportFhir({ id: labReportId });
      if (!result.ok) return { tone: 'error', text: result.error.message };
      if (result.value === null) return null;
      return { tone: 'ok', text: `Saved to ${result.value}${testData ? ' (marked as test data, in its name and inside)' : ''}` };
    });
  return (
    <div className="report-actions">
      <button type="button" disabled={busy} onClick={() => void save()}>
        Export FHIR (.json)
      </button>
      <ActionNote note={note} testId="export-note" />
    </div>
  );
}

/**
 * The values into the EMR by the one copy path (headed by whose they are, under the review rule),
 * and their review mark; another patient's values, or those of a report that may be another
 * patient's, only by a deliberate "Copy anyway".
 */
function ValueActions({ labReport }: { labReport: LabReportSummary }) {
  const note = useLabReportsStore((state) => state.valueNotes[labReport.id]);
  const { copyValues } = useLabReportsStore.getState();
  const copyButton = `copy-values-${labReport.id}`;
  const [reviewProblem, setReviewProblem] = useState<string | null>(null);
  const review = async (reviewed: boolean) => {
    const result = await scribe.setLabReportReviewed({ id: labReport.id, reviewed });
    setReviewProblem(result.ok ? null : result.error.message);
    if (result.ok) requestAnimationFrame(() => document.getElementById(copyButton)?.focus());
  };
  const copy = async (anyway: boolean) => {
    setReviewProblem(null);
    await copyValues(labReport.id, anyway);
  };
  const said = reviewProblem !== null ? { text: reviewProblem, error: true, anyway: false } : note;
  return (
    <div className="report-actions value-actions">
      <button id={copyButton} type="button" className="primary" onClick={() => void copy(false)} aria-label={`Copy values: ${labReport.fileName}`}>
        Copy values
      </button>
      {labReport.reviewedAt === null ? (
        <button type="button" onClick={() => void review(true)}>
          Mark reviewed
        </button>
      ) : (
        <span className="reviewed-tag">✓ Reviewed</span>
      )}
      {said ? (
        <span className={said.error ? 'field-error' : 'export-note'} role={said.error ? 'alert' : 'status'} data-testid="values-note">
          {said.text}
        </span>
      ) : null}
      {said?.anyway ? (
        <button
          type="button"
          className="danger-outline"
          aria-label={`Copy anyway: ${labReport.fileName}`}
          onClick={() => void copy(true).then(() => document.getElementById(copyButton)?.focus())}
        >
          Copy anyway
        </button>
      ) : null}
    </div>
  );
}

/** Said before anything else in a result whose patient plainly differs from the one it was uploaded for. */
function PatientWarning({ label, differs }: { label: string; differs: readonly PatientField[] }) {
  return (
    <div className="banner error patient-warning" role="alert" data-testid="patient-warning">
      <p className="patient-warning-title">
        <span aria-hidden="true">⚠ </span>
        {PATIENT_MISMATCH_TITLE}
      </p>
      <p>{patientMismatchLine(label, differs)}</p>
    </div>
  );
}

/** A read report: whose it may not be, whether it is test data, then the summary, the values, the details and the actions. */
function ReadyResult({ labReport, view }: { labReport: LabReportSummary; view: Extract<LabReportResultView, { state: 'ready' }> }) {
  const unsure = lowConfidenceLine(view.tests);
  // The chosen patient's name, age/sex and ABHA number, when one was chosen: what the report's patient was compared with.
  const patient = usePatientsStore((state) => patientById(state.view, labReport.patientId));
  return (
    <>
      {view.patientDiffers.length > 0 ? <PatientWarning label={patient ? patientHeading(patient) : labReport.label} differs={view.patientDiffers} /> : null}
      {labReport.testData ? <TestDataMark subject="lab result" /> : null}
      {view.tests.length > 0 ? (
        <>
          <p className="report-summary" data-testid="report-summary">
            {summaryLine(view.tests)}
          </p>
          {unsure ? <p className="warning-text">{unsure}</p> : null}
        </>
      ) : (
        <p className="report-summary" data-testid="report-summary">
          {noTestsLine(labReport.tasks)}
        </p>
      )}
      {view.notices.length > 0 ? (
        <ul className="messages warnings" aria-label="Notices">
          {view.notices.map((notice, index) => (
            <li key={index}>{notice}</li>
          ))}
        </ul>
      ) : null}
      {view.tests.length > 0 ? (
        <>
          {/* The page's own copy of the values goes the way of "Copy values" (renderer/app/native-copy.ts). */}
          <div className="lab-values" {...{ [PATIENT_DATA]: `lab-result:${labReport.id}` }}>
            <LabTestsTable tests={view.tests} fileName={labReport.fileName} />
          </div>
          <ValueActions labReport={labReport} />
        </>
      ) : null}
      {view.hasDetails ? (
        <ReportDetails labReportId={labReport.id} fileName={labReport.fileName} />
      ) : (
        <p className="hint">{labReport.tasks.includes('pii') ? 'No patient details were found in this report.' : 'Patient details were not asked for.'}</p>
      )}
      <OpenOriginal labReport={labReport} />
      {view.hasFhir ? <FhirExport labReportId={labReport.id} testData={labReport.testData} /> : null}
    </>
  );
}

export function LabReportView({ labReport, regionId }: { labReport: LabReportSummary; regionId: string }) {
  const load = useLabReportsStore((state) => state.results[labReport.id]);
  const { loadResult } = useLabReportsStore.getState();
  useEffect(() => {
    void loadResult(labReport.id);
  }, [loadResult, labReport.id]);

  let body: React.JSX.Element;
  if (!load || load.state === 'loading') {
    body = <p className="hint report-loading">Loading the result…</p>;
  } else if (load.state === 'failed') {
    body = (
      <div className="banner error" role="alert">
        <p>The result could not be loaded. {load.message}</p>
        <button type="button" onClick={() => void loadResult(labReport.id, true)}>
          Try again
        </button>
      </div>
    );
  } else if (load.view === null) {
    body = <p className="empty">No result is stored for this document yet.</p>;
  } else if (load.view.state === 'unreadable') {
    body = (
      <div className="banner error" role="alert" data-testid="result-problem">
        <p>{load.view.problem}</p>
      </div>
    );
  } else {
    body = <ReadyResult labReport={labReport} view={load.view} />;
  }
  const { copyId } = useLabReportsStore.getState();
  return (
    <section id={regionId} className="lab-report" aria-label={`Result of ${labReport.fileName}`} data-testid="lab-report">
      {body}
      {labReport.documentId ? (
        <p className="document-id hint">
          The service’s document id: <code data-testid="document-id">{labReport.documentId}</code>{' '}
          <button type="button" className="link" onClick={() => void copyId(labReport.id)} aria-label={`Copy the document id of ${labReport.fileName}`}>
            Copy
          </button>
        </p>
      ) : null}
    </section>
  );
}
