/**
 * What the registration fields accept after the Aadhaar number: the OTP, the patient's mobile
 * number and a new ABHA address; and how an ABHA number is shown. The page checks as the
 * receptionist types, main checks again before anything is sent. Pure.
 */

export const OTP_LENGTH = 6;

/** Wrong OTPs the app takes for one OTP before it asks for a new one. */
export const MAX_OTP_ATTEMPTS = 3;

/** Without separators: an OTP is often pasted or read out in groups ("123 456", "123-456"). */
export function normalizeOtp(raw: string): string {
  return raw.replace(/[\s.-]/g, '');
}

export function otpProblem(otp: string): string | null {
  if (otp.length === 0) return 'Enter the OTP the patient received (6 digits).';
  if (!/^\d+$/.test(otp)) return 'An OTP has digits only.';
  if (otp.length !== OTP_LENGTH) return `An OTP has 6 digits; this one has ${otp.length}.`;
  return null;
}

/** Without separators, the country code (+91, 0091) or a trunk 0 in front. */
export function normalizeMobile(raw: string): string {
  const compact = raw.replace(/[\s().-]/g, '').replace(/^\+/, '');
  if (compact.length === 12 && compact.startsWith('91')) return compact.slice(2);
  if (compact.length === 14 && compact.startsWith('0091')) return compact.slice(4);
  if (compact.length === 11 && compact.startsWith('0')) return compact.slice(1);
  return compact;
}

export function mobileProblem(mobile: string): string | null {
  if (mobile.length === 0) return "Enter the patient's mobile number (10 digits).";
  if (!/^\d+$/.test(mobile)) return 'A mobile number has digits only.';
  if (mobile.length !== 10) return `A mobile number has 10 digits; this one has ${mobile.length}.`;
  if (!/^[6-9]/.test(mobile)) return 'An Indian mobile number starts with 6, 7, 8 or 9.';
  return null;
}

/**
 * A new ABHA address is `<name>@abdm`, as in the service's examples (`shyam.eka@abdm`). The
 * name follows the national system's rule for new addresses: 8 to 18 characters, letters and
 * digits, at most one dot and one underscore, neither first nor last.
 */
export const ABHA_ADDRESS_SUFFIX = '@abdm';
export const ABHA_NAME_MIN = 8;
export const ABHA_NAME_MAX = 18;

/** The name part as typed or pasted: lower case, without the suffix. */
export function normalizeAbhaName(raw: string): string {
  const trimmed = raw.trim().toLowerCase();
  return trimmed.endsWith(ABHA_ADDRESS_SUFFIX) ? trimmed.slice(0, -ABHA_ADDRESS_SUFFIX.length) : trimmed;
}

export function abhaNameProblem(name: string): string | null {
  if (name.length === 0) return 'Choose an ABHA address (a suggestion, or type one).';
  if (/[^a-z0-9._]/.test(name)) return 'An ABHA address has letters, digits, and at most one dot (.) and one underscore (_); no spaces or other signs.';
  if (name.length < ABHA_NAME_MIN || name.length > ABHA_NAME_MAX) {
    return `An ABHA address has 8 to 18 characters before ${ABHA_ADDRESS_SUFFIX}; this one has ${name.length}.`;
  }
  if ((name.match(/\./g) ?? []).length > 1 || (name.match(/_/g) ?? []).length > 1) return 'An ABHA address has at most one dot (.) and one underscore (_).';
  if (/^[._]|[._]$/.test(name)) return 'An ABHA address cannot start or end with a dot or an underscore.';
  return null;
}

export const fullAbhaAddress = (name: string): string => `${name}${ABHA_ADDRESS_SUFFIX}`;

/** 14 digits grouped as the national format prints them: 12-3456-7890-1234; anything else as given. */
export function formatAbhaNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 14 ? `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6, 10)}-${digits.slice(10)}` : value;
}
