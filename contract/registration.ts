/**
 * Health-account (ABHA) registration as the renderer sees it. The Aadhaar number and the OTPs
 * are never part of it; the patient's profile is, while the registration lasts, because the
 * screen must show it.
 */

export const CONSENT_TEXT =
  'The patient agrees to use their Aadhaar number to create a national health account (ABHA), and to receive a one-time password (OTP) on the mobile number linked to their Aadhaar.';

/** How many times an OTP may be sent again (each OTP of a registration: Aadhaar, then mobile). */
export const MAX_OTP_RESENDS = 3;

/**
 * Where the registration is:
 * - `aadhaar`: nothing sent yet;
 * - `aadhaar-otp`: the OTP went to the Aadhaar-linked mobile; the page asks for it and for the
 *   mobile number to link the ABHA to;
 * - `mobile-otp`: that mobile number differs from the Aadhaar-linked one and got its own OTP;
 * - `choose-address`: the patient already has ABHA addresses; one is chosen;
 * - `create-address`: a new ABHA address is chosen (suggestions, availability as typed);
 * - `done`: the patient's ABHA (name, number, address, card when the service gives one).
 */
export const REGISTRATION_STEPS = ['aadhaar', 'aadhaar-otp', 'mobile-otp', 'choose-address', 'create-address', 'done'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/**
 * What the page offers after the last failure:
 * - `retype-otp`: the OTP was wrong; attempts are left;
 * - `resend-otp`: the OTP expired or no attempts are left; a new one must be sent;
 * - `fix-mobile`, `fix-address`: that field must change;
 * - `wait`: the national system asks to wait (too many OTPs), then start over;
 * - `start-over`: this registration cannot go on;
 * - `try-again`: the same request may work in a moment.
 */
export type RegistrationNext = 'retype-otp' | 'resend-otp' | 'fix-mobile' | 'fix-address' | 'wait' | 'start-over' | 'try-again';

/** The fields a registration error can point at (`AppError.fields`). */
export type RegistrationField = 'aadhaarNumber' | 'consent' | 'otp' | 'mobile' | 'address';

export interface OtpStatus {
  /** The service's words, e.g. "OTP sent successfully to your mobile number ******90973". */
  hint: string | null;
  /** When Resend becomes available (ISO 8601). */
  resendAvailableAt: string;
  resendsLeft: number;
  /** Wrong OTPs still taken for this OTP. */
  attemptsLeft: number;
}

export interface AbhaProfile {
  name: string;
  /** Grouped as 12-3456-7890-1234; null until the national system gave one. */
  abhaNumber: string | null;
  abhaAddress: string | null;
  /** "15 May 1990", or as much of it as is known ("May 1990", "1990"). */
  dateOfBirth: string | null;
  /** The same as YYYY-MM-DD, YYYY-MM or YYYY (what is known), for the patient's age. */
  birthDate: string | null;
  gender: 'Female' | 'Male' | 'Other' | null;
  /** The postal address, as the national system has it. */
  address: string | null;
  /** `data:image/...;base64,...`, or null. */
  photo: string | null;
  kycVerified: boolean | null;
}

/** An ABHA address the national system found for this patient. */
export interface AbhaAccount {
  abhaAddress: string;
  name: string | null;
  kycVerified: boolean | null;
}

export interface RegistrationView {
  step: RegistrationStep;
  /** In the OTP steps. */
  otp: OtpStatus | null;
  /** From the verified Aadhaar OTP on. */
  profile: AbhaProfile | null;
  /** ABHA addresses the patient already has (what the service listed). */
  accounts: AbhaAccount[];
  /** In `choose-address`: the addresses to choose from. */
  addressChoices: string[];
  /** In `create-address`: available addresses the service suggests, without the suffix. */
  suggestions: string[];
  /** In `done`: the patient had an ABHA already, one of theirs was chosen, or a new address was made. */
  outcome: 'found' | 'chosen' | 'created' | null;
  /** In `done`: the ABHA card as a PNG data URL, when the service provides it. */
  card: string | null;
  /** After a failure, what to offer; null otherwise. */
  next: RegistrationNext | null;
  /** Started with the built-in sandbox: the patient, the ABHA and the card are test data. */
  testData: boolean;
}

export interface AbhaAddressCheck {
  /** The full address checked, e.g. `ravi.kumar90@abdm`. */
  address: string;
  available: boolean;
}

/** What the receptionist may copy, by its button only. */
export const COPYABLE = ['abhaNumber', 'abhaAddress'] as const;
export type Copyable = (typeof COPYABLE)[number];
