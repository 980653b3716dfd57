/**
 * The Patients screen: today's patients first, earlier days by date, a search, a new patient;
 * and one patient's visit in one place (PatientView): their details, their dictations and lab
 * reports by time with their states, "Use for this visit", and deleting them with everything
 * made for them.
 */
import { useMemo, useState } from 'react';
import { PatientText } from '../../components/PatientText';
import { matchesPatient, patientDetailsLine, patientLine, patientName, patientsByDay, type Patient } from '../../../contract/patients';
import { pageClock } from '../../app/clock';
import { usePatientsStore } from '../../app/stores';
import { formatDay } from '../../components/dates';
import { PatientForm } from './PatientForm';
import { PatientView } from './PatientView';
import { patientById } from './patients-store';

function PatientList({ query }: { query: string }) {
  const view = usePatientsStore((state) => state.view);
  const shownId = usePatientsStore((state) => state.shownId);
  const { show } = usePatientsStore.getState();
  const groups = useMemo(() => patientsByDay(view.patients.filter((patient) => matchesPatient(patient, query)), new Date(pageClock.now())), [view.patients, query]);
  if (groups.length === 0) return <p className="empty">{view.patients.length === 0 ? 'No patients yet. Add one, or use a registered patient for the visit.' : 'No patient matches.'}</p>;
  return (
    <div className="patient-days" data-testid="patient-list">
      {groups.map((group) => (
        <section key={group.day} aria-label={group.today ? 'Today' : formatDay(group.day)}>
          <h2 className="day-heading">{group.today ? 'Today' : formatDay(group.day)}</h2>
          <ul className="patient-rows">
            {group.patients.map((patient) => (
              <li key={patient.id} className="patient-row-item">
                {/* The name is the button (two lines at most); the rest tells them apart beneath it, the whole row clickable. */}
                <button
                  type="button"
                  className="patient-row"
                  aria-label={patientLine(patient)}
                  aria-current={patient.id === (shownId ?? view.visitPatientId) ? 'true' : undefined}
                  onClick={() => show(patient.id)}
                >
                  {patientName(patient)}
                </button>
                <span className="patient-row-meta" aria-hidden="true">
                  <PatientDetails patient={patient} />
                  {patient.id === view.visitPatientId ? <span className="state-badge chosen">This visit</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function PatientsScreen() {
  const view = usePatientsStore((state) => state.view);
  const shownId = usePatientsStore((state) => state.shownId);
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  // The patient of the visit, until another is chosen to be shown.
  const shown = patientById(view, shownId) ?? patientById(view, view.visitPatientId);
  return (
    <section className="panel patients-screen">
      <h1>Patients</h1>
      <div className="patients-columns">
        <section className="patients-list" aria-label="Patients by day">
          <div className="list-tools">
            <input type="search" aria-label="Find a patient by name, ABHA number or address, or label" placeholder="Name, ABHA or label" value={query} onChange={(event) => setQuery(event.target.value)} />
            <button type="button" className="primary" aria-expanded={adding} onClick={() => setAdding(!adding)}>
              New patient
            </button>
          </div>
          {adding ? (
            <PatientForm
              submitLabel="Add patient"
              onDone={(patient) => {
                setAdding(false);
                if (patient) usePatientsStore.getState().show(patient.id);
              }}
            />
          ) : null}
          <PatientList query={query} />
        </section>
        {shown ? <PatientView key={shown.id} patient={shown} /> : <section className="patient-view empty-detail">Choose a patient to see their dictations and lab reports.</section>}
      </div>
    </section>
  );
}

/** One item of a patient row's flex line: the details read as one text beside the badge; nothing when there are none. */
function PatientDetails({ patient }: { patient: Patient }) {
  const details = patientDetailsLine(patient);
  if (!details) return null;
  return (
    <span>
      <PatientText text={details} />
    </span>
  );
}
