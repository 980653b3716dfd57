/** The health-account registration operations, under `/<registry_prefix>/na/v1/registration/`. */
import { registrationErrorSchema, registrationSchema } from './response-schemas';
import { check, commonFailure, unexpected, type ServiceCaller } from './service-call';
import { ServiceError } from './service-error';
import { parseRetryAfter } from './retry-policy';

export const REGISTRY_PREFIX = 'abdm';

export interface RegistrationOtp {
/** The service's hint, e.g. "OTP sent successfully to your mobile number ******90973". */
hint: string | null;
txnId: string;
}

/** POST /<registry>/na/v1/registration/aadhaar/init. */
export function startRegistration(caller: ServiceCaller, input: { aadhaarNumber: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
  return registrationCall(caller, 'init', { aadhaar_number: input.aadhaarNumber }, input.signal);
}

/** POST /<registry>/na/v1/registration/aadhaar/resend. */
export function resendRegistrationOtp(caller: ServiceCaller, input: { txnId: string; signal?: AbortSignal }): Promise<RegistrationOtp> {
  return registrationCall(caller, 'resend', { txn_id: input.txnId }, input.signal);
}

async function registrationCall(caller: ServiceCaller, step: 'init' | 'resend', payload: unknown, signal?: AbortSignal): Promise<RegistrationOtp> {
  const answer = await caller.call({
    method: 'POST',
    path: `/${REGISTRY_PREFIX}/na/v1/registration/aadhaar/${step}`,
    ...(await caller.jsonBody(payload)),
    signal,
  });
  if (answer.status === 200) {
    const body = check(registrationSchema, answer.json, 'registration answer');
    return { hint: body.hint ?? null, txnId: body.txn_id };
  }
  const parsed = registrationErrorSchema.safeParse(answer.json);
  if (answer.status === 401) throw commonFailure(answer)!;
  if (!parsed.success) throw commonFailure(answer) ?? unexpected(answer);
  const { error, source_error: source, code } = parsed.data;
  const upstream = source && source.message ? ` The national health system said: "${source.message}"${source.code ? ` (${source.code})` : ''}.` : '';
  throw new ServiceError('registration_failed', `${error.replace(/\.?$/, '.')}${upstream}`, {
    status: answer.status,
    code: String(code),
    sourceError: source,
    retryAfterMs: parseRetryAfter(answer.headers['retry-after']),
  });
}
