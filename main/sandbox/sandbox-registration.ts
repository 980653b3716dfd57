/**
 * The sandbox's health-account registration, under the same rules as the service: the Aadhaar
 * OTP (init, resend, verify with the mobile number), the mobile OTP (verify, resend), ABHA
 * addresses (suggest, check, create-phr) and the ABHA card. Which path a registration takes is
 * chosen by patterns (sandbox-people.ts). It keeps no Aadhaar number (a hash stands for it),
 * and what it records of a request has no Aadhaar number (last four digits), OTP, mobile number
 * (last four digits), name, date of birth or ABHA address.
 */
import type { Clock } from '../core/clock';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { aadhaarProblem } from '../../contract/aadhaar';
import { abhaNameProblem, fullAbhaAddress, mobileProblem, normalizeAbhaName } from '../../contract/registration-rules';
import {
  SANDBOX_OTP,
  aadhaarCase,
  addressTakenByPattern,
  cardOf,
  fullNameOf,
  mobileClaimed,
  needsMobileOtp,
  personOf,
  profileOf,
  seedOf,
  type AadhaarCase,
} from './sandbox-people';
import { type RouteContext, type SandboxArea, type SandboxRoute } from './sandbox-routes';
import { jsonBadRequest, type Reply } from './sandbox-reply';

const MAX_RESENDS = 3;
const MAX_WRONG_OTPS = 3;
const REGISTRATION = '/abdm/na/v1/registration';
const UNAUTHORIZED: Reply = { status: 401, json: { code: 401, error: 'Unauthorized', source_error: { code: '', message: '' } } };
const TOO_MANY =
  'You have requested multiple OTPs Or Exceeded maximum number of attempts for OTP match in this transaction. Please try again in 30 minutes.';

function registrationError(status: number, error: string, sourceCode: string, sourceMessage: string): Reply {
  return { status, json: { code: status, error, source_error: { code: sourceCode, message: sourceMessage } } };
}

const errors = {
  validation: (what: string) => registrationError(400, 'Validation failed', 'ABDM-1010', what),
  noTransaction: () => registrationError(500, 'Transaction not found for UUID.', 'MIS-1026', 'Transaction is not found for UUID.'),
  tooMany: (status = 500) => registrationError(status, status === 429 ? 'Too many requests' : 'Something went wrong', 'ABDM-1100', TOO_MANY),
  wrongOtp: () => registrationError(400, "OTP doesn't match", 'ABDM-1035', 'OTP does not matched'),
};

/** What the sandbox records of a registration request: nothing that names or identifies the patient. */
function masked(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null) return payload;
  const copy: Record<string, unknown> = { ...payload };
  const tail = (value: unknown) => String(value).slice(-4);
  if ('aadhaar_number' in copy) copy.aadhaar_number = `XXXXXXXX${tail(copy.aadhaar_number)}`;
  if ('mobile' in copy) copy.mobile = `XXXXXX${tail(copy.mobile)}`;
  if ('otp' in copy) copy.otp = 'XXXXXX';
  if ('abha_address' in copy) copy.abha_address = String(copy.abha_address).includes('@') ? `[address]@${String(copy.abha_address).split('@').pop()}` : '[address]';
  return copy;
}

type Stage = 'aadhaar-otp' | 'mobile-otp' | 'address' | 'done';

interface Registration {
  /** Stands for the Aadhaar number, which is not kept. */
  seed: string;
  kind: AadhaarCase;
  stage: Stage;
  otpSentAt: number;
  resends: number;
  wrongOtps: number;
}

export class SandboxRegistration implements SandboxArea {
  private readonly registrations = new Map<string, Registration>();
  /** Finished ABHAs by OID, for their card: the person's seed and the address in use. */
  private readonly accounts = new Map<string, { seed: string; kind: AadhaarCase; address: string }>();
  /** Addresses made in this sandbox, beside those the "taken" pattern names. */
  private readonly taken = new Set<string>();

  readonly routes: SandboxRoute[] = [
    this.post('registrationInit', 'aadhaar/init', (_context, payload) => this.init(payload)),
    this.post('registrationResend', 'aadhaar/resend', (_context, payload) => this.resend(payload, 'aadhaar-otp')),
    this.post('registrationVerify', 'aadhaar/verify', (context, payload) => this.verify(context, payload)),
    this.post('registrationMobileVerify', 'aadhaar/mobile/verify', (context, payload) => this.verifyMobile(context, payload)),
    this.post('registrationMobileResend', 'aadhaar/mobile/resend', (_context, payload) => this.resend(payload, 'mobile-otp')),
    this.post('registrationAddressCheck', 'phr/check', (_context, payload) => this.check(payload)),
    this.post('registrationCreateAddress', 'aadhaar/create-phr', (_context, payload) => this.create(payload)),
    { operation: 'registrationSuggest', method: 'GET', path: `${REGISTRATION}/suggest`, unauthorized: UNAUTHORIZED, badRequest: jsonBadRequest, handle: (context) => this.suggest(context) },
    { operation: 'registrationCard', method: 'GET', path: '/abdm/v1/profile/asset/card', unauthorized: UNAUTHORIZED, badRequest: jsonBadRequest, handle: (context) => this.card(context) },
  ];

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  reset(): void {
    this.registrations.clear();
    this.accounts.clear();
    this.taken.clear();
  }

