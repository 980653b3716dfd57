/**
 * Which patient, in one quick step: today's patients first (earlier days below), a search by
 * name, ABHA number or address, or label, a new patient, or just a bed or token label. Each
 * patient is told apart from another of the same name (age, sex, ABHA number).
 */
import { useId, useMemo, useState } from 'react';
import { PatientText } from '../../components/PatientText';
import { LABEL_MAX_CHARS } from '../../../contract/limits';
import { matchesPatient, patientLine, patientsByDay, type Patient } from '../../../contract/patients';
import { pageClock } from '../../app/clock';
import { usePatientsStore } from '../../app/stores';
import { formatDay } from '../../components/dates';
import { PatientForm } from './PatientForm';

function PatientChoices({ query, selectedId, onChoose }: { query: string; selectedId: string | null; onChoose(patient: Patient): void }) {
  const patients = usePatientsStore((state) => state.view.patients);
  const groups = useMemo(() => patientsByDay(patients.filter((patient) => matchesPatient(patient, query)), new Date(pageClock.now())), [patients, query]);
  if (groups.length === 0) return <p className="empty">{patients.length === 0 ? 'No patients yet: add one, or give a bed or token.' : 'No patient matches.'}</p>;
  return (
    <div className="patient-choices">
      {groups.map((group) => (
        <section key={group.day} aria-label={group.today ? 'Today' : formatDay(group.day)}>
          <h3 className="day-heading">{group.today ? 'Today' : formatDay(group.day)}</h3>
          <ul>
            {group.patients.map((patient) => (
              <li key={patient.id}>
                <button type="button" className="patient-choice" aria-pressed={selectedId === patient.id} onClick={() => onChoose(patient)}>
                  <PatientText text={patientLine(patient)} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A bed or token alone: a patient with a label, made and chosen at once. */
function QuickLabel({ onChosen }: { onChosen(patient: Patient): void }) {
  const id = useId();
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const use = async () => {
    if (label.trim() === '') {
      setProblem('Type the bed or token first.');
      return;
    }
    const saved = await usePatientsStore.getState().save({ label, name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null });
    if ('error' in saved) setProblem(saved.error.message);
    else onChosen(saved.patient);
  };
  return (
    <form
      className="quick-label"
      aria-label="Record under a bed or token only"
      onSubmit={(event) => {
        event.preventDefault();
        void use();
      }}
    >
      <label htmlFor={id}>Bed or token</label>
      <input id={id} type="text" maxLength={LABEL_MAX_CHARS} autoComplete="off" placeholder="e.g. Bed 12, token 34" value={label} onChange={(event) => setLabel(event.target.value)} />
      <button type="submit">Use this label</button>
      {problem ? (
        <span className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
    </form>
  );
}

/**
 * Enter in the search: the one patient it finds, or, when it finds none, a new patient with
 * what was typed as their bed or token label; with several found, the doctor chooses one.
 */
function useEnterChooses(query: string, onChosen: (patient: Patient) => void) {
  const patients = usePatientsStore((state) => state.view.patients);
  const [problem, setProblem] = useState<string | null>(null);
  const enter = async () => {
    const typed = query.trim();
    if (typed === '') return;
    const found = patients.filter((patient) => matchesPatient(patient, typed));
    if (found.length === 1) return onChosen(found[0]!);
    if (found.length > 1) return setProblem(`${found.length} patients match: choose one.`);
    const saved = await usePatientsStore.getState().save({ label: typed, name: null, age: null, sex: null, abhaNumber: null, abhaAddress: null });
    if ('error' in saved) setProblem(saved.error.message);
    else onChosen(saved.patient);
  };
  return { enter, problem, clear: () => setProblem(null) };
}

/** `focusSearch`: the search takes the focus as the chooser opens (it was opened again by a button). */
export function PatientChooser({ selectedId = null, onChosen, focusSearch = false }: { selectedId?: string | null; onChosen(patient: Patient): void; focusSearch?: boolean }) {
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const byEnter = useEnterChooses(query, onChosen);
  if (adding) return <PatientForm submitLabel="Add patient" onDone={(patient) => (patient ? onChosen(patient) : setAdding(false))} />;
  return (
    <div className="patient-chooser">
      <div className="picker-tools">
        <input
          type="search"
          autoFocus={focusSearch}
          aria-label="Find a patient by name, ABHA number or address, or label"
          aria-describedby="chooser-enter"
          placeholder="Name, ABHA or label"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            byEnter.clear();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            void byEnter.enter();
          }}
        />
        <button type="button" onClick={() => setAdding(true)}>
          New patient
        </button>
      </div>
      <p id="chooser-enter" className={byEnter.problem ? 'field-error' : 'hint'} role={byEnter.problem ? 'alert' : undefined}>
        {byEnter.problem ?? 'Enter takes the one patient found, or a new one with what you typed as their bed or token.'}
      </p>
      <PatientChoices query={query} selectedId={selectedId} onChoose={onChosen} />
      <QuickLabel onChosen={onChosen} />
    </div>
  );
}
