/**
 * One registration at a time: sends the OTP for an Aadhaar number, resends it after the
 * cool-down and within the limit, and keeps only the service's txn id and hint. The
 * Aadhaar number passes through to the service and is not kept, logged or written.
 */
import { CONSENT_TEXT, MAX_OTP_RESENDS, type RegistrationError, type RegistrationView } from '../../contract/registration';
import { aadhaarProblem } from '../../contract/aadhaar';
import type { RegistrationOtp } from '../api/service-client';
import { isServiceError } from '../api/service-error';

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

function describe(error: unknown): RegistrationError {
  if (!isServiceError(error)) return { message: `The request could not be made: ${(error as Error).message}`, upstream: null, retryable: false };
  const upstream = error.sourceError && error.sourceError.message ? error.sourceError : null;
  const serverTrouble = error.kind === 'registration_failed' && (error.status ?? 0) >= 500;
  return { message: error.message, upstream, retryable: error.retryable || serverTrouble };
}

export type RegistrationAnswer = { ok: true; view: RegistrationView } | { ok: false; view: RegistrationView };

export class RegistrationFlow {
  private txnId: string | null = null;
  private hint: string | null = null;
  private resendsUsed = 0;
  private sentAt = 0;
  private error: RegistrationError | null = null;
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
      error: this.error,
    };
  }

  private answer(ok: boolean): RegistrationAnswer {
    return { ok, view: this.view() } as RegistrationAnswer;
  }

  async start(aadhaarNumber: string, consentText: string): Promise<RegistrationAnswer> {
    const problem = aadhaarProblem(aadhaarNumber);
    if (problem) {
      this.error = { message: problem, upstream: null, retryable: false };
      return this.answer(false);
    }
    if (consentText !== CONSENT_TEXT) {
      this.error = { message: "The patient's consent must be recorded before the OTP is sent.", upstream: null, retryable: false };
      return this.answer(false);
    }
    if (this.busy) return this.answer(false);
    this.reset();
    this.deps.audit?.('registration: consent recorded; OTP requested');
    return this.exchange(() => this.deps.client.startRegistration({ aadhaarNumber }), false);
  }

  async resend(): Promise<RegistrationAnswer> {
    if (!this.txnId) {
      this.error = { message: 'There is no OTP to send again. Start the registration first.', upstream: null, retryable: false };
      return this.answer(false);
    }
    if (this.resendsUsed >= MAX_OTP_RESENDS) {
      this.error = { message: `The OTP was already sent again ${MAX_OTP_RESENDS} times. Start over if the patient still has not received it.`, upstream: null, retryable: false };
      return this.answer(false);
    }
    const wait = this.sentAt + this.deps.resendSeconds() * 1000 - this.now();
    if (wait > 0) {
      this.error = { message: `The OTP can be sent again in ${Math.ceil(wait / 1000)} seconds.`, upstream: null, retryable: false };
      return this.answer(false);
    }
    if (this.busy) return this.answer(false);
    const txnId = this.txnId;
    return this.exchange(() => this.deps.client.resendRegistrationOtp({ txnId }), true);
  }

  /** One call to the service; a new txn id and hint replace the old ones. */
  private async exchange(call: () => Promise<RegistrationOtp>, isResend: boolean): Promise<RegistrationAnswer> {
    this.busy = true;
    try {
      const otp = await call();
      if (isResend) this.resendsUsed += 1;
      this.accept(otp);
      return this.answer(true);
    } catch (error) {
      this.error = describe(error);
      return this.answer(false);
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
    this.error = null;
    return this.view();
  }

  private accept(otp: RegistrationOtp): void {
    this.txnId = otp.txnId;
    this.hint = otp.hint;
    this.sentAt = this.now();
    this.error = null;
  }
}
