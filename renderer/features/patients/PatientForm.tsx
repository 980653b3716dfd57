/**
 * A new patient, or changes to one: a label (bed, token, visit) or a name, and age and sex when
 * known. An age outside 0–130 is refused in its field as it is typed; the sex is one of the
 * choices. Main checks the same rules again.
 */
import { useId, useState } from 'react';
import { AGE_MAX, AGE_MIN, PATIENT_NAME_MAX_CHARS, ageProblem, type Patient, type PatientSex } from '../../../contract/patients';
import { LABEL_MAX_CHARS } from '../../../contract/limits';
import { HANDOUT_LANGUAGES, languageLine } from '../../../contract/handout-languages';
import { usePatientsStore } from '../../app/stores';
import { SexSelect } from '../../components/SexSelect';

interface PatientFormProps {
  /** The patient to change; absent: a new one. */
  patient?: Patient;
  /** What saving also does: a new patient is usually chosen for the visit. */
  choose?: boolean;
  submitLabel: string;
  onDone(patient: Patient | null): void;
}

/** The language the patient reads, for what is made for them to take home. */
function LanguageField({ id, language, onChange }: { id: string; language: string; onChange(language: string): void }) {
  return (
    <div className="field narrow">
      <label htmlFor={id}>Reads (for handouts)</label>
      <select id={id} value={language} onChange={(event) => onChange(event.target.value)}>
        <option value="">Not asked yet</option>
        {HANDOUT_LANGUAGES.map((choice) => (
          <option key={choice.code} value={choice.code} lang={choice.code}>
            {languageLine(choice.code)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function PatientForm({ patient, choose, submitLabel, onDone }: PatientFormProps) {
  const id = useId();
  const [label, setLabel] = useState(patient?.label ?? '');
  const [name, setName] = useState(patient?.name ?? '');
  const [age, setAge] = useState(patient?.age === null || patient?.age === undefined ? '' : String(patient.age));
  const [sex, setSex] = useState<PatientSex | ''>(patient?.sex ?? '');
  const [language, setLanguage] = useState(patient?.language ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const agePrompt = ageProblem(age);
  const nothing = label.trim() === '' && name.trim() === '';

  const submit = async () => {
    if (agePrompt) return;
    if (nothing) {
      setProblem('Give the patient a label (bed, token, visit) or a name.');
      return;
    }
    setSaving(true);
    const input = { label, name: name.trim() === '' ? null : name, age: age.trim() === '' ? null : Number(age), sex: sex === '' ? null : sex, abhaNumber: patient?.abhaNumber ?? null, abhaAddress: patient?.abhaAddress ?? null, language: language === '' ? null : language };
    const saved = await usePatientsStore.getState().save(input, { ...(patient ? { id: patient.id } : {}), ...(choose ? { choose: true } : {}) });
    setSaving(false);
    if ('error' in saved) setProblem(saved.error.message);
    else onDone(saved.patient);
  };

  return (
    <form
      className="patient-form"
      aria-label={patient ? 'Change the patient' : 'New patient'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="patient-fields">
        <div className="field">
          <label htmlFor={`${id}-label`}>Label (bed, token or visit)</label>
          <input id={`${id}-label`} type="text" autoFocus maxLength={LABEL_MAX_CHARS} autoComplete="off" placeholder="e.g. Bed 12" value={label} onChange={(event) => setLabel(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name (optional)</label>
          <input id={`${id}-name`} type="text" maxLength={PATIENT_NAME_MAX_CHARS} autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field narrow">
          <label htmlFor={`${id}-age`}>Age in years (optional)</label>
          <input
            id={`${id}-age`}
            type="text"
            inputMode="numeric"
            maxLength={3}
            autoComplete="off"
            value={age}
            aria-invalid={agePrompt !== null}
            aria-describedby={`${id}-age-problem`}
            onChange={(event) => setAge(event.target.value)}
          />
          <p id={`${id}-age-problem`} className="field-error" role={agePrompt ? 'alert' : undefined}>
            {agePrompt ?? ''}
          </p>
        </div>
        <div className="field narrow">
          <label htmlFor={`${id}-sex`}>Sex (optional)</label>
          <SexSelect id={`${id}-sex`} value={sex} onChange={setSex} none="Not known" />
        </div>
        <LanguageField id={`${id}-language`} language={language} onChange={setLanguage} />
      </div>
      <p className="field-error" role={problem ? 'alert' : undefined} data-testid="patient-form-problem">
        {problem ?? ''}
      </p>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving || agePrompt !== null}>
          {submitLabel}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
        <span className="hint">
          Ages {AGE_MIN}–{AGE_MAX}. Patients are kept encrypted on this computer.
        </span>
      </div>
    </form>
  );
}
