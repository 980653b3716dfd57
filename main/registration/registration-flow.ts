/**
 * One registration at a time: sends the OTP for an Aadhaar number, resends it after the
 * cool-down and within the limit, and keeps only the service's txn id and hint. The
 * Aadhaar number passes through to the service and is not kept, logged or written.
 */
import { aadhaarProblem } from '../../contract/aadhaar';
import { CONSENT_TEXT, MAX_OTP_RESENDS, type RegistrationView } from '../../contract/registration';
import type { RegistrationOtp } from '../api/service-client';
import { fail } from '../ipc/app-failure';

export interface RegistrationClient {
  startRegistration(input: { aadhaarNumber: string }): Promise<RegistrationOtp>;
  resendRegistrationOtp(input: { txnId: string }): Promise<RegistrationOtp>;
}

export interface RegistrationFlowDeps {
  client: RegistrationClient;
  resendSeconds(): number;
  now?: () => number;
  /** Audit line without personal data. */
  audit?(event: string): void;
}

export class RegistrationFlow {
  private txnId: string | null = null;
  private hint: string | null = null;
  private resendsUsed = 0;
  private sentAt = 0;
  private busy = false;

  constructor(private readonly deps: RegistrationFlowDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  view(): RegistrationView {
    return {
      state: this.txnId ? 'otp-sent' : 'idle',
      hint: this.hint,
      resendAvailableAt: this.txnId ? new Date(this.sentAt + this.deps.resendSeconds() * 1000).toISOString() : null,
      resendsLeft: MAX_OTP_RESENDS - this.resendsUsed,
    };
  }

  /** Sends the OTP; a refusal (checks, the service) is thrown as a failure for the page. */
  async start(aadhaarNumber: string, consentText: string): Promise<RegistrationView> {
    const problem = aadhaarProblem(aadhaarNumber);
    if (problem) fail('invalid-input', problem, { fields: { aadhaarNumber: problem } });
    if (consentText !== CONSENT_TEXT) fail('invalid-input', "The patient's consent must be recorded before the OTP is sent.");
    if (this.busy) fail('busy', 'The OTP is being sent; wait a moment.');
    this.reset();
    this.deps.audit?.('registration: consent recorded; OTP requested');
    return this.exchange(() => this.deps.client.startRegistration({ aadhaarNumber }), false);
  }

  async resend(): Promise<RegistrationView> {
    if (!this.txnId) fail('refused', 'There is no OTP to send again. Start the registration first.');
    if (this.resendsUsed >= MAX_OTP_RESENDS) {
      fail('refused', `The OTP was already sent again ${MAX_OTP_RESENDS} times. Start over if the patient still has not received it.`);
    }
    const wait = this.sentAt + this.deps.resendSeconds() * 1000 - this.now();
    if (wait > 0) fail('busy', `The OTP can be sent again in ${Math.ceil(wait / 1000)} seconds.`);
    if (this.busy) fail('busy', 'The OTP is being sent; wait a moment.');
    const txnId = this.txnId;
    return this.exchange(() => this.deps.client.resendRegistrationOtp({ txnId }), true);
  }

  /** One call to the service; a new txn id and hint replace the old ones. */
  private async exchange(call: () => Promise<RegistrationOtp>, isResend: boolean): Promise<RegistrationView> {
    this.busy = true;
    try {
      const otp = await call();
      if (isResend) this.resendsUsed += 1;
      this.accept(otp);
      return this.view();
    } finally {
      this.busy = false;
    }
  }

  /** Start over: forget the transaction and any error. */
  reset(): RegistrationView {
    this.txnId = null;
    this.hint = null;
    this.resendsUsed = 0;
    this.sentAt = 0;
    return this.view();
  }

  private accept(otp: RegistrationOtp): void {
    this.txnId = otp.txnId;
    this.hint = otp.hint;
    this.sentAt = this.now();
  }
}
