/**
 * The uploaded documents, newest first: each row's state as it moves (waiting, uploading,
 * reading, ready or failed, with what failed), and a ready report's result opened beneath
 * its row.
 */
import { RECORD_STATE_LABELS, canRetryRecord, formatSize, type RecordSummary } from '../../../contract/records';
import { UNTITLED_REPORT } from './lab-format';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Contained } from '../../components/Contained';
import { formatDateTime } from '../dictation/format';
import { LabReportView } from './LabReportView';
import { tasksText } from './lab-format';
import { useRecordsStore } from '../../app/stores';

const COLUMNS = 5;

const resultId = (record: RecordSummary) => `record-result-${record.id}`;

/** Whose report it is and when it was added: what a row is found by. */
function PatientCell({ record }: { record: RecordSummary }) {
  return (
    <th scope="row" className="document-patient">
      <span className={record.label ? 'document-label' : 'document-label untitled'}>{record.label || UNTITLED_REPORT}</span>
      <div className="hint">{formatDateTime(record.createdAt)}</div>
    </th>
  );
}

/** The file name; for a ready report, the button that opens and closes its result. */
function FileCell({ record, expanded }: { record: RecordSummary; expanded: boolean }) {
  const { toggleExpanded } = useRecordsStore.getState();
  return (
    <td className="document-file">
      {record.state === 'ready' ? (
        <button
          type="button"
          className="disclosure"
          aria-expanded={expanded}
          aria-controls={expanded ? resultId(record) : undefined}
          onClick={() => toggleExpanded(record.id)}
          data-testid="result-toggle"
        >
          <span className="disclosure-mark" aria-hidden="true">
            {expanded ? '▾' : '▸'}
          </span>
          <span className="disclosure-name">
            <span className="visually-hidden">Result of </span>
            {record.fileName}
          </span>
        </button>
      ) : (
        <span className="document-name">{record.fileName}</span>
      )}
      <div className="hint">
        {formatSize(record.size)}
        {record.batch ? ' · batch' : ''}
        {record.encrypted ? ' · encrypted' : ''}
      </div>
    </td>
  );
}

/** The state, with a bar while the file is sent or read; the same height in every state. */
function StateCell({ record }: { record: RecordSummary }) {
  return (
    <td>
      <div className="record-state" data-testid="record-state">
        <span className={`state-badge record-${record.state}`}>{RECORD_STATE_LABELS[record.state]}</span>
        {record.state === 'uploading' ? (
          <progress max={1} value={record.uploadProgress ?? 0} aria-label={`Upload progress of ${record.fileName}`} />
        ) : record.state === 'reading' ? (
          // Indeterminate: the service does not say how far it has read.
          <progress aria-label={`The service is reading ${record.fileName}`} />
        ) : null}
        {record.problem ? (
          <div className={record.state === 'failed' ? 'field-error' : 'warning-text'} data-testid="record-problem">
            {record.problem}
          </div>
        ) : null}
      </div>
    </td>
  );
}

function DocumentRows({ record, expanded }: { record: RecordSummary; expanded: boolean }) {
  const { retry, remove } = useRecordsStore.getState();
  return (
    <tbody className={expanded ? 'document open' : 'document'}>
      <tr data-testid="document-row">
        <PatientCell record={record} />
        <FileCell record={record} expanded={expanded} />
        <td>{tasksText(record.tasks)}</td>
        <StateCell record={record} />
        <td className="row-actions">
          {canRetryRecord(record) ? (
            <button type="button" onClick={() => void retry(record.id)} aria-label={`${record.state === 'failed' ? 'Retry' : 'Send now'}: ${record.fileName}`}>
              {record.state === 'failed' ? 'Retry' : 'Send now'}
            </button>
          ) : null}
          <ConfirmButton label="Delete" question="Remove from this list?" confirmLabel="Remove" onConfirm={() => void remove(record.id)} />
        </td>
      </tr>
      {expanded ? (
        <tr className="result-row">
          <td colSpan={COLUMNS}>
            <Contained failure="This report's result could not be shown." advice="The report is kept; the other documents are unaffected." resetKeys={[record.id]} retry>
              <LabReportView record={record} regionId={resultId(record)} />
            </Contained>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

export function DocumentsTable() {
  const records = useRecordsStore((state) => state.records);
  const expanded = useRecordsStore((state) => state.expanded);
  if (records.length === 0) return <p className="empty">No lab reports uploaded yet.</p>;
  return (
    <table className="documents" aria-label="Uploaded documents">
      <colgroup>
        <col className="col-patient" />
        <col className="col-file" />
        <col className="col-tasks" />
        <col className="col-state" />
        <col className="col-actions" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Patient or visit</th>
          <th scope="col">File</th>
          <th scope="col">Asked for</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      {records.map((record) => (
        <DocumentRows key={record.id} record={record} expanded={record.state === 'ready' && expanded.has(record.id)} />
      ))}
    </table>
  );
}
