/**
 * Registration's OTP steps: the OTP sent to the Aadhaar-linked mobile (with the mobile to link) or
 * to the mobile given, and Resend once its wait is over.
 */
import type { OtpStatus } from '../../../contract/registration';
import { MAX_OTP_ATTEMPTS } from '../../../contract/registration-rules';
import { FieldMessage, errorId, useFocusOnError } from './FieldError';
import { useRegistrationStore } from '../../app/stores';
import { useSecondsUntil } from './use-seconds-until';
import { StepForm } from './StepForm';

function OtpField({ label, autoFocus, otp }: { label: string; autoFocus: boolean; otp: OtpStatus }) {
  const value = useRegistrationStore((state) => state.otp);
  const problem = useRegistrationStore((state) => state.fieldErrors.otp);
  const { setOtp } = useRegistrationStore.getState();
  const ref = useFocusOnError('otp');
  const left = otp.attemptsLeft;
  return (
    <div className="field">
      <label htmlFor="otp">{label}</label>
      <input
        ref={ref}
        id="otp"
        className="otp"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId('otp') : 'otp-hint'}
        onChange={(event) => setOtp(event.target.value)}
      />
      <FieldMessage
        field="otp"
        hintId="otp-hint"
        hint={`6 digits. ${left < MAX_OTP_ATTEMPTS ? `${left} ${left === 1 ? 'attempt' : 'attempts'} left for this OTP.` : 'The OTP is valid for a few minutes only.'}`}
      />
    </div>
  );
}

function MobileField() {
  const value = useRegistrationStore((state) => state.mobile);
  const problem = useRegistrationStore((state) => state.fieldErrors.mobile);
  const { setMobile } = useRegistrationStore.getState();
  const ref = useFocusOnError('mobile');
  return (
    <div className="field">
      <label htmlFor="mobile">Patient's mobile number</label>
      <input
        ref={ref}
        id="mobile"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId('mobile') : 'mobile-hint'}
        onChange={(event) => setMobile(event.target.value)}
      />
      <FieldMessage
        field="mobile"
        hintId="mobile-hint"
        hint="10 digits, starting with 6, 7, 8 or 9. The ABHA is linked to this number; it may differ from the one linked to Aadhaar (then it gets its own OTP)."
      />
    </div>
  );
}

function ResendRow({ otp }: { otp: OtpStatus }) {
  const busy = useRegistrationStore((state) => state.busy);
  const next = useRegistrationStore((state) => state.view?.next);
  const { resend } = useRegistrationStore.getState();
  const wait = useSecondsUntil(otp.resendAvailableAt);
  const needed = next === 'resend-otp';
  return (
    <div className="resend-row">
      <button type="button" className={needed && wait === 0 ? 'primary' : undefined} disabled={wait > 0 || otp.resendsLeft === 0 || busy} onClick={() => void resend()}>
        {wait > 0 ? `Resend OTP in ${wait} s` : 'Resend OTP'}
      </button>
      <span className="hint" data-testid="resends-left">
        {otp.resendsLeft === 0 ? 'No more resends for this registration.' : `${otp.resendsLeft} resend${otp.resendsLeft === 1 ? '' : 's'} left`}
      </span>
    </div>
  );
}

/** The OTP sent to the Aadhaar-linked mobile, with the mobile number the ABHA is to be linked to. */
export function AadhaarOtpStep({ otp }: { otp: OtpStatus }) {
  const { verifyOtp } = useRegistrationStore.getState();
  return (
    <StepForm label="Verify the OTP" testId="otp-sent" heading="Enter the OTP" action="Verify OTP" busyAction="Checking…" onSubmit={verifyOtp} after={<ResendRow otp={otp} />}>
      <p className="otp-hint" role="status">
        {otp.hint ?? 'The OTP was sent to the mobile number linked to this Aadhaar.'}
      </p>
      <p className="hint">Ask the patient for the OTP they received, and for the mobile number their ABHA should be linked to.</p>
      <OtpField label="OTP received by the patient" autoFocus otp={otp} />
      <MobileField />
    </StepForm>
  );
}

/** The OTP sent to the mobile number given, when it is not the Aadhaar-linked one. */
export function MobileOtpStep({ otp }: { otp: OtpStatus }) {
  const { verifyMobileOtp } = useRegistrationStore.getState();
  return (
    <StepForm
      label="Verify the mobile number"
      testId="mobile-otp"
      heading="Confirm the mobile number"
      action="Verify mobile number"
      busyAction="Checking…"
      onSubmit={verifyMobileOtp}
      after={<ResendRow otp={otp} />}
    >
      <p className="otp-hint" role="status">
        {otp.hint ?? 'An OTP was sent to the mobile number given.'}
      </p>
      <p className="hint">This number is not the one linked to the patient's Aadhaar, so it gets its own OTP. Ask the patient for it.</p>
      <OtpField label="OTP received on the new mobile number" autoFocus otp={otp} />
    </StepForm>
  );
}
