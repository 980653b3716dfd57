/** The Records screen: lab reports chosen or dropped, uploaded, and read back. */
import { useState } from 'react';
import { MAX_LAB_REPORT_BYTES } from '../../../contract/limits';
import { formatSize } from '../../../contract/lab-reports';
import { DocumentsTable } from './DocumentsTable';
import { StagedFiles } from './StagedFiles';
import { useLabReportsStore } from '../../app/stores';
import { PatientFilter } from '../patients/PatientFilter';
import { PatientPicker } from '../patients/PatientPicker';

export function LabReportsScreen() {
  const message = useLabReportsStore((state) => state.message);
  const { pick, drop } = useLabReportsStore.getState();
  const [dragging, setDragging] = useState(false);
  return (
    <section className="panel lab-reports">
      <h1>Records</h1>
      <p className="lead">Upload lab reports (PDF, JPEG or PNG, up to {formatSize(MAX_LAB_REPORT_BYTES)} each) for the service to read. Reports wait on this computer when the service cannot be reached.</p>
      <PatientPicker />
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
      {/* Keeps its line when empty: the files and documents below never move when it speaks. */}
      <p className="notice screen-message" role="status" data-testid="lab-reports-message">
        {message}
      </p>
      <StagedFiles />
      <div className="section-head">
        <h2>Documents</h2>
        <PatientFilter />
      </div>
      <DocumentsTable />
    </section>
  );
}
