import { useEffect, useState } from 'react';
import { groupAadhaar, maskAadhaar } from '../../../contract/aadhaar';
import { CONSENT_TEXT } from '../../../contract/registration';
import { ServiceDetail } from '../../components/ServiceDetail';
import { useRegistrationStore } from './registration-store';

function useSecondsUntil(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
}

function NumberField() {
  const digits = useRegistrationStore((state) => state.digits);
  const show = useRegistrationStore((state) => state.showNumber);
  const inlineError = useRegistrationStore((state) => state.inlineError);
  const sent = useRegistrationStore((state) => state.view?.state === 'otp-sent');
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
          disabled={sent}
          value={masked ? maskAadhaar(digits) : groupAadhaar(digits)}
          aria-invalid={inlineError ? true : undefined}
          aria-describedby={inlineError ? 'aadhaar-error' : 'aadhaar-hint'}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(event) => setDigits(event.target.value)}
          onCopy={(event) => event.preventDefault()}
          onCut={(event) => event.preventDefault()}
          className="aadhaar"
        />
        <button type="button" onClick={toggleShow} aria-pressed={show} disabled={digits.length < 12}>
          {show ? 'Hide' : 'Show'}
        </button>
      </div>
      <p className="hint" id="aadhaar-hint">
        12 digits. It is used for this request only and is not saved on this computer.
      </p>
      {inlineError ? (
        <p className="field-error" id="aadhaar-error" role="alert">
          {inlineError}
        </p>
      ) : null}
    </div>
  );
}

export function RegistrationScreen() {
  const view = useRegistrationStore((state) => state.view);
  const consent = useRegistrationStore((state) => state.consent);
  const busy = useRegistrationStore((state) => state.busy);
  const { load, setConsent, send, resend, retry, startOver } = useRegistrationStore.getState();
  const wait = useSecondsUntil(view?.resendAvailableAt ?? null);
  useEffect(() => {
    void load();
  }, [load]);
  const sent = view?.state === 'otp-sent';
  const error = useRegistrationStore((state) => state.error);
  return (
    <section className="panel registration">
      <h1>Registration</h1>
      <p className="lead">Register a patient for a national health account (ABHA): an OTP goes to the mobile number linked to their Aadhaar.</p>
      <form
        className="panel-box"
        aria-label="Send OTP"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <NumberField />
        <label className="consent">
          <input type="checkbox" checked={consent} disabled={sent} onChange={(event) => setConsent(event.target.checked)} /> {CONSENT_TEXT}
        </label>
        {!sent ? (
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send OTP'}
          </button>
        ) : null}
      </form>

      {error ? (
        <div className="banner error" role="alert" data-testid="registration-error">
          <p>{error.message}</p>
          {error.detail && !error.message.includes(error.detail) ? <ServiceDetail detail={error.detail} /> : null}
          {error.retryable ? (
            <button type="button" onClick={() => void retry()} disabled={busy}>
              Try again
            </button>
          ) : null}
        </div>
      ) : null}

      {sent ? (
        <div className="panel-box" data-testid="otp-sent">
          <p className="otp-hint" role="status">
            {view.hint ?? 'The OTP was sent to the mobile number linked to this Aadhaar.'}
          </p>
          <p className="hint">Ask the patient for the OTP. (Entering the OTP is the next step of the national registration and is not part of this version.)</p>
          <div className="resend-row">
            <button type="button" disabled={wait > 0 || view.resendsLeft === 0 || busy} onClick={() => void resend()}>
              {wait > 0 ? `Resend OTP in ${wait} s` : 'Resend OTP'}
            </button>
            <span className="hint" data-testid="resends-left">
              {view.resendsLeft === 0 ? 'No more resends for this registration.' : `${view.resendsLeft} resend${view.resendsLeft === 1 ? '' : 's'} left`}
            </span>
          </div>
        </div>
      ) : null}

      {sent || error ? (
        <button type="button" onClick={() => void startOver()}>
          Start over
        </button>
      ) : null}
    </section>
  );
}
