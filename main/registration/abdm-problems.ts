/**
 * What a refusal of the national health system (ABDM-xxxx, MIS-xxxx, EKA-xxxx in
 * `source_error.code`) means at the step where it happened: a message that says what to do,
 * the field it concerns and the action the page offers next, worded for what is left of the
 * OTP being typed. Codes not listed here keep the service's own words. Pure.
 */
import type { RegistrationField, RegistrationNext } from '../../contract/registration';
import type { ServiceError } from '../api/service-error';
import { Refusal, type RefusalKind } from '../core/refusal';

export type RegistrationCall = 'start' | 'resend' | 'verify-otp' | 'verify-mobile-otp' | 'check-address' | 'create-address' | 'choose-address';

export interface RegistrationProblem {
  kind: RefusalKind;
  message: string;
  next: RegistrationNext | null;
  field?: RegistrationField;
  retryable: boolean;
  /** The OTP did not match: one attempt fewer (`forOtp` words the message once it is counted). */
  wrongOtp?: true;
}

/** The code itself: some answers add a separator or spaces ("ABDM-1001: "). */
export function upstreamCode(error: ServiceError): string | null {
  const code = error.sourceError?.code.trim().replace(/[\s:;,.-]+$/, '').toUpperCase();
  return code ? code : null;
}

const SERVER_SIDE = new Set([
  'ABDM-1000', 'ABDM-1002', 'ABDM-1003', 'ABDM-1005', 'ABDM-1007', 'ABDM-1011', 'ABDM-1015', 'ABDM-1016', 'ABDM-1019', 'ABDM-1020',
  'ABDM-1021', 'ABDM-1024', 'ABDM-1029', 'ABDM-1034', 'ABDM-1045', 'ABDM-1048', 'ABDM-1108', 'ABDM-1109', 'ABDM-1200', 'ABDM-1201',
  'ABDM-1202', 'ABDM-1205', 'ABDM-9999',
]);
const CLINIC_ACCOUNT = new Set(['ABDM-1023', 'ABDM-1025', 'ABDM-1030', 'ABDM-1031', 'ABDM-1032']);

const isOtpCall = (call: RegistrationCall) => call === 'verify-otp' || call === 'verify-mobile-otp';
const isAddressCall = (call: RegistrationCall) => call === 'check-address' || call === 'create-address' || call === 'choose-address';

const refusal = (message: string, next: RegistrationNext | null, field?: RegistrationField): RegistrationProblem => ({
  kind: field ? 'invalid-input' : 'refused',
  message,
  next,
  retryable: false,
  ...(field ? { field } : {}),
});

const later = (message: string): RegistrationProblem => ({ kind: 'service', message, next: 'try-again', retryable: true });

/** "Please try again in 30 minutes." → "30 minutes". */
function waitTime(upstream: string): string {
  const match = /(\d+)\s*(minute|hour)s?/i.exec(upstream);
  if (!match) return '30 minutes';
  const unit = match[2]!.toLowerCase();
  return `${match[1]} ${unit}${match[1] === '1' ? '' : 's'}`;
}

const START_OVER_EXPIRED = 'This registration has expired at the national health system. Start over to send a new OTP.';
const START_OVER_UNKNOWN = 'The national health system no longer knows this registration. Start over to send a new OTP.';
const AADHAAR_NOT_FOUND = "The national health system found no details for this Aadhaar number. Check the number on the patient's Aadhaar card, then send the OTP again.";

