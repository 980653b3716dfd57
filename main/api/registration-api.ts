/**
 * The health-account registration operations, under `/<registry_prefix>/na/v1/registration/`:
 * the Aadhaar OTP (init, resend, verify), the mobile OTP (verify, resend), ABHA addresses
 * (suggest, check, create-phr), and the ABHA card (`/<registry_prefix>/v1/profile/asset/card`).
 * Every JSON request goes through the caller's JWE; every answer is checked.
 */
import type { z } from 'zod';
import { imageKindOf } from '../../contract/document-kind';
import {
  abhaAddressExistsSchema,
  abhaStepSchema,
  abhaSuggestionsSchema,
  registrationErrorSchema,
  registrationSchema,
  type AbhaStepAnswer,
  type SKIP_STATES,
} from './response-schemas';
import { check, commonFailure, unexpected, type Answer, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { serviceCode, serviceText, serviceWords } from './service-text';
import { parseRetryAfter } from './retry-policy';

export const REGISTRY_PREFIX = 'abdm';
const REGISTRATION = `/${REGISTRY_PREFIX}/na/v1/registration`;

/** The card is an image; anything larger is not one the service meant to send. */
const MAX_CARD_BYTES = 8 * 1024 * 1024;

export interface RegistrationOtp {
  /** The service's hint, e.g. "OTP sent successfully to your mobile number ******90973". */
  hint: string | null;
  txnId: string;
}

/** What `aadhaar/verify`, `aadhaar/mobile/verify` and `aadhaar/create-phr` answer. */
export type AbhaStep = AbhaStepAnswer;
export type SkipState = (typeof SKIP_STATES)[number];

const createStepSchema = abhaStepSchema.extend({ skip_state: abhaStepSchema.shape.skip_state.default('abha_end') });

interface Call {
  signal?: AbortSignal;
}

/** POST aadhaar/init. */
export function startRegistration(caller: ServiceCaller, input: { aadhaarNumber: string } & Call): Promise<RegistrationOtp> {
  return otpCall(caller, 'aadhaar/init', { aadhaar_number: input.aadhaarNumber }, input.signal);
}

/** POST aadhaar/resend. */
export function resendRegistrationOtp(caller: ServiceCaller, input: { txnId: string } & Call): Promise<RegistrationOtp> {
  return otpCall(caller, 'aadhaar/resend', { txn_id: input.txnId }, input.signal);
}

/** POST aadhaar/verify: the Aadhaar OTP and the mobile number the ABHA is to be linked to. */
export function verifyAadhaarOtp(caller: ServiceCaller, input: { txnId: string; otp: string; mobile: string } & Call): Promise<AbhaStep> {
  return postChecked(caller, 'aadhaar/verify', { txn_id: input.txnId, otp: input.otp, mobile: input.mobile }, abhaStepSchema, 'OTP verification answer', input.signal);
}

/** POST aadhaar/mobile/verify: the OTP sent to a mobile number other than the Aadhaar-linked one. */
export function verifyMobileOtp(caller: ServiceCaller, input: { txnId: string; otp: string } & Call): Promise<AbhaStep> {
  return postChecked(caller, 'aadhaar/mobile/verify', { txn_id: input.txnId, otp: input.otp }, abhaStepSchema, 'mobile OTP verification answer', input.signal);
}

/** POST aadhaar/mobile/resend. */
export function resendMobileOtp(caller: ServiceCaller, input: { txnId: string } & Call): Promise<RegistrationOtp> {
  return otpCall(caller, 'aadhaar/mobile/resend', { txn_id: input.txnId }, input.signal);
}

/** POST aadhaar/create-phr: links the ABHA address (new, or one of the patient's) to the ABHA number. */
export function createAbhaAddress(caller: ServiceCaller, input: { txnId: string; abhaAddress: string } & Call): Promise<AbhaStep> {
  return postChecked(caller, 'aadhaar/create-phr', { txn_id: input.txnId, abha_address: input.abhaAddress }, createStepSchema, 'ABHA address answer', input.signal);
}

/** POST phr/check: true when the address is already someone's. */
export async function abhaAddressExists(caller: ServiceCaller, input: { abhaAddress: string } & Call): Promise<boolean> {
  const body = await postChecked(caller, 'phr/check', { abha_address: input.abhaAddress }, abhaAddressExistsSchema, 'ABHA address check', input.signal);
  return body.exists;
}

export interface SuggestionRequest extends Call {
  txnId: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
}

/** GET suggest?fn&mn&ln&dob&transactionId: free addresses made from the patient's details. */
export async function suggestAbhaAddresses(caller: ServiceCaller, input: SuggestionRequest): Promise<string[]> {
  const query: Array<[string, string]> = [];
  if (input.firstName) query.push(['fn', input.firstName]);
  if (input.middleName) query.push(['mn', input.middleName]);
  if (input.lastName) query.push(['ln', input.lastName]);
  if (input.dateOfBirth) query.push(['dob', input.dateOfBirth]);
  query.push(['transactionId', input.txnId]);
  const answer = await caller.call({ method: 'GET', path: `${REGISTRATION}/suggest`, query, signal: input.signal });
  if (answer.status !== 200) throw registrationFailure(answer);
  return check(abhaSuggestionsSchema, answer.json, 'ABHA address suggestions').suggestions ?? [];
}

/** GET /<registry>/v1/profile/asset/card?oid: the ABHA card as a PNG. */
export async function abhaCard(caller: ServiceCaller, input: { oid: string } & Call): Promise<Buffer> {
  const answer = await caller.call({ method: 'GET', path: `/${REGISTRY_PREFIX}/v1/profile/asset/card`, query: [['oid', input.oid]], headers: { accept: 'image/png' }, signal: input.signal });
  if (answer.status !== 200) throw registrationFailure(answer);
  if (answer.bytes.length > MAX_CARD_BYTES || imageKindOf(answer.bytes) !== 'png') {
    throw new ServiceError('malformed_response', 'The service sent an ABHA card that is not a PNG image.', { status: 200 });
  }
  return answer.bytes;
}

/**
 * The service's hint with its masked number said plainly: "******57537" (as many stars and
 * digits as it likes) becomes "ending in 7537", the last four digits a mobile number shows;
 * and said to the doctor or receptionist reading it, not to the patient: "your mobile number"
 * is the patient's.
 */
export function otpHint(text: string): string {
  return text.replace(/[*xX•]{2,}\s?(\d{3,})/g, (_masked, digits: string, at: number) =>
    `${/number\s$/i.test(text.slice(0, at)) ? '' : 'the number '}ending in ${digits.slice(-4)}`,
  ).replace(/\byour (mobile|phone)\b/gi, "the patient's $1");
}

async function otpCall(caller: ServiceCaller, step: string, payload: unknown, signal?: AbortSignal): Promise<RegistrationOtp> {
  const body = await postChecked(caller, step, payload, registrationSchema, 'registration answer', signal);
  return { hint: body.hint ? otpHint(serviceText(body.hint)) : null, txnId: body.txn_id };
}

async function postChecked<T>(caller: ServiceCaller, step: string, payload: unknown, schema: z.ZodType<T>, what: string, signal?: AbortSignal): Promise<T> {
  const answer = await caller.call({ method: 'POST', path: `${REGISTRATION}/${step}`, ...(await caller.jsonBody(payload)), signal });
  if (answer.status !== 200) throw registrationFailure(answer);
  return check(schema, answer.json, what);
}

/** A refusal in the documented shape `{code, error, source_error{code, message}}`, or a common failure. */
function registrationFailure(answer: Answer): ServiceError {
  if (answer.status === 401) return commonFailure(answer)!;
  const parsed = registrationErrorSchema.safeParse(answer.json);
  if (!parsed.success) return commonFailure(answer) ?? unexpected(answer);
  const { error, source_error: source, code } = parsed.data;
  const said = serviceWords(error);
  const upstream = serviceWords(source?.message);
  const sourceCode = serviceCode(source?.code);
  const because = upstream.text ? ` The national health system said: "${upstream.text}"${sourceCode ? ` (${sourceCode})` : ''}.` : '';
  return new ServiceError('registration_failed', `${said.text.replace(/\.?$/, '.')}${because}`, {
    status: answer.status,
    code: serviceCode(code),
    sourceError: source,
    detail: upstream.detail ?? said.detail,
    retryAfterMs: parseRetryAfter(answer.headers['retry-after'], answer.receivedAt),
  });
}
