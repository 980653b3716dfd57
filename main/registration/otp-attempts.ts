/**
 * Wrong OTPs, counted for one OTP sent: once MAX_OTP_ATTEMPTS of them were refused, that OTP
 * is not sent for checking again. A new OTP (Resend OTP) comes with a new count.
 */
import { MAX_OTP_ATTEMPTS } from '../../contract/registration-rules';
import { refuse } from '../core/refusal';

export class OtpAttempts {
  private wrong = 0;

  constructor(private readonly allowed = MAX_OTP_ATTEMPTS) {}

  get left(): number {
    return this.allowed - this.wrong;
  }

  /** The national health system said the OTP was not correct. */
  countWrong(): void {
    this.wrong += 1;
  }

  /** Refuses another try when none is left, saying what to do: send a new OTP when `canResend`, else start over. */
  assertLeft(canResend: boolean): void {
    if (this.left > 0) return;
    const message = canResend
      ? 'No attempts are left for this OTP. Send a new OTP with "Resend OTP", then enter the new one.'
      : 'No attempts are left for this OTP, and it cannot be sent again. Start over.';
    refuse('refused', message, { otp: message });
  }
}
