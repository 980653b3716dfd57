import { useState } from 'react';
import { groupAadhaar, maskAadhaar } from '../../../contract/aadhaar';
import { CONSENT_TEXT } from '../../../contract/registration';
import { FieldError, errorId } from './FieldError';
import { useRegistrationStore } from './registration-store';

/** The Aadhaar number: grouped while typed, masked once complete and left. */
function AadhaarNumberField() {
  const digits = useRegistrationStore((state) => state.digits);
  const show = useRegistrationStore((state) => state.showNumber);
  const problem = useRegistrationStore((state) => state.fieldErrors.aadhaarNumber);
  const { setDigits, toggleShow } = useRegistrationStore.getState();
  const [focused, setFocused] = useState(false);
  const masked = digits.length === 12 && !focused && !show;
  return (
    <div className="field">
      <label htmlFor="aadhaar-number">Patient's Aadhaar number</label>
      <div className="row">
        <input
          id="aadhaar-number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={14}
          value={masked ? maskAadhaar(digits) : groupAadhaar(digits)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId('aadhaarNumber') : 'aadhaar-hint'}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(event) => setDigits(event.target.value)}
          className="aadhaar"
        />
        <button type="button" onClick={toggleShow} aria-pressed={show} disabled={digits.length < 12}>
          {show ? 'Hide' : 'Show'}
        </button>
      </div>
      <p className="hint" id="aadhaar-hint">
        12 digits. It is used for this request only and is not saved on this computer.
      </p>
      <FieldError field="aadhaarNumber" />
    </div>
  );
}

/** The first step: the Aadhaar number and the patient's consent. */
export function AadhaarStep() {
  const consent = useRegistrationStore((state) => state.consent);
  const busy = useRegistrationStore((state) => state.busy);
  const { setConsent, send } = useRegistrationStore.getState();
  return (
    <form
      className="panel-box"
      aria-label="Send OTP"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <AadhaarNumberField />
      <label className="consent">
        <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} /> {CONSENT_TEXT}
      </label>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send OTP'}
        </button>
      </div>
    </form>
  );
}

/** Once the OTP is sent: which number it was sent for, masked, and that consent was given. */
export function AadhaarSummary() {
  const digits = useRegistrationStore((state) => state.digits);
  return (
    <p className="step-summary" data-testid="aadhaar-summary">
      {digits.length === 12 ? (
        <>
          Aadhaar number <strong className="abha-number">{maskAadhaar(digits)}</strong>.{' '}
        </>
      ) : null}
      The patient's consent is recorded.
    </p>
  );
}