/** The meaning of a registration refusal, or null when its code is not one this flow knows. */
export function registrationProblem(error: ServiceError, call: RegistrationCall): RegistrationProblem | null {
  if (error.kind !== 'registration_failed') return null;
  const code = upstreamCode(error);
  if (!code) return null;
  const upstream = error.sourceError?.message ?? '';
  if (SERVER_SIDE.has(code)) return later('The national health system had a problem on its side. Nothing was lost: try again in a few minutes.');
  if (CLINIC_ACCOUNT.has(code)) {
    return { kind: 'configuration', message: "The national health system refused this clinic's account details. Check the user OID, partner user id and partner HIP id in Settings, or ask your IT provider.", next: null, retryable: false };
  }
  switch (code) {
    case 'MIS-1013':
    case 'ABDM-1035':
      // ABDM-1035 is also "Invalid HIP ID" (a 500): the words tell the two apart.
      if (isOtpCall(call) && (code === 'MIS-1013' || (error.status ?? 0) < 500 || /otp/i.test(upstream))) {
        return { kind: 'invalid-input', message: 'The OTP is not correct.', next: 'retype-otp', field: 'otp', retryable: false, wrongOtp: true };
      }
      return { kind: 'configuration', message: "The national health system did not accept this clinic's HIP id. Check the partner HIP id in Settings.", next: null, retryable: false };
    case 'MIS-1026':
    case 'ABDM-1017':
      if (isOtpCall(call)) return refusal('This OTP has expired. Send a new OTP with "Resend OTP", then enter the new one.', 'resend-otp', 'otp');
      return refusal(START_OVER_EXPIRED, 'start-over');
    case 'ABDM-1100':
      return {
        kind: 'busy',
        message: `Too many OTPs were requested, or too many wrong OTPs entered, for this patient. The national health system asks to wait ${waitTime(upstream)} before trying again; then start over.`,
        next: 'wait',
        retryable: false,
      };
    case 'ABDM-1022':
      return later('The national health system is receiving too many requests. Wait a minute, then try again.');
    case 'ABDM-1027':
      return refusal(
        "The national health system has blocked this patient's account for 24 hours after too many attempts. Nothing more can be done today: ask the patient to come back after 24 hours.",
        'start-over',
      );
    case 'ABDM-1004':
    case 'ABDM-1008':
      return later('The national health system cannot send text messages (SMS) just now. Try again in a few minutes.');
    case 'ABDM-1101':
      return refusal('This ABHA address is already taken. Choose another one.', 'fix-address', 'address');
    case 'ABDM-1043':
      return refusal("This ABHA address does not match the patient's Aadhaar details. Choose another one.", 'fix-address', 'address');
    case 'ABDM-1051':
    case 'ABDM-1012':
      if (isAddressCall(call)) return refusal('The national health system did not accept this ABHA address. Choose another one.', 'fix-address', 'address');
      return refusal('The national health system did not recognise this ABHA. Start over.', 'start-over');
    case 'ABDM-1014':
    case 'ABDM-1111':
      return refusal('The national health system did not accept this mobile number. Check it with the patient and enter it again.', 'fix-mobile', 'mobile');
    case 'EKA-1002':
      return refusal('This mobile number is already linked to another account. Enter another mobile number of the patient.', 'fix-mobile', 'mobile');
    case 'EKA-1001':
      return refusal(
        "This patient's account is already linked to another mobile number (named below). Enter that mobile number, or start over.",
        'fix-mobile',
        'mobile',
      );
    case 'ABDM-1102':
      if (call === 'verify-mobile-otp') return refusal('The mobile number is not verified yet. Enter the OTP sent to it.', 'retype-otp', 'otp');
      return refusal('The mobile number is not verified yet. Start over and enter the OTP sent to it.', 'start-over');
    case 'ABDM-1112':
      return refusal("The national health system found no details for this Aadhaar number. Check the number on the patient's Aadhaar card, then start over.", 'start-over');
    case 'ABDM-1110':
    case 'ABDM-1013':
      return refusal('The national health system did not find this ABHA. Start over.', 'start-over');
    case 'ABDM-1006':
    case 'ABDM-1010':
      if (call === 'start') return refusal("The national health system did not accept this Aadhaar number. Check it on the patient's Aadhaar card.", null, 'aadhaarNumber');
      if (isAddressCall(call)) return refusal('The national health system did not accept this ABHA address. Choose another one.', 'fix-address', 'address');
      if (isOtpCall(call)) return refusal('The national health system did not accept the details sent. Check the OTP and the mobile number, then try again.', null);
      return refusal('The national health system did not accept the request. Start over.', 'start-over');
    case 'ABDM-1052':
      // Its transaction is gone: the same request cannot succeed again.
      return refusal(START_OVER_UNKNOWN, 'start-over');
    case 'ABDM-1053':
      if (isAddressCall(call)) return refusal('This ABHA address already exists. Choose another one.', 'fix-address', 'address');
      return refusal('The national health system already has these details from an earlier request, so this registration cannot go on. Start over.', 'start-over');
    case 'ABDM-1001':
      if (call === 'start') return refusal(AADHAAR_NOT_FOUND, null, 'aadhaarNumber');
      // Whether an address is free is asked again when it is created.
      if (call === 'check-address') return null;
      return refusal(START_OVER_UNKNOWN, 'start-over');
    case 'ABDM-1036':
      if (call === 'start') return refusal("The national health system could not match this Aadhaar number. Check it on the patient's Aadhaar card.", null, 'aadhaarNumber');
      if (call === 'verify-otp') return refusal('The details sent do not match what the national health system has. Check the OTP and the mobile number with the patient, then enter them again.', null);
      if (call === 'verify-mobile-otp') return refusal('The OTP does not match what the national health system has. Check it with the patient and enter it again.', null);
      if (isAddressCall(call)) return refusal("This ABHA address does not match the patient's details. Choose another one.", 'fix-address', 'address');
      return refusal(START_OVER_UNKNOWN, 'start-over');
    case 'ABDM-1064':
      // The national system took it for a repeat of an earlier request; sent again, it is a new one.
      return later('The national health system set this request aside as a repeat of an earlier one. Try again.');
    default:
      return null;
  }
}

/** What is left of the OTP a refusal concerns, counting the refusal itself. */
export interface OtpStanding {
  attemptsLeft: number;
  resendsLeft: number;
}

/**
 * The problem worded for the OTP being typed: a wrong one says how many attempts are left, or
 * what to do when none is; an expired one that cannot be sent again means starting over.
 * `otp`: null when no OTP is being typed.
 */
export function forOtp(problem: RegistrationProblem, otp: OtpStanding | null): RegistrationProblem {
  const resendsLeft = otp?.resendsLeft ?? 0;
  if (problem.wrongOtp && otp) {
    const left = otp.attemptsLeft;
    if (left > 0) {
      return { ...problem, message: `The OTP is not correct. Check it with the patient and type it again (${left} ${left === 1 ? 'attempt' : 'attempts'} left).` };
    }
    if (resendsLeft > 0) {
      return { ...problem, message: 'The OTP is not correct, and no attempts are left for this OTP. Send a new OTP with "Resend OTP", then enter the new one.', next: 'resend-otp' };
    }
    return { ...problem, message: 'The OTP is not correct, and no attempts are left. Start over to send a new OTP.', next: 'start-over' };
  }
  if (problem.next === 'resend-otp' && resendsLeft === 0) {
    return { ...problem, message: 'This OTP has expired, and it cannot be sent again. Start over to send a new OTP.', next: 'start-over' };
  }
  return problem;
}

/** The problem as the error the page gets: its words (also on its field) instead of the service's, which stay as the detail. */
export function problemRefusal(problem: RegistrationProblem, cause: ServiceError): Refusal {
  return new Refusal(problem.kind, problem.message, {
    retryable: problem.retryable,
    cause,
    ...(problem.field ? { fields: { [problem.field]: problem.message } } : {}),
  });
}
