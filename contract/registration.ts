/** Health-account registration as the renderer sees it. The Aadhaar number is never part of it. */

export const CONSENT_TEXT =
  'The patient agrees to use their Aadhaar number to create a national health account (ABHA), and to receive a one-time password (OTP) on the mobile number linked to their Aadhaar.';

/** How many times an OTP may be sent again for one registration. */
export const MAX_OTP_RESENDS = 3;

export interface RegistrationView {
  state: 'idle' | 'otp-sent';
  /** The service's words, e.g. "OTP sent successfully to your mobile number ******90973". */
  hint: string | null;
  /** When Resend becomes available (ISO 8601). */
  resendAvailableAt: string | null;
  resendsLeft: number;
}
