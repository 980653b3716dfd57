/**
 * The uploaded documents, newest first: each row's state as it moves (waiting, uploading,
 * reading, ready or failed, with what failed), and a ready report's result opened beneath
 * its row.
 */
import { PatientText } from '../../components/PatientText';
import { LAB_REPORT_STATE_LABELS, canRetryLabReport, formatSize, type LabReportSummary } from '../../../contract/lab-reports';
import { UNTITLED_REPORT } from './lab-format';
import { ConfirmButton } from '../../components/ConfirmButton';
import { TestDataBadge } from '../../components/TestDataMark';
import { Contained } from '../../components/Contained';
import { TableHead, type TableColumn } from '../../components/TableHead';
import { formatDateTime } from '../dictation/format';
import { LabReportView } from './LabReportView';
import { tasksText } from './lab-format';
import { useLabReportsStore, usePatientsStore } from '../../app/stores';
import { inScope, whoseLine } from '../patients/ListScope';

const COLUMNS: TableColumn[] = [
  { key: 'patient', label: 'Patient' },
  { key: 'file', label: 'File' },
  { key: 'tasks', label: 'Asked for' },
  { key: 'state', label: 'Status' },
  { key: 'actions', label: 'Actions', hidden: true },
];

const resultId = (labReport: LabReportSummary) => `lab-report-result-${labReport.id}`;

/** Whose report it is and when it was added: what a row is found by. */
function PatientCell({ labReport }: { labReport: LabReportSummary }) {
  const patients = usePatientsStore((state) => state.view.patients);
  const named = labReport.label !== '' || labReport.patientId !== null;
  return (
    <th scope="row" className="document-patient">
      <span className={named ? 'document-label' : 'document-label untitled'}>
        <PatientText text={whoseLine(patients, labReport, UNTITLED_REPORT)} />
      </span>
      <div className="hint">{formatDateTime(labReport.createdAt)}</div>
    </th>
  );
}

/** The file name; for a ready report, the button that opens and closes its result. */
function FileCell({ labReport, expanded }: { labReport: LabReportSummary; expanded: boolean }) {
  const { toggleExpanded } = useLabReportsStore.getState();
  return (
    <td className="document-file">
      {labReport.state === 'ready' ? (
        <button
          type="button"
          className="disclosure"
          aria-expanded={expanded}
          aria-controls={expanded ? resultId(labReport) : undefined}
          onClick={() => toggleExpanded(labReport.id)}
          data-testid="result-toggle"
        >
          <span className="disclosure-mark" aria-hidden="true">
            {expanded ? '▾' : '▸'}
          </span>
          <span className="disclosure-name">
            <span className="visually-hidden">Result of </span>
            {labReport.fileName}
          </span>
        </button>
      ) : (
        <span className="document-name">{labReport.fileName}</span>
      )}
      <div className="hint">
        {formatSize(labReport.size)}
        {labReport.batch ? ' · batch' : ''}
        {labReport.encrypted ? ' · encrypted' : ''}
      </div>
    </td>
  );
}

/**
 * The state, with a bar while the file is sent or read; the same height in every state. The
 * answer to the row's "Send now" or "Retry" is said here, in place of the last problem (a failed
 * try says its own).
 */
function StateCell({ labReport }: { labReport: LabReportSummary }) {
  const answer = useLabReportsStore((state) => state.answers[labReport.id] ?? null);
  return (
    <td>
      <div className="lab-report-state" data-testid="lab-report-state">
        <span className="state-line">
          <span className={`state-badge lab-report-${labReport.state}`}>{LAB_REPORT_STATE_LABELS[labReport.state]}</span>
          {labReport.testData ? <TestDataBadge /> : null}
        </span>
        {labReport.state === 'uploading' ? (
          <progress max={1} value={labReport.uploadProgress ?? 0} aria-label={`Upload progress of ${labReport.fileName}`} />
        ) : labReport.state === 'reading' ? (
          // Indeterminate: the service does not say how far it has read.
          <progress aria-label={`The service is reading ${labReport.fileName}`} />
        ) : null}
        {/* Always there (empty when there is nothing to say), so that screen readers hear each answer. */}
        <div role="status" className={answer?.error ? 'send-now-answer field-error' : 'send-now-answer'} data-testid="send-now-answer">
          {answer?.text}
        </div>
        {labReport.problem && !answer ? (
          <div className={labReport.state === 'failed' ? 'field-error' : 'warning-text'} data-testid="lab-report-problem">
            {labReport.problem}
          </div>
        ) : null}
      </div>
    </td>
  );
}

function DocumentRows({ labReport, expanded }: { labReport: LabReportSummary; expanded: boolean }) {
  const { retry, remove } = useLabReportsStore.getState();
  return (
    <tbody className={expanded ? 'document open' : 'document'}>
      <tr data-testid="document-row">
        <PatientCell labReport={labReport} />
        <FileCell labReport={labReport} expanded={expanded} />
        <td>{tasksText(labReport.tasks)}</td>
        <StateCell labReport={labReport} />
        {/* Send now last: it goes once pressed (the report is on its way), and Delete never slides under the pointer. */}
        <td className="row-actions">
          <ConfirmButton label="Delete" question="Remove from this list?" confirmLabel="Remove" onConfirm={() => void remove(labReport.id)} />
          {canRetryLabReport(labReport) ? (
            <button type="button" onClick={() => void retry(labReport.id)} aria-label={`${labReport.state === 'failed' ? 'Retry' : 'Send now'}: ${labReport.fileName}`}>
              {labReport.state === 'failed' ? 'Retry' : 'Send now'}
            </button>
          ) : null}
        </td>
      </tr>
      {expanded ? (
        <tr className="result-row">
          <td colSpan={COLUMNS.length}>
            <Contained failure="This report's result could not be shown." advice="The report is kept; the other documents are unaffected." resetKeys={[labReport.id]} retry>
              <LabReportView labReport={labReport} regionId={resultId(labReport)} />
            </Contained>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

export function DocumentsTable() {
  const all = useLabReportsStore((state) => state.labReports);
  const expanded = useLabReportsStore((state) => state.expanded);
  const scope = usePatientsStore((state) => state.scope);
  const visitId = usePatientsStore((state) => state.view.visitPatientId);
  const labReports = all.filter((labReport) => inScope(scope, visitId, labReport));
  if (all.length === 0) return <p className="empty">No lab reports uploaded yet.</p>;
  if (labReports.length === 0) return <p className="empty">{scope === 'patient' ? 'No lab report for this patient yet.' : scope === 'today' ? 'No lab report today.' : 'No lab report.'}</p>;
  return (
    <table className="documents" aria-label="Uploaded documents">
      <TableHead columns={COLUMNS} widths />
      {labReports.map((labReport) => (
        <DocumentRows key={labReport.id} labReport={labReport} expanded={labReport.state === 'ready' && expanded.has(labReport.id)} />
      ))}
    </table>
  );
}
