/**
 * Registration's first step: the Aadhaar number (grouped, masked once complete) and the patient's
 * consent; and, once the OTP is sent, which number it went to.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { groupAadhaar, maskAadhaar } from '../../../contract/aadhaar';
import { CONSENT_TEXT } from '../../../contract/registration';
import { FieldMessage, errorId } from './FieldError';
import { deleteAcrossSpace, digitsBefore, positionAfterDigits } from './grouped-digits';
import { useRegistrationStore } from '../../app/stores';
import { StepForm } from './StepForm';

/**
 * The Aadhaar number: grouped while typed, masked once complete and left. Correcting it must
 * work as in any field: Tab in and type (the whole number is selected, as the browser does for
 * a field reached by Tab), click in and select all, Backspace anywhere.
 */
function AadhaarNumberField() {
  const digits = useRegistrationStore((state) => state.digits);
  const show = useRegistrationStore((state) => state.showNumber);
  const problem = useRegistrationStore((state) => state.fieldErrors.aadhaarNumber);
  const focusAfterStartOver = useRegistrationStore((state) => state.focusAadhaar);
  const { setDigits, toggleShow, aadhaarFocused } = useRegistrationStore.getState();
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  /** Where the caret goes after the next render, in digits; or the whole number selected. */
  const pending = useRef<number | 'all' | null>(null);
  // A number found wrong stays readable, so that each digit can be checked.
  const masked = digits.length === 12 && !focused && !show && !problem;
  const value = masked ? maskAadhaar(digits) : groupAadhaar(digits);

  // Swapping the mask for the digits (and regrouping) replaces the text, which loses the
  // selection and puts the caret last; put them back where the person expects them.
  useLayoutEffect(() => {
    const element = input.current;
    const target = pending.current;
    pending.current = null;
    if (!element || target === null || document.activeElement !== element) return;
    if (target === 'all') element.select();
    else element.setSelectionRange(positionAfterDigits(value, target), positionAfterDigits(value, target));
  });

  useEffect(() => {
    if (!focusAfterStartOver) return;
    input.current?.focus();
    aadhaarFocused();
  }, [focusAfterStartOver, aadhaarFocused]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Backspace' && event.key !== 'Delete') return;
    const element = event.currentTarget;
    const edit = deleteAcrossSpace(element.value, digits, event.key, element.selectionStart ?? 0, element.selectionEnd ?? 0);
    if (!edit) return;
    event.preventDefault();
    pending.current = edit.caret;
    setDigits(edit.digits);
  };

  return (
    <div className="field">
      <label htmlFor="aadhaar-number">Patient's Aadhaar number</label>
      <div className="row">
        <input
          ref={input}
          id="aadhaar-number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId('aadhaarNumber') : 'aadhaar-hint'}
          onFocus={() => {
            if (masked) pending.current = 'all';
            setFocused(true);
          }}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const element = event.target;
            pending.current = Math.min(digitsBefore(element.value, element.selectionStart ?? element.value.length), 12);
            setDigits(element.value);
          }}
          className="aadhaar"
        />
        <button type="button" onClick={toggleShow} aria-pressed={show} disabled={digits.length < 12}>
          {show ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldMessage field="aadhaarNumber" hintId="aadhaar-hint" hint="12 digits. It is used for this request only and is not saved on this computer." />
    </div>
  );
}

/** The first step: the Aadhaar number and the patient's consent. */
export function AadhaarStep() {
  const consent = useRegistrationStore((state) => state.consent);
  const consentProblem = useRegistrationStore((state) => state.fieldErrors.consent);
  const { setConsent, send } = useRegistrationStore.getState();
  return (
    <StepForm label="Send OTP" action="Send OTP" busyAction="Sending…" onSubmit={send}>
      <AadhaarNumberField />
      <label className="consent">
        <input
          type="checkbox"
          checked={consent}
          aria-invalid={consentProblem ? true : undefined}
          aria-describedby={consentProblem ? errorId('consent') : undefined}
          onChange={(event) => setConsent(event.target.checked)}
        />{' '}
        {CONSENT_TEXT}
      </label>
      <FieldMessage field="consent" short />
    </StepForm>
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
