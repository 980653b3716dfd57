/**
 * The Registration screen: its steps in order, a failure no field owns, and the registration
 * compared with the visit's patient.
 */
import { useEffect, useRef } from 'react';
import { ageFrom } from '../../../contract/dates';
import { patientDifferences } from '../../../contract/patient-match';
import { patientLine, type Patient } from '../../../contract/patients';
import { PatientText } from '../../components/PatientText';
import type { AbhaProfile, RegistrationStep, RegistrationView } from '../../../contract/registration';
import { pageClock } from '../../app/clock';
import { ServiceDetail } from '../../components/ServiceDetail';
import { TestDataMark } from '../../components/TestDataMark';
import { AadhaarStep, AadhaarSummary } from './AadhaarStep';
import { AbhaSummary } from './AbhaSummary';
import { ChooseAddressStep, CreateAddressStep } from './AddressStep';
import { AadhaarOtpStep, MobileOtpStep } from './OtpStep';
import { useRefuseCopy } from './refuse-copy';
import { usePatientsStore, useRegistrationStore } from '../../app/stores';
import { visitPatient } from '../patients/patients-store';

const STAGES = [
  { label: 'Aadhaar and consent', steps: ['aadhaar'] },
  { label: 'OTP', steps: ['aadhaar-otp', 'mobile-otp'] },
  { label: 'ABHA address', steps: ['choose-address', 'create-address'] },
  { label: 'Done', steps: ['done'] },
] as const satisfies ReadonlyArray<{ label: string; steps: readonly RegistrationStep[] }>;

function Progress({ step }: { step: RegistrationStep }) {
  const current = STAGES.findIndex((stage) => (stage.steps as readonly RegistrationStep[]).includes(step));
  return (
    <ol className="steps" aria-label="Registration steps">
      {STAGES.map((stage, index) => (
        <li key={stage.label} className={index < current ? 'past' : index === current ? 'current' : undefined} aria-current={index === current ? 'step' : undefined}>
          <span className="step-number">{index + 1}</span> {stage.label}
        </li>
      ))}
    </ol>
  );
}

/** A failure no field owns, with the way on that the registration's state allows. */
function Problem() {
  const error = useRegistrationStore((state) => state.error);
  const next = useRegistrationStore((state) => state.view?.next ?? null);
  const busy = useRegistrationStore((state) => state.busy);
  const { retry, startOver } = useRegistrationStore.getState();
  if (!error || error.fields) return null;
  return (
    <div className="banner error" role="alert" data-testid="registration-error">
      <p>{error.message}</p>
      {error.detail && !error.message.includes(error.detail) ? <ServiceDetail detail={error.detail} /> : null}
      {error.retryable ? (
        <button type="button" onClick={() => void retry()} disabled={busy}>
          Try again
        </button>
      ) : null}
      {next === 'wait' || next === 'start-over' ? (
        <button type="button" className="primary" onClick={() => void startOver()}>
          Start over
        </button>
      ) : null}
    </div>
  );
}

/** What plainly differs between the Aadhaar holder and the visit's patient: name, age, sex. */
function holderDifferences(profile: AbhaProfile, patient: Patient): string[] {
  const holder = { name: profile.name, age: ageFrom(profile.birthDate, new Date(pageClock.now())), sex: profile.gender };
  return patientDifferences({ name: patient.name, age: patient.age, sex: patient.sex }, holder);
}

/** "for" and the patient, named as everywhere else. */
function ForPatient({ patient }: { patient: Patient }) {
  return (
    <>
      for <PatientText text={patientLine(patient)} />
    </>
  );
}

/**
 * Registration follows the visit's patient: begun for one and the visit now for another, it asks
 * whether to start again; the Aadhaar holder, once known, is compared with the visit's patient.
 */