  private post(operation: string, path: string, handle: (context: RouteContext, payload: unknown) => Reply): SandboxRoute {
    return {
      operation,
      method: 'POST',
      path: `${REGISTRATION}/${path}`,
      unauthorized: UNAUTHORIZED,
      badRequest: jsonBadRequest,
      handle: async (context) => {
        const { payload, encryptWith } = await context.readJson();
        context.record.json = masked(payload);
        return { ...handle(context, payload), encryptWith };
      },
    };
  }

  /** Moves a registration to a new txn id, as the service answers each step with the id for the next. */
  private renew(txnId: string, registration: Registration, changes: Partial<Registration> = {}): string {
    this.registrations.delete(txnId);
    const next = randomUUID();
    this.registrations.set(next, { ...registration, ...changes });
    return next;
  }

  private init(payload: unknown): Reply {
    const body = z.object({ aadhaar_number: z.string() }).safeParse(payload);
    const number = body.success ? body.data.aadhaar_number : '';
    if (!body.success || aadhaarProblem(number)) return errors.validation('Invalid Aadhaar number.');
    const kind = aadhaarCase(number);
    if (kind === 'too-many-otps') return errors.tooMany();
    if (kind === 'blocked') {
      return registrationError(500, 'You are blocked. Please try again after 24 hours.', 'ABDM-1027', 'You are blocked. Please try again after 24 hours.');
    }
    const seed = seedOf(number);
    const txnId = randomUUID();
    this.registrations.set(txnId, { seed, kind, stage: 'aadhaar-otp', otpSentAt: this.clock.now(), resends: 0, wrongOtps: 0 });
    return { status: 200, json: { hint: `OTP sent successfully to your mobile number ******${personOf(seed, kind).mobileTail}`, txn_id: txnId } };
  }

  private resend(payload: unknown, stage: 'aadhaar-otp' | 'mobile-otp'): Reply {
    const body = z.object({ txn_id: z.string() }).safeParse(payload);
    const registration = body.success ? this.registrations.get(body.data.txn_id) : undefined;
    if (!body.success || !registration || registration.stage !== stage) return errors.noTransaction();
    if (registration.resends >= MAX_RESENDS) return errors.tooMany(429);
    const txnId = this.renew(body.data.txn_id, registration, { resends: registration.resends + 1, otpSentAt: this.clock.now(), wrongOtps: 0 });
    const hint =
      stage === 'aadhaar-otp' ? `OTP sent again to your mobile number ******${personOf(registration.seed, registration.kind).mobileTail}` : 'OTP sent again to the mobile number to be linked';
    return { status: 200, json: { hint, txn_id: txnId } };
  }

  /** An OTP's answer when it is not the right one in time, or null when it is. */
  private otpRefusal(registration: Registration, otp: string, faults: RouteContext['faults']): Reply | null {
    if (this.clock.now() - registration.otpSentAt > faults.otpLifetimeSeconds * 1000) return errors.noTransaction();
    if (registration.wrongOtps >= MAX_WRONG_OTPS) return errors.tooMany();
    if (otp !== SANDBOX_OTP) {
      registration.wrongOtps += 1;
      return errors.wrongOtp();
    }
    return null;
  }

  private verify({ faults }: RouteContext, payload: unknown): Reply {
    const body = z.object({ txn_id: z.string(), otp: z.string(), mobile: z.string() }).safeParse(payload);
    if (!body.success) return errors.validation('txn_id, otp and mobile are required.');
    const registration = this.registrations.get(body.data.txn_id);
    if (!registration || registration.stage !== 'aadhaar-otp') return errors.noTransaction();
    const { mobile } = body.data;
    if (mobileProblem(mobile)) return registrationError(400, 'Invalid Mobile Email', 'ABDM-1014', 'Invalid Mobile Email');
    const refusal = this.otpRefusal(registration, body.data.otp, faults);
    if (refusal) return refusal;
    if (mobileClaimed(mobile)) {
      return registrationError(400, 'This mobile number has already been claimed by another account.', 'EKA-1002', `Mobile number ${mobile} has already been claimed by another account.`);
    }
    const person = personOf(registration.seed, registration.kind);
    if (needsMobileOtp(mobile)) {
      const txnId = this.renew(body.data.txn_id, registration, { stage: 'mobile-otp', otpSentAt: this.clock.now(), resends: 0, wrongOtps: 0 });
      return {
        status: 200,
        json: { skip_state: 'confirm_mobile_otp', txn_id: txnId, hint: `OTP sent to the mobile number ******${mobile.slice(-4)}`, profile: profileOf(person, null) },
      };
    }
    return this.verified(body.data.txn_id, registration);
  }

