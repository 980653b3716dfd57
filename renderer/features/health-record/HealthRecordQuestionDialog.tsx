/**
 * The one line the doctor confirms with the patient as their visit ends: "Send this visit to
 * Ravi's health record (ravi.k@abdm)?", what would be sent, and the patient's answer. A patient
 * whose record lacks an ABHA address (or a name, an age, a sex) gets the fields for them in the
 * same step; an address of the wrong form is said in its field as it is typed. "Ask later"
 * leaves the visit unlinked and asks nothing now; the patient's view can ask again.
 */
import { useEffect, useId, useState } from 'react';
import { abhaAddressProblem, needsLine, type HealthRecordQuestion } from '../../../contract/health-record';
import { ageProblem, type PatientSex } from '../../../contract/patients';
import { followLater } from '../../app/follow-later';
import { useHealthRecordStore } from '../../app/stores';
import { formatDateTime } from '../../components/dates';
import { FieldError } from '../../components/FieldError';
import { ModalDialog } from '../../components/ModalDialog';
import { SexSelect } from '../../components/SexSelect';
import { TestDataMark } from '../../components/TestDataMark';

/** The fields for what the patient's record lacks, in the question's one step. */
function OneStep({
  needs,
  values,
  set,
  problems,
}: {
  needs: HealthRecordQuestion['needs'];
  values: { address: string; name: string; age: string; sex: PatientSex | '' };
  set: { address(value: string): void; name(value: string): void; age(value: string): void; sex(value: PatientSex | ''): void };
  problems: { address: string | null; age: string | null };
}) {
  const id = useId();
  if (!needs.abhaAddress && !needs.name && !needs.age && !needs.sex) return null;
  return (
    <div className="patient-fields">
      {needs.abhaAddress ? (
        <div className="field">
          <label htmlFor={`${id}-address`}>Patient’s ABHA address</label>
          <input
            id={`${id}-address`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. ravi.kumar@abdm"
            value={values.address}
            aria-invalid={problems.address !== null}
            aria-describedby={`${id}-address-problem`}
            onChange={(event) => set.address(event.target.value)}
          />
          <p id={`${id}-address-problem`} className="field-error" role={problems.address ? 'alert' : undefined}>
            {problems.address ?? ''}
          </p>
        </div>
      ) : null}
      {needs.name ? (
        <div className="field">
          <label htmlFor={`${id}-name`}>Patient’s name</label>
          <input id={`${id}-name`} type="text" autoComplete="off" value={values.name} onChange={(event) => set.name(event.target.value)} />
        </div>
      ) : null}
      {needs.age ? (
        <div className="field narrow">
          <label htmlFor={`${id}-age`}>Age in years</label>
          <input id={`${id}-age`} type="text" inputMode="numeric" maxLength={3} autoComplete="off" value={values.age} aria-invalid={problems.age !== null} onChange={(event) => set.age(event.target.value)} />
          <FieldError problem={problems.age} />
        </div>
      ) : null}
      {needs.sex ? (
        <div className="field narrow">
          <label htmlFor={`${id}-sex`}>Sex</label>
          <SexSelect id={`${id}-sex`} value={values.sex} onChange={set.sex} none="Choose" />
        </div>
      ) : null}
    </div>
  );
}

function Question({ question, onLater }: { question: HealthRecordQuestion; onLater(): void }) {
  const { needs } = question;
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [age, setAge] = useState('');
  const [sex, setSex] = useState<PatientSex | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const addressPrompt = needs.abhaAddress && address.trim() !== '' ? abhaAddressProblem(address) : null;
  const agePrompt = needs.age ? ageProblem(age) : null;
  const missing = (needs.abhaAddress && address.trim() === '') || (needs.name && name.trim() === '') || (needs.age && age.trim() === '') || (needs.sex && sex === '');

  const answer = async (agreed: boolean) => {
    setBusy(true);
    const additions = agreed
      ? {
          ...(needs.abhaAddress ? { abhaAddress: address } : {}),
          ...(needs.name ? { name } : {}),
          ...(needs.age ? { age: age.trim() === '' ? null : Number(age) } : {}),
          ...(needs.sex ? { sex: sex === '' ? null : sex } : {}),
        }
      : {};
    const error = await useHealthRecordStore.getState().answer(question.patientId, agreed, additions);
    setBusy(false);
    setProblem(error?.message ?? null);
    setFields(error?.fields ?? {});
  };

  return (
    <form
      className="health-record-question"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!missing && !addressPrompt && !agePrompt) void answer(true);
      }}
    >
      <h2 id="health-record-title" data-testid="health-record-line">
        {question.line}
      </h2>
      {question.testData ? <TestDataMark subject="patient" /> : null}
      {needsLine(question.who, needs) ? <p data-testid="health-record-needs">{needsLine(question.who, needs)}</p> : null}
      <p className="hint">Ask the patient. What is sent:</p>
      <ul data-testid="health-record-items">
        {question.items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            {item.what}, {formatDateTime(item.createdAt)}
          </li>
        ))}
      </ul>
      <OneStep
        needs={needs}
        values={{ address, name, age, sex }}
        set={{ address: setAddress, name: setName, age: setAge, sex: setSex }}
        problems={{ address: addressPrompt ?? fields.abhaAddress ?? null, age: agePrompt }}
      />
      <FieldError problem={problem} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || missing || addressPrompt !== null || agePrompt !== null}>
          Patient agrees: send
        </button>
        <button type="button" disabled={busy} onClick={() => void answer(false)}>
          Patient declines
        </button>
        <button type="button" disabled={busy} onClick={onLater}>
          Ask later
        </button>
      </div>
    </form>
  );
}

/** The first question waiting, as a dialog; the next shows once it is answered. */
export function HealthRecordQuestionDialog() {
  const questions = useHealthRecordStore((state) => state.questions);
  const later = useHealthRecordStore((state) => state.later);
  const follow = useHealthRecordStore((state) => state.follow);
  useEffect(() => followLater(follow), [follow]);
  const question = questions.find((candidate) => !later.includes(candidate.patientId)) ?? null;
  const putOff = () => {
    if (question) useHealthRecordStore.getState().putOff(question.patientId);
  };
  return (
    <ModalDialog
      open={question !== null}
      className="app-dialog health-record-dialog"
      labelledBy="health-record-title"
      testId="health-record-question"
      patientData={question ? `dialog:health-record:${question.patientId}` : undefined}
      onClose={putOff}
      onShown={(dialog) => dialog.querySelector<HTMLInputElement>('input')?.focus() ?? dialog.querySelector<HTMLButtonElement>('button.primary')?.focus()}
    >
      {question ? <Question key={question.patientId} question={question} onLater={putOff} /> : null}
    </ModalDialog>
  );
}
