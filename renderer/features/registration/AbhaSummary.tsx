/**
 * Registration's end: the patient's ABHA as the national system has it, their card, and Use for
 * this visit.
 */
import { useEffect, useRef, useState } from 'react';
import { patientLine, type Patient } from '../../../contract/patients';
import type { RegistrationView } from '../../../contract/registration';
import { useNavigationStore } from '../../app/navigation-store';
import { PatientText } from '../../components/PatientText';
import { TestDataMark } from '../../components/TestDataMark';
import { usePatientsStore, useRegistrationStore } from '../../app/stores';

/**
 * "Use for this visit": the registered patient becomes the patient of the next dictations and lab
 * reports. A patient already here who looks the same is pointed out: one person, or two.
 */
function UseForVisit() {
  const [outcome, setOutcome] = useState<{ problem: string } | { patient: Patient } | null>(null);
  const [lookalike, setLookalike] = useState<Patient | null>(null);
  useEffect(() => {
    void usePatientsStore.getState().registeredLookalike().then(setLookalike);
  }, []);
  const use = async (as?: string) => {
    const result = await usePatientsStore.getState().useRegistered(as);
    if (!('error' in result)) setLookalike(null);
    setOutcome('error' in result ? { problem: result.error.message } : { patient: result.patient });
  };
  return (
    <>
      {lookalike ? (
        <div className="banner warning" role="group" aria-label="A patient who looks the same" data-testid="registered-lookalike">
          <p>
            <PatientText text={patientLine(lookalike)} /> is already on this computer and looks the same. Is this one person?
          </p>
          <button type="button" className="primary" onClick={() => void use(lookalike.id)}>
            Use <PatientText text={patientLine(lookalike)} />, adding this ABHA
          </button>
          <button type="button" onClick={() => void use('new')}>
            Keep apart: a new patient
          </button>
        </div>
      ) : (
        <button type="button" className="primary" onClick={() => void use()}>
          Use for this visit
        </button>
      )}
      {outcome && 'patient' in outcome ? (
        <button type="button" onClick={() => useNavigationStore.getState().show('dictation')}>
          Go to Dictation
        </button>
      ) : null}
      <p className={outcome && 'problem' in outcome ? 'field-error' : 'notice'} role={outcome ? 'status' : undefined} data-testid="use-for-visit">
        {outcome && 'problem' in outcome ? outcome.problem : null}
        {outcome && 'patient' in outcome ? (
          <>
            <PatientText text={patientLine(outcome.patient)} /> is the patient for this visit: the next dictations and lab reports are kept under them.
          </>
        ) : null}
      </p>
    </>
  );
}

const HEADINGS: Record<NonNullable<RegistrationView['outcome']>, string> = {
  found: 'The patient already has an ABHA',
  chosen: "The patient's ABHA is ready",
  created: 'ABHA created',
};

type Profile = NonNullable<RegistrationView['profile']>;

/** The patient's photo, name, ABHA number and address (each with Copy), and what else the national system gave. */
function AbhaDetails({ profile }: { profile: Profile }) {
  const { copy } = useRegistrationStore.getState();
  return (
    <div className="abha-details">
      {profile.photo ? <img className="abha-photo" src={profile.photo} alt="The patient's photo, as on their Aadhaar" draggable={false} /> : null}
      <dl>
        <dt>Name</dt>
        <dd data-testid="abha-name">{profile.name}</dd>
        <dt>ABHA number</dt>
        <dd>
          <span className="abha-number" data-testid="abha-number">
            {profile.abhaNumber ?? 'Not given by the national health system'}
          </span>
          {profile.abhaNumber ? (
            <button type="button" className="copy" aria-label="Copy ABHA number" onClick={() => void copy('abhaNumber')}>
              Copy
            </button>
          ) : null}
        </dd>
        <dt>ABHA address</dt>
        <dd>
          <span data-testid="abha-address">{profile.abhaAddress ?? 'None yet'}</span>
          {profile.abhaAddress ? (
            <button type="button" className="copy" aria-label="Copy ABHA address" onClick={() => void copy('abhaAddress')}>
              Copy
            </button>
          ) : null}
        </dd>
        {profile.dateOfBirth ? (
          <>
            <dt>Date of birth</dt>
            <dd>{profile.dateOfBirth}</dd>
          </>
        ) : null}
        {profile.gender ? (
          <>
            <dt>Gender</dt>
            <dd>{profile.gender}</dd>
          </>
        ) : null}
        {profile.address ? (
          <>
            <dt>Address</dt>
            <dd>{profile.address}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** The ABHA card with Print and Save, or that the national system gave none. */
function AbhaCard({ view }: { view: RegistrationView }) {
  const busy = useRegistrationStore((state) => state.busy);
  const { printCard, saveCard } = useRegistrationStore.getState();
  if (!view.card) {
    return (
      <p className="hint" data-testid="no-card">
        The national health system did not provide a card image. The ABHA number and address above are what the patient needs.
      </p>
    );
  }
  return (
    <figure className="abha-card">
      {view.testData ? <TestDataMark subject="ABHA card" /> : null}
      <img src={view.card} alt={`ABHA card of ${view.profile?.name ?? 'the patient'}`} draggable={false} />
      <figcaption className="actions">
        <button type="button" onClick={() => void printCard()} disabled={busy}>
          Print card
        </button>
        <button type="button" onClick={() => void saveCard()} disabled={busy}>
          Save card as PNG
        </button>
      </figcaption>
    </figure>
  );
}

/** The end: the patient's ABHA as the national system has it, and their card when it gave one. */
export function AbhaSummary({ view }: { view: RegistrationView }) {
  const notice = useRegistrationStore((state) => state.notice);
  const { startOver } = useRegistrationStore.getState();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the keyboard was in is gone: the keyboard starts again from what replaced it.
  useEffect(() => heading.current?.focus(), []);
  const profile = view.profile;
  const others = view.accounts.filter((account) => account.abhaAddress !== profile?.abhaAddress);
  return (
    <section className="panel-box abha-summary" aria-labelledby="abha-summary-heading" data-testid="abha-summary">
      <h2 id="abha-summary-heading" ref={heading} tabIndex={-1}>{HEADINGS[view.outcome ?? 'created']}</h2>
      {profile ? <AbhaDetails profile={profile} /> : null}
      {others.length > 0 ? (
        <div className="other-accounts">
          <h3>Other ABHA addresses of this patient</h3>
          <ul>
            {others.map((account) => (
              <li key={account.abhaAddress}>{account.abhaAddress}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <AbhaCard view={view} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <p className="hint">
        Nothing on this screen is saved on this computer unless you use the patient for this visit: then their name, age, sex, ABHA number and address are kept,
        encrypted, with their dictations and lab reports. &quot;Register another patient&quot;, or closing the app, forgets the rest.
      </p>
      <div className="actions">
        {profile ? <UseForVisit /> : null}
        <button type="button" onClick={() => void startOver()}>
          Register another patient
        </button>
      </div>
    </section>
  );
}
