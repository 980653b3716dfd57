/** The files chosen or dropped, checked, with what the service should read from them: the step before upload. */
import { LABEL_MAX_CHARS } from '../../../contract/limits';
import { RECORD_TASKS, TASK_LABELS, formatSize } from '../../../contract/records';
import { useRecordsStore } from './records-store';

const KIND_LABELS = { pdf: 'PDF', jpeg: 'JPEG image', png: 'PNG image' } as const;

export function StagedFiles() {
  const staged = useRecordsStore((state) => state.staged);
  const tasks = useRecordsStore((state) => state.tasks);
  const accept = useRecordsStore((state) => state.acceptLowResolution);
  const busy = useRecordsStore((state) => state.busy);
  const label = useRecordsStore((state) => state.label);
  const { dismiss, toggleTask, setAcceptLowResolution, setLabel, upload } = useRecordsStore.getState();
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
      <div className="field">
        <label htmlFor="report-label">Patient or visit (optional)</label>
        <input
          id="report-label"
          type="text"
          maxLength={LABEL_MAX_CHARS}
          autoComplete="off"
          placeholder="e.g. Bed 12, follow-up"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
      </div>
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
        {ready.length === 0 ? 'Nothing to upload' : ready.length === 1 ? 'Upload 1 report' : `Upload ${ready.length} reports together`}
      </button>
    </section>
  );
}