  private verifyMobile({ faults }: RouteContext, payload: unknown): Reply {
    const body = z.object({ txn_id: z.string(), otp: z.string() }).safeParse(payload);
    if (!body.success) return errors.validation('txn_id and otp are required.');
    const registration = this.registrations.get(body.data.txn_id);
    if (!registration || registration.stage !== 'mobile-otp') return errors.noTransaction();
    return this.otpRefusal(registration, body.data.otp, faults) ?? this.verified(body.data.txn_id, registration);
  }

  /** After the OTPs: the patient's ABHA (`abha_end`), their addresses (`abha_select`), or a new address (`abha_create`). */
  private verified(txnId: string, registration: Registration): Reply {
    const person = personOf(registration.seed, registration.kind);
    const accounts = person.existingAddresses.map((address) => ({ abha_address: address, name: fullNameOf(person), kyc_verified: 'true' }));
    if (registration.kind === 'has-abha') {
      const address = person.existingAddresses[0]!;
      const next = this.renew(txnId, registration, { stage: 'done' });
      this.accounts.set(person.oid, { seed: registration.seed, kind: registration.kind, address });
      return { status: 200, json: { skip_state: 'abha_end', txn_id: next, profile: profileOf(person, address), abha_profiles: accounts, eka: this.ekaIds(person.oid) } };
    }
    const next = this.renew(txnId, registration, { stage: 'address' });
    const skipState = registration.kind === 'has-addresses' ? 'abha_select' : 'abha_create';
    return { status: 200, json: { skip_state: skipState, txn_id: next, profile: profileOf(person, null), abha_profiles: accounts } };
  }

  private ekaIds(oid: string) {
    return { oid, uuid: randomUUID(), min_token: `sandbox-min-${randomUUID()}` };
  }

  private isTaken(address: string): boolean {
    return this.taken.has(address) || addressTakenByPattern(normalizeAbhaName(address));
  }

  private check(payload: unknown): Reply {
    const body = z.object({ abha_address: z.string() }).safeParse(payload);
    if (!body.success) return errors.validation('abha_address is required.');
    return { status: 200, json: { exists: this.isTaken(fullAbhaAddress(normalizeAbhaName(body.data.abha_address))) } };
  }

  private create(payload: unknown): Reply {
    const body = z.object({ txn_id: z.string(), abha_address: z.string() }).safeParse(payload);
    if (!body.success) return errors.validation('txn_id and abha_address are required.');
    const registration = this.registrations.get(body.data.txn_id);
    if (!registration || registration.stage !== 'address') return errors.noTransaction();
    const person = personOf(registration.seed, registration.kind);
    const address = fullAbhaAddress(normalizeAbhaName(body.data.abha_address));
    if (!person.existingAddresses.includes(address)) {
      if (abhaNameProblem(normalizeAbhaName(address))) return errors.validation('Invalid ABHA address.');
      if (this.isTaken(address)) {
        return registrationError(500, 'Something went wrong', 'ABDM-1101', 'This ABHA Address already exists. Please create with unique ABHA Address');
      }
      this.taken.add(address);
    }
    const next = this.renew(body.data.txn_id, registration, { stage: 'done' });
    this.accounts.set(person.oid, { seed: registration.seed, kind: registration.kind, address });
    return { status: 200, json: { skip_state: 'abha_end', txn_id: next, profile: profileOf(person, address), eka: this.ekaIds(person.oid) } };
  }

  /** Free addresses made from the names and date of birth given (which are not recorded). */
  private suggest({ url, record }: RouteContext): Reply {
    const query = (name: string) => url.searchParams.get(name)?.trim().toLowerCase().replace(/[^a-z0-9]/g, '') ?? '';
    record.query = Object.fromEntries(Object.entries(record.query).map(([name, values]) => [name, name === 'transactionId' ? values : values.map(() => '[masked]')]));
    const registration = this.registrations.get(url.searchParams.get('transactionId') ?? '');
    if (!registration || registration.stage !== 'address') return errors.noTransaction();
    const [first, last] = [query('fn'), query('ln')];
    const [year, month, day] = (url.searchParams.get('dob') ?? '').split('-');
    const candidates = [`${first}.${last}${year ?? ''}`, `${first}${last}${day ?? ''}${month ?? ''}`, `${last}_${first}${(year ?? '').slice(2)}`, `${first}_${last}`];
    const suggestions = candidates
      .map((name) => name.slice(0, 18))
      .filter((name) => first !== '' && abhaNameProblem(name) === null && !this.isTaken(fullAbhaAddress(name)));
    return { status: 200, json: { suggestions: [...new Set(suggestions)] } };
  }

  private card({ url }: RouteContext): Reply {
    const account = this.accounts.get(url.searchParams.get('oid') ?? '');
    if (!account) return registrationError(500, 'ABHA User not found.', 'ABDM-1110', 'ABHA User not found.');
    return { status: 200, bytes: cardOf(personOf(account.seed, account.kind), account.address), contentType: 'image/png' };
  }
}
