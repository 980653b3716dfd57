/**
 * Registration's address steps: a new ABHA address, suggested or typed and checked as it is typed,
 * or one of the patient's own chosen.
 */
import type { AbhaProfile, RegistrationView } from '../../../contract/registration';
import { ABHA_ADDRESS_SUFFIX, fullAbhaAddress } from '../../../contract/registration-rules';
import { FieldError, errorId, useFocusOnError } from './FieldError';
import { useRegistrationStore } from '../../app/stores';
import type { AddressStatus } from './registration-store';
import { StepForm } from './StepForm';

/** Who the address is for, so the receptionist can check it is the right patient. */
function PatientLine({ profile }: { profile: AbhaProfile | null }) {
  if (!profile) return null;
  return (
    <p className="patient-line">
      <strong>{profile.name}</strong>
      {profile.dateOfBirth ? `, born ${profile.dateOfBirth}` : ''}
      {profile.abhaNumber ? (
        <>
          {' '}
          · ABHA number <span className="abha-number">{profile.abhaNumber}</span>
        </>
      ) : null}
    </p>
  );
}

function statusText(address: AddressStatus): string {
  switch (address.state) {
    case 'empty':
      return '8 to 18 letters or digits; one dot (.) and one underscore (_) at most.';
    case 'incomplete':
      return address.message ?? '';
    case 'checking':
      return `Checking whether ${fullAbhaAddress(address.name)} is free…`;
    case 'available':
      return `${fullAbhaAddress(address.name)} is available.`;
    case 'taken':
      return `${fullAbhaAddress(address.name)} is already taken. Choose another one.`;
    case 'unknown':
      return `Could not check ${fullAbhaAddress(address.name)} now; it will be checked when you create it.`;
  }
}

/** `abha_create`: a new address, from the suggestions or typed, checked as it is typed. */
export function CreateAddressStep({ view }: { view: RegistrationView }) {
  const address = useRegistrationStore((state) => state.address);
  const problem = useRegistrationStore((state) => state.fieldErrors.address);
  const { setAddress, createAddress } = useRegistrationStore.getState();
  const ref = useFocusOnError('address');
  return (
    <StepForm
      label="Create the ABHA address"
      testId="create-address"
      heading="Choose an ABHA address"
      action="Create ABHA address"
      busyAction="Creating…"
      actionDisabled={address.state === 'checking' || address.state === 'taken'}
      onSubmit={createAddress}
    >
      <PatientLine profile={view.profile} />
      <p className="hint">The patient's ABHA address is how they sign in and share their health records, like an e-mail address. Pick a suggestion or type one.</p>
      {view.suggestions.length > 0 ? (
        <div className="suggestions" role="group" aria-label="Suggested ABHA addresses">
          {view.suggestions.map((name) => (
            <button key={name} type="button" className="chip" aria-pressed={address.name === name} onClick={() => setAddress(name)}>
              {fullAbhaAddress(name)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="abha-address">ABHA address</label>
        <div className="row address-row">
          <input
            ref={ref}
            id="abha-address"
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            value={address.name}
            aria-invalid={problem || address.state === 'taken' ? true : undefined}
            aria-describedby={`address-status${problem ? ` ${errorId('address')}` : ''}`}
            onChange={(event) => setAddress(event.target.value)}
          />
          <span className="suffix" aria-hidden="true">
            {ABHA_ADDRESS_SUFFIX}
          </span>
        </div>
        <p className={`address-status state-${address.state}`} id="address-status" role="status" data-testid="address-status">
          {statusText(address)}
        </p>
        <FieldError field="address" />
      </div>
    </StepForm>
  );
}

/** `abha_select`: the patient already has addresses; one is used. */
export function ChooseAddressStep({ view }: { view: RegistrationView }) {
  const chosen = useRegistrationStore((state) => state.chosenAddress);
  const { setChosenAddress, chooseAddress } = useRegistrationStore.getState();
  return (
    <StepForm label="Choose the ABHA address" testId="choose-address" heading="The patient already has an ABHA" action="Use this address" busyAction="Linking…" onSubmit={chooseAddress}>
      <PatientLine profile={view.profile} />
      <fieldset className="address-choices" aria-describedby={errorId('address')}>
        <legend>Choose the ABHA address to use</legend>
        {view.addressChoices.map((address, index) => (
          <label key={address} className="choice">
            <input type="radio" name="abha-address" value={address} checked={chosen === address} autoFocus={index === 0} onChange={() => setChosenAddress(address)} /> {address}
          </label>
        ))}
      </fieldset>
      <FieldError field="address" />
    </StepForm>
  );
}
