/** The Records screen: lab reports chosen or dropped for the visit's patient, uploaded, and read back. */
import { PatientText } from '../../components/PatientText';
import { useEffect, useState } from 'react';
import { MAX_LAB_REPORT_BYTES } from '../../../contract/limits';
import { formatSize } from '../../../contract/lab-reports';
import { patientLine } from '../../../contract/patients';
import { DocumentsTable } from './DocumentsTable';
import { StagedFiles } from './StagedFiles';
import { useLabReportsStore, usePatientsStore } from '../../app/stores';
import { ListScope } from '../patients/ListScope';
import { visitPatient } from '../patients/patients-store';

export function LabReportsScreen() {
  const message = useLabReportsStore((state) => state.message);
  const { pick, drop, setOnScreen } = useLabReportsStore.getState();
  const chosen = usePatientsStore((state) => visitPatient(state.view));
  const [dragging, setDragging] = useState(false);
  // Main is told which result the window shows while this screen is on view: the copy shortcut takes its values.
  useEffect(() => {
    setOnScreen(true);
    return () => setOnScreen(false);
  }, [setOnScreen]);
  return (
    <section className="panel lab-reports">
      <h1>Records</h1>
      <p className="lead">Upload lab reports (PDF, JPEG or PNG, up to {formatSize(MAX_LAB_REPORT_BYTES)} each) for the service to read. Reports wait on this computer when the service cannot be reached.</p>
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
        <p data-testid="reports-for">
          <PatientText text={chosen ? `Lab reports for ${patientLine(chosen)}: drop them here, or` : 'Choose the patient above first; then drop lab reports here, or'} />
        </p>
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
        <ListScope what="documents" />
      </div>
      <DocumentsTable />
    </section>
  );
}
