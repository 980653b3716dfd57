/**
 * One ready report's result, beneath its row: the summary, the notices, the tests, the patient
 * details on request, and the FHIR export.
 */
import { useEffect, useState } from 'react';
import type { RecordSummary } from '../../../contract/records';
import { scribe } from '../../bridge';
import { LabTestsTable } from './LabTestsTable';
import { ReportDetails } from './ReportDetails';
import { lowConfidenceLine, noTestsLine, summaryLine } from './lab-format';
import { useRecordsStore } from '../../app/stores';

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
function OpenOriginal({ record }: { record: RecordSummary }) {
  const { note, busy, run } = useActionNote();
  const openIt = () =>
    run(async () => {
      const result = await scribe.openOriginalRecord({ id: record.id });
      if (!result.ok) return { tone: 'error', text: result.error.message };
      return { tone: 'ok', text: `Opened in your viewer. The copy made for it is removed from this computer in ${result.value.removedAfterMinutes} minutes.` };
    });
  return (
    <div className="report-actions">
      <button type="button" disabled={busy} onClick={() => void openIt()} aria-label={`Open original: ${record.fileName}`}>
        Open original
      </button>
      <ActionNote note={note} testId="original-note" />
    </div>
  );
}

function FhirExport({ recordId }: { recordId: string }) {
  const { note, busy, run } = useActionNote();
  const save = () =>
    run(async () => {
      const result = await scribe.exportRecordFhir({ id: recordId });
      if (!result.ok) return { tone: 'error', text: result.error.message };
      return result.value !== null ? { tone: 'ok', text: `Saved to ${result.value}` } : null;
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

export function LabReportView({ record, regionId }: { record: RecordSummary; regionId: string }) {
  const load = useRecordsStore((state) => state.results[record.id]);
  const { loadResult } = useRecordsStore.getState();
  useEffect(() => {
    void loadResult(record.id);
  }, [loadResult, record.id]);

  let body: React.JSX.Element;
  if (!load || load.state === 'loading') {
    body = <p className="hint report-loading">Loading the result…</p>;
  } else if (load.state === 'failed') {
    body = (
      <div className="banner error" role="alert">
        <p>The result could not be loaded. {load.message}</p>
        <button type="button" onClick={() => void loadResult(record.id, true)}>
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
    const view = load.view;
    const unsure = lowConfidenceLine(view.tests);
    body = (
      <>
        {view.tests.length > 0 ? (
          <>
            <p className="report-summary" data-testid="report-summary">
              {summaryLine(view.tests)}
            </p>
            {unsure ? <p className="warning-text">{unsure}</p> : null}
          </>
        ) : (
          <p className="report-summary" data-testid="report-summary">
            {noTestsLine(record.tasks)}
          </p>
        )}
        {view.notices.length > 0 ? (
          <ul className="messages warnings" aria-label="Notices">
            {view.notices.map((notice, index) => (
              <li key={index}>{notice}</li>
            ))}
          </ul>
        ) : null}
        {view.tests.length > 0 ? <LabTestsTable tests={view.tests} fileName={record.fileName} /> : null}
        {view.hasDetails ? (
          <ReportDetails recordId={record.id} fileName={record.fileName} />
        ) : (
          <p className="hint">{record.tasks.includes('pii') ? 'No patient details were found in this report.' : 'Patient details were not asked for.'}</p>
        )}
        <OpenOriginal record={record} />
        {view.hasFhir ? <FhirExport recordId={record.id} /> : null}
      </>
    );
  }
  const { copyId } = useRecordsStore.getState();
  return (
    <section id={regionId} className="lab-report" aria-label={`Result of ${record.fileName}`} data-testid="lab-report">
      {body}
      {record.documentId ? (
        <p className="document-id hint">
          The service’s document id: <code data-testid="document-id">{record.documentId}</code>{' '}
          <button type="button" className="link" onClick={() => void copyId(record.documentId!)} aria-label={`Copy the document id of ${record.fileName}`}>
            Copy
          </button>
        </p>
      ) : null}
    </section>
  );
}
