import { useState } from 'react';
import { RECORD_STATE_LABELS, RECORD_TASKS, TASK_LABELS, formatSize } from '../../../contract/records';
import { ConfirmButton } from '../../components/ConfirmButton';
import { formatDateTime } from '../dictation/format';
import { useRecordsStore } from './records-store';

const KIND_LABELS = { pdf: 'PDF', jpeg: 'JPEG image', png: 'PNG image' } as const;

function StagedFiles() {
  const staged = useRecordsStore((state) => state.staged);
  const tasks = useRecordsStore((state) => state.tasks);
  const accept = useRecordsStore((state) => state.acceptLowResolution);
  const busy = useRecordsStore((state) => state.busy);
  const { dismiss, toggleTask, setAcceptLowResolution, upload } = useRecordsStore.getState();
  if (staged.length === 0) return null;
  const ready = staged.filter((file) => !file.problem);
  const needsAccept = ready.some((file) => file.warning);
  const canUpload = ready.length > 0 && tasks.size > 0 && (!needsAccept || accept) && !busy;
  return (
    <section className="panel-box" aria-label="Files to upload">
      <ul className="staged">
        {staged.map((file) => (
          <li key={file.id} className={file.problem ? 'refused' : file.warning ? 'warned' : 'ok'} data-testid="staged-file">
            <span className="staged-name">{file.name}</span>
            <span className="staged-meta">
              {file.kind ? KIND_LABELS[file.kind] : 'Unknown type'} · {formatSize(file.size)}
            </span>
            {file.problem ? (
              <span className="field-error" role="alert">
                Refused: {file.problem}
              </span>
            ) : null}
            {file.warning ? <span className="warning-text">Warning: {file.warning}</span> : null}
            <button type="button" className="link" onClick={() => void dismiss(file.id)} aria-label={`Remove ${file.name}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <fieldset className="tasks">
        <legend>What should the service read from {ready.length > 1 ? 'these reports' : 'this report'}?</legend>
        {RECORD_TASKS.map((task) => (
          <label key={task}>
            <input type="checkbox" checked={tasks.has(task)} onChange={() => toggleTask(task)} /> {TASK_LABELS[task]}
          </label>
        ))}
        {tasks.size === 0 ? <p className="field-error">Choose at least one.</p> : null}
      </fieldset>
      {needsAccept ? (
        <label className="accept">
          <input type="checkbox" checked={accept} onChange={(event) => setAcceptLowResolution(event.target.checked)} /> Upload the low-resolution
          image anyway
        </label>
      ) : null}
      <button type="button" className="primary" disabled={!canUpload} onClick={() => void upload()}>
        {ready.length === 0 ? 'Nothing to upload' : ready.length === 1 ? 'Upload 1 file' : `Upload ${ready.length} files as one batch`}
      </button>
    </section>
  );
}

function Documents() {
  const records = useRecordsStore((state) => state.records);
  const { retry, remove, copyId } = useRecordsStore.getState();
  if (records.length === 0) return <p className="empty">No lab reports uploaded yet.</p>;
  return (
    <table className="documents" aria-label="Uploaded documents">
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Tasks</th>
          <th scope="col">Added</th>
          <th scope="col">Status</th>
          <th scope="col">Document id</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id} data-testid="document-row">
            <th scope="row">
              {record.fileName}
              <div className="hint">
                {formatSize(record.size)}
                {record.batch ? ' · batch' : ''}
                {record.encrypted ? ' · encrypted' : ''}
              </div>
            </th>
            <td>{record.tasks.join(', ')}</td>
            <td>{formatDateTime(record.createdAt)}</td>
            <td>
              <span className={`state-badge record-${record.state}`}>{RECORD_STATE_LABELS[record.state]}</span>
              {record.state === 'uploading' ? <progress max={1} value={record.uploadProgress ?? 0} aria-label={`Upload progress of ${record.fileName}`} /> : null}
              {record.problem ? <div className={record.state === 'failed' ? 'field-error' : 'warning-text'}>{record.problem}</div> : null}
            </td>
            <td>
              {record.documentId ? (
                <span className="document-id">
                  <code data-testid="document-id">{record.documentId}</code>
                  <button type="button" className="link" onClick={() => void copyId(record.documentId!)}>
                    Copy
                  </button>
                </span>
              ) : (
                '—'
              )}
            </td>
            <td className="row-actions">
              {record.state === 'failed' || (record.state === 'queued' && record.problem) ? (
                <button type="button" onClick={() => void retry(record.id)}>
                  {record.state === 'failed' ? 'Retry' : 'Send now'}
                </button>
              ) : null}
              <ConfirmButton label="Delete" question="Remove from this list?" confirmLabel="Remove" onConfirm={() => void remove(record.id)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RecordsScreen() {
  const message = useRecordsStore((state) => state.message);
  const { pick, drop } = useRecordsStore.getState();
  const [dragging, setDragging] = useState(false);
  return (
    <section className="panel records">
      <h1>Records</h1>
      <p className="lead">Upload lab reports (PDF, JPEG or PNG, up to 10 MB each) for the service to read. Reports wait on this computer when the service cannot be reached.</p>
      <div
        className={`dropzone ${dragging ? 'dragging' : ''}`}
        data-testid="dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void drop([...event.dataTransfer.files]);
        }}
      >
        <p>Drop lab reports here, or</p>
        <button type="button" onClick={() => void pick()}>
          Choose files…
        </button>
      </div>
      {message ? (
        <p className="notice" role="status" data-testid="records-message">
          {message}
        </p>
      ) : null}
      <StagedFiles />
      <h2>Documents</h2>
      <Documents />
    </section>
  );
}