function RegistrationForVisit({ view }: { view: RegistrationView | null }) {
  const visit = usePatientsStore((state) => visitPatient(state.view));
  const patients = usePatientsStore((state) => state.view.patients);
  const startedFor = useRegistrationStore((state) => state.startedFor);
  const { followVisit, startOver } = useRegistrationStore.getState();
  const step = view?.step ?? 'aadhaar';
  const visitId = visit?.id ?? null;
  useEffect(() => {
    if (step !== 'aadhaar' && startedFor === undefined) followVisit(visitId);
  }, [step, startedFor, visitId, followVisit]);
  const begunFor = startedFor ? (patients.find((patient) => patient.id === startedFor) ?? null) : null;
  const moved = step !== 'aadhaar' && step !== 'done' && startedFor !== undefined && startedFor !== visitId;
  const differs = view?.profile && visit ? holderDifferences(view.profile, visit) : [];
  return (
    <>
      {moved ? (
        <div className="banner warning" role="group" aria-label="The visit's patient changed" data-testid="registration-patient-changed">
          <p>
            This registration began {begunFor ? <ForPatient patient={begunFor} /> : 'with no patient chosen'}; the visit is now {visit ? <ForPatient patient={visit} /> : 'for nobody'}. Start again
            {visit ? (
              <>
                {' '}
                <ForPatient patient={visit} />
              </>
            ) : null}
            ?
          </p>
          <button type="button" className="primary" onClick={() => void startOver()}>
            Start again
          </button>
          <button type="button" onClick={() => followVisit(visitId)}>
            Go on with this registration
          </button>
        </div>
      ) : null}
      {differs.length > 0 && visit ? (
        <p className="banner warning" role="alert" data-testid="registration-holder-differs">
          The Aadhaar holder, {view!.profile!.name}, does not look like the visit’s patient (<PatientText text={patientLine(visit)} />): the {new Intl.ListFormat('en', { type: 'conjunction' }).format(differs)} differ. Check that this is the right person before using this
          ABHA for the visit.
        </p>
      ) : null}
    </>
  );
}

export function RegistrationScreen() {
  const view = useRegistrationStore((state) => state.view);
  const error = useRegistrationStore((state) => state.error);
  const { load, startOver } = useRegistrationStore.getState();
  const screen = useRef<HTMLElement>(null);
  // Patient data on this screen leaves only through the Copy buttons, Print and Save, which main carries out.
  useRefuseCopy(screen);
  useEffect(() => {
    void load();
  }, [load]);
  const step = view?.step ?? 'aadhaar';
  const problemOffersStartOver = error && !error.fields && (view?.next === 'wait' || view?.next === 'start-over');
  return (
    <section ref={screen} className="panel registration">
      <h1>Registration</h1>
      <p className="lead">Register a patient for a national health account (ABHA) with their Aadhaar number and the OTPs sent to their mobile.</p>
      <Progress step={step} />
      <RegistrationForVisit view={view} />
      {view?.testData ? <TestDataMark subject="patient" /> : null}
      {step === 'aadhaar' ? <AadhaarStep /> : null}
      {step === 'aadhaar-otp' ? <AadhaarSummary /> : null}
      {view?.step === 'aadhaar-otp' && view.otp ? <AadhaarOtpStep otp={view.otp} /> : null}
      {view?.step === 'mobile-otp' && view.otp ? <MobileOtpStep otp={view.otp} /> : null}
      {view?.step === 'choose-address' ? <ChooseAddressStep view={view} /> : null}
      {view?.step === 'create-address' ? <CreateAddressStep view={view} /> : null}
      {view?.step === 'done' ? <AbhaSummary view={view} /> : null}
      {/* Under the step's buttons: a failure said after a press never moves the button pressed. */}
      <Problem />
      {step !== 'done' && (step !== 'aadhaar' || error) && !problemOffersStartOver ? (
        <button type="button" className="start-over" onClick={() => void startOver()}>
          Start over
        </button>
      ) : null}
    </section>
  );
}
