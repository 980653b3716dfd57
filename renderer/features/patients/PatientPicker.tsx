/**
 * The patient of the visit, chosen once for the next dictations and lab reports (and the record
 * shortcut): shown by name, age/sex, ABHA number and label, changed from today's list, a search
 * (name, ABHA number or address, label), or a new patient typed here.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { matchesPatient, patientLine, patientsByDay, type Patient } from '../../../contract/patients';
import { usePatientsStore } from '../../app/stores';
import { formatDay } from '../../components/dates';
import { PatientForm } from './PatientForm';
import { patientById } from './patients-store';

/** The list to choose from: today's patients first, earlier days by date, each told apart from others of the same name. */
function PatientChoices({ query, onChoose }: { query: string; onChoose(patient: Patient): void }) {
  const patients = usePatientsStore((state) => state.view.patients);
  const groups = useMemo(() => patientsByDay(patients.filter((patient) => matchesPatient(patient, query))), [patients, query]);
  if (groups.length === 0) return <p className="empty">{patients.length === 0 ? 'No patients yet: add one.' : 'No patient matches.'}</p>;
  return (
    <div className="patient-choices">
      {groups.map((group) => (
        <section key={group.day} aria-label={group.today ? 'Today' : formatDay(group.day)}>
          <h3 className="day-heading">{group.today ? 'Today' : formatDay(group.day)}</h3>
          <ul>
            {group.patients.map((patient) => (
              <li key={patient.id}>
                <button type="button" className="patient-choice" onClick={() => onChoose(patient)}>
                  {patientLine(patient)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function PatientPicker({ fixedPatientId }: { /** While recording: the recording's patient, not to be changed. */ fixedPatientId?: string | null }) {
  const id = useId();
  const view = usePatientsStore((state) => state.view);
  const { choose } = usePatientsStore.getState();
  const [open, setOpen] = useState<'closed' | 'choose' | 'new'>('closed');
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const fixed = fixedPatientId !== undefined;
  const shown = patientById(view, fixed ? fixedPatientId : view.visitPatientId);

  const close = () => {
    setOpen('closed');
    setQuery('');
    toggle.current?.focus();
  };
  const pick = async (patientId: string | null) => {
    const error = await choose(patientId);
    setProblem(error?.message ?? null);
    if (!error) close();
  };

  return (
    <div className="patient-picker" role="group" aria-labelledby={`${id}-title`}>
      <div className="patient-picker-row">
        <span id={`${id}-title`} className="picker-title">
          Patient
        </span>
        <span className={shown ? 'chosen-patient' : 'chosen-patient none'} data-testid="chosen-patient">
          {shown ? patientLine(shown) : fixed ? 'None' : 'None chosen'}
        </span>
        {fixed ? null : (
          <>
            <button ref={toggle} type="button" aria-expanded={open !== 'closed'} aria-controls={`${id}-panel`} onClick={() => (open === 'closed' ? setOpen('choose') : close())}>
              {shown ? 'Change patient' : 'Choose patient'}
            </button>
            {shown ? (
              <button type="button" className="link" onClick={() => void pick(null)}>
                No patient
              </button>
            ) : null}
          </>
        )}
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {open === 'closed' || fixed ? null : (
        <div
          id={`${id}-panel`}
          className="picker-panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          {open === 'new' ? (
            <PatientForm choose submitLabel="Add and use for this visit" onDone={(patient) => (patient ? close() : setOpen('choose'))} />
          ) : (
            <>
              <div className="picker-tools">
                <input
                  type="search"
                  autoFocus
                  aria-label="Find a patient by name, ABHA number or address, or label"
                  placeholder="Name, ABHA number or address, label"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                />
                <button type="button" className="primary" onClick={() => setOpen('new')}>
                  New patient
                </button>
              </div>
              <PatientChoices query={query} onChoose={(patient) => void pick(patient.id)} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
