/** The files chosen or dropped, checked, with what the service should read from them: the step before upload. */
import { PatientText } from '../../components/PatientText';
import { PatientLabelField } from '../../components/PatientLabelField';
import { LAB_REPORT_TASKS, TASK_LABELS, formatSize } from '../../../contract/lab-reports';
import { patientLine } from '../../../contract/patients';
import { useLabReportsStore, usePatientsStore } from '../../app/stores';
import { visitPatient } from '../patients/patients-store';

const KIND_LABELS = { pdf: 'PDF', jpeg: 'JPEG image', png: 'PNG image' } as const;

/** A refused file whose content was not read (too large, unreadable) is described by its name. */
function typeByName(name: string): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase();
  const known: Record<string, string> = { pdf: 'PDF', jpg: 'JPEG image', jpeg: 'JPEG image', png: 'PNG image' };
  if (!extension) return 'File';
  return known[extension] ? `${known[extension]} (by its name)` : `.${extension} file`;
}

export function StagedFiles() {
  const staged = useLabReportsStore((state) => state.staged);
  const tasks = useLabReportsStore((state) => state.tasks);
  const accept = useLabReportsStore((state) => state.acceptLowResolution);
  const busy = useLabReportsStore((state) => state.busy);
  const label = useLabReportsStore((state) => state.label);
  const { dismiss, toggleTask, setAcceptLowResolution, setLabel, upload } = useLabReportsStore.getState();
  const chosen = usePatientsStore((state) => visitPatient(state.view));
  if (staged.length === 0) return null;
  const ready = staged.filter((file) => !file.problem);
  const warned = ready.filter((file) => file.warning).length;
  const needsAccept = warned > 0;
  const canUpload = chosen !== null && ready.length > 0 && (!needsAccept || accept) && !busy;
  return (
    <section className="panel-box" aria-label="Files to upload">
      <ul className="staged">
        {staged.map((file) => (
          <li key={file.id} className={file.problem ? 'refused' : file.warning ? 'warned' : 'ok'} data-testid="staged-file">
            <span className="staged-name">{file.name}</span>
            <span className="staged-meta">
              {file.kind ? KIND_LABELS[file.kind] : typeByName(file.name)} · {formatSize(file.size)}
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
      <PatientLabelField id="report-label" value={label} onChange={setLabel} />
      <fieldset className="tasks">
        <legend>What should the service read from {ready.length > 1 ? 'these reports' : 'this report'}?</legend>
        {LAB_REPORT_TASKS.map((task) =>
          task === 'pii' ? (
            // Always read: the report is checked against its patient before any value is shown.
            <label key={task}>
              <input type="checkbox" checked disabled aria-describedby="pii-always" /> {TASK_LABELS[task]}
              <span id="pii-always" className="hint">
                {' '}
                Always read, to check the report is this patient’s.
              </span>
            </label>
          ) : (
            <label key={task}>
              <input type="checkbox" checked={tasks.has(task)} onChange={() => toggleTask(task)} /> {TASK_LABELS[task]}
            </label>
          ),
        )}
      </fieldset>
      {needsAccept ? (
        <label className="accept">
          <input type="checkbox" checked={accept} onChange={(event) => setAcceptLowResolution(event.target.checked)} />{' '}
          {warned === 1 ? 'Upload the low-resolution image anyway' : `Upload the ${warned} low-resolution images anyway`}
        </label>
      ) : null}
      <div className="upload-row">
        <button type="button" className="primary" disabled={!canUpload} aria-describedby="upload-why" onClick={() => chosen && void upload(chosen.id)}>
          {ready.length === 0 ? 'Nothing to upload' : ready.length === 1 ? 'Upload 1 report' : `Upload ${ready.length} reports together`}
        </button>
        {/* Why Upload cannot be pressed, or for whom it uploads, beside it: it never moves when this is said. */}
        <span id="upload-why" className={chosen ? 'hint' : 'field-error'}>
          <PatientText text={chosen ? `For ${patientLine(chosen)}` : 'Choose the patient these reports are for (above).'} />
        </span>
      </div>
    </section>
  );
}
