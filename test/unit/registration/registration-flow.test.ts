import { describe, expect, it } from 'vitest';
import { CONSENT_TEXT, MAX_OTP_RESENDS } from '../../../contract/registration';
import type { ServiceClient } from '../../../main/api/service-client';
import { ServiceError } from '../../../main/api/service-error';
import { RegistrationFlow, type RegistrationClient } from '../../../main/registration/registration-flow';
import { SANDBOX_AADHAAR, SANDBOX_MOBILE, SANDBOX_OTP } from '../../../main/sandbox/sandbox-people';
import { staticToken } from '../../../main/api/token-source';
import { useClockedSandbox } from '../../support/clocked-sandbox';
import { asThePageSees } from '../../support/failures';
import { systemClock } from '../../../main/core/clock';

/** The service's clock (OTP lives) is the sandbox's; the flow's own clock (`flow().clock`, resend cool-downs) is separate, as the app's is. */
const env = useClockedSandbox();
const { new: NEW_PATIENT, 'has-abha': HAS_ABHA, 'has-addresses': HAS_ADDRESSES } = SANDBOX_AADHAAR;
const { linked: MOBILE, other: OTHER_MOBILE } = SANDBOX_MOBILE;
const OTP = SANDBOX_OTP;

function flow(options: { client?: (client: ServiceClient) => RegistrationClient; sendsToSandbox?: () => boolean } = {}) {
  const clock = { now: 0 };
  const client = env.client();
  const audit: string[] = [];
  const registration = new RegistrationFlow({
    client: options.client?.(client) ?? client,
    resendSeconds: () => 60,
    clock: { now: () => clock.now },
    audit: (line) => audit.push(line),
    sendsToSandbox: options.sendsToSandbox,
  });
  return { clock, audit, client, registration };
}

const operations = () => env.sandbox.received.map((request) => request.operation);

describe('RegistrationFlow: sending the Aadhaar OTP', () => {
  it('sends the OTP, allows a resend after the cool-down, keeps the newest txn id, and stops at the limit', async () => {
    const { registration, clock, audit } = flow();
    const started = await registration.start(NEW_PATIENT, CONSENT_TEXT);
    expect(started).toMatchObject({ step: 'aadhaar-otp', otp: { hint: expect.stringMatching(/ending in \d{4}$/), resendsLeft: MAX_OTP_RESENDS, attemptsLeft: 3 } });
    expect(started.otp?.resendAvailableAt).toBe(new Date(60_000).toISOString());

    expect(await asThePageSees(registration.resend())).toMatchObject({ ok: false, error: { kind: 'busy', message: 'The OTP can be sent again in 60 seconds.' } });
    clock.now = 60_000;
    for (let i = 1; i <= MAX_OTP_RESENDS; i += 1) {
      expect(await registration.resend()).toMatchObject({ otp: { resendsLeft: MAX_OTP_RESENDS - i } });
      clock.now += 60_000;
    }
    expect(await asThePageSees(registration.resend())).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already sent again 3 times/) } });
    const resends = env.sandbox.received.filter((request) => request.operation === 'registrationResend');
    expect(resends).toHaveLength(3);
    // Each resend used the txn id the previous answer returned.
    expect(new Set(resends.map((request) => (request.json as { txn_id: string }).txn_id)).size).toBe(3);
    expect(audit.join('\n')).not.toContain(NEW_PATIENT);
  });

  it('refuses a wrong number or missing consent without a request, and says what to do about upstream refusals', async () => {
    const { registration } = flow();
    expect(await asThePageSees(registration.start('234123412345', CONSENT_TEXT))).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: expect.stringMatching(/check digit/), fields: { aadhaarNumber: expect.stringMatching(/check digit/) } },
    });
    expect(await asThePageSees(registration.start(NEW_PATIENT, 'ok'))).toMatchObject({ ok: false, error: { message: expect.stringMatching(/consent/) } });
    expect(env.sandbox.received).toEqual([]);
    expect(await asThePageSees(registration.start(SANDBOX_AADHAAR['too-many-otps'], CONSENT_TEXT))).toMatchObject({
      ok: false,
      error: { kind: 'busy', retryable: false, message: expect.stringMatching(/wait 30 minutes/), detail: expect.stringMatching(/multiple OTPs.*\(ABDM-1100\)$/) },
    });
    expect(registration.view()).toMatchObject({ step: 'aadhaar', next: 'wait' });
    expect(await asThePageSees(registration.start(SANDBOX_AADHAAR.blocked, CONSENT_TEXT))).toMatchObject({ ok: false, error: { kind: 'refused', message: expect.stringMatching(/blocked/) } });
    expect(registration.view().next).toBe('start-over');
    expect(registration.reset()).toMatchObject({ step: 'aadhaar', otp: null, next: null });
  });

  it('marks a network failure as retryable', async () => {
    const registration = new RegistrationFlow({ client: env.client({ baseUrl: 'http://127.0.0.1:9', auth: staticToken('t') }), resendSeconds: () => 60, clock: systemClock });
    expect(await asThePageSees(registration.start(NEW_PATIENT, CONSENT_TEXT))).toMatchObject({
      ok: false,
      error: { kind: 'offline', retryable: true, message: expect.stringMatching(/cannot be reached/) },
    });
    expect(registration.view().next).toBe('try-again');
  });
});

describe('RegistrationFlow: from the OTP to the ABHA', () => {
  it('a new patient (abha_create): wrong OTPs are counted, a new OTP resets them, a taken address is refused, a free one gives the ABHA and its card', async () => {
    const { registration, clock, audit } = flow();
    await registration.start(NEW_PATIENT, CONSENT_TEXT);
    expect(await asThePageSees(registration.verifyOtp('12345', '5123456789'))).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', fields: { otp: 'An OTP has 6 digits; this one has 5.', mobile: 'An Indian mobile number starts with 6, 7, 8 or 9.' } },
    });
    expect(operations()).toEqual(['registrationInit']);

    for (const left of [2, 1]) {
      expect(await asThePageSees(registration.verifyOtp('111111', MOBILE))).toMatchObject({
        ok: false,
        error: { kind: 'invalid-input', message: `The OTP is not correct. Check it with the patient and type it again (${left} ${left === 1 ? 'attempt' : 'attempts'} left).` },
      });
      expect(registration.view()).toMatchObject({ step: 'aadhaar-otp', next: 'retype-otp', otp: { attemptsLeft: left } });
    }
    expect(await asThePageSees(registration.verifyOtp('222222', MOBILE))).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no attempts are left.*Resend OTP/) } });
    expect(registration.view()).toMatchObject({ next: 'resend-otp', otp: { attemptsLeft: 0 } });
    // No fourth try is sent: a new OTP is needed.
    expect(await asThePageSees(registration.verifyOtp(OTP, MOBILE))).toMatchObject({ ok: false, error: { kind: 'refused', fields: { otp: expect.stringMatching(/No attempts are left/) } } });
    expect(operations().filter((operation) => operation === 'registrationVerify')).toHaveLength(3);
    clock.now = 60_000;
    expect(await registration.resend()).toMatchObject({ otp: { attemptsLeft: 3, resendsLeft: 2 }, next: null });

    const choosing = await registration.verifyOtp('123 456', '+91 98765 43210');
    expect(choosing).toMatchObject({
      step: 'create-address',
      otp: null,
      profile: { name: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+ \(test patient\)$/), abhaNumber: expect.stringMatching(/^91-\d{4}-\d{4}-\d{4}$/), abhaAddress: null, kycVerified: true },
      next: null,
    });
    expect(choosing.profile?.photo).toMatch(/^data:image\/png;base64,/);
    expect(choosing.suggestions.length).toBeGreaterThan(0);
    for (const name of choosing.suggestions) expect(name).toMatch(/^[a-z0-9._]{8,18}$/);

    expect(await registration.checkAddress('taken.address')).toEqual({ address: 'taken.address@abdm', available: false });
    expect(await registration.checkAddress(`${choosing.suggestions[0]}@abdm`)).toEqual({ address: `${choosing.suggestions[0]}@abdm`, available: true });
    expect(await asThePageSees(registration.checkAddress('no'))).toMatchObject({ ok: false, error: { fields: { address: expect.stringMatching(/8 to 18 characters/) } } });
    expect(await asThePageSees(registration.createAddress('taken.address'))).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', fields: { address: 'This ABHA address is already taken. Choose another one.' }, detail: expect.stringMatching(/\(ABDM-1101\)$/) },
    });
    expect(registration.view()).toMatchObject({ step: 'create-address', next: 'fix-address' });

    const done = await registration.createAddress(choosing.suggestions[0]!);
    expect(done).toMatchObject({ step: 'done', outcome: 'created', profile: { abhaAddress: `${choosing.suggestions[0]}@abdm`, abhaNumber: choosing.profile?.abhaNumber }, next: null });
    expect(done.card).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(registration.card().subarray(1, 4).toString()).toBe('PNG');
    expect(registration.copyable('abhaNumber')).toBe(choosing.profile?.abhaNumber);
    expect(registration.copyable('abhaAddress')).toBe(`${choosing.suggestions[0]}@abdm`);
    // The address just made is now taken.
    expect(await env.client().abhaAddressExists({ abhaAddress: `${choosing.suggestions[0]}@abdm` })).toBe(true);

    const said = audit.join('\n');
    for (const secret of [NEW_PATIENT, OTP, MOBILE, choosing.profile!.name.split(' ')[0]!, choosing.profile!.abhaNumber!, choosing.suggestions[0]!]) expect(said).not.toContain(secret);
    expect(registration.reset()).toMatchObject({ step: 'aadhaar', profile: null, card: null });
    expect(await asThePageSees(Promise.resolve().then(() => registration.card()))).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it("is test data when started with the built-in sandbox, until Start over; the sandbox's patient says so by name", async () => {
    let sandbox = true;
    const { registration } = flow({ sendsToSandbox: () => sandbox });
    expect(registration.view().testData).toBe(false);
    expect(await registration.start(HAS_ABHA, CONSENT_TEXT)).toMatchObject({ testData: true });
    sandbox = false;
    const done = await registration.verifyOtp(OTP, MOBILE);
    expect(done).toMatchObject({ step: 'done', testData: true, profile: { name: expect.stringMatching(/ \(test patient\)$/) } });
    expect(done.accounts.every((account) => account.name?.endsWith('(test patient)'))).toBe(true);
    expect(registration.testData()).toBe(true);
    expect(registration.reset().testData).toBe(false);
    expect(await registration.start(HAS_ABHA, CONSENT_TEXT)).toMatchObject({ testData: false });
    expect(flow().registration.view().testData).toBe(false);
  });

  it('a patient with an ABHA (abha_end): the profile and the accounts found, and the card', async () => {
    const { registration } = flow();
    await registration.start(HAS_ABHA, CONSENT_TEXT);
    const done = await registration.verifyOtp(OTP, MOBILE);
    expect(done).toMatchObject({
      step: 'done',
      outcome: 'found',
      profile: { abhaAddress: expect.stringMatching(/@abdm$/), abhaNumber: expect.stringMatching(/^91-/) },
      accounts: [{ abhaAddress: expect.stringMatching(/@abdm$/), kycVerified: true }],
      card: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(operations()).toEqual(['registrationInit', 'registrationVerify', 'registrationCard']);
  });

  it('another mobile number (confirm_mobile_otp) under the same resend rules, then one of the patient’s addresses (abha_select)', async () => {
    const { registration, clock } = flow();
    await registration.start(HAS_ADDRESSES, CONSENT_TEXT);
    clock.now = 30_000;
    const mobileStep = await registration.verifyOtp(OTP, OTHER_MOBILE);
    expect(mobileStep).toMatchObject({ step: 'mobile-otp', otp: { hint: 'OTP sent to the mobile number ending in 5678', resendsLeft: 3, attemptsLeft: 3 }, profile: { name: expect.any(String) } });
    // Its cool-down starts when the mobile OTP was sent.
    expect(mobileStep.otp?.resendAvailableAt).toBe(new Date(90_000).toISOString());
    expect(await asThePageSees(registration.resend())).toMatchObject({ ok: false, error: { kind: 'busy', message: 'The OTP can be sent again in 60 seconds.' } });
    for (let i = 1; i <= MAX_OTP_RESENDS; i += 1) {
      clock.now += 60_000;
      expect(await registration.resend()).toMatchObject({ step: 'mobile-otp', otp: { resendsLeft: MAX_OTP_RESENDS - i } });
    }
    clock.now += 60_000;
    expect(await asThePageSees(registration.resend())).toMatchObject({ ok: false, error: { kind: 'refused' } });
    expect(await asThePageSees(registration.verifyMobileOtp('000000'))).toMatchObject({ ok: false, error: { fields: { otp: expect.stringMatching(/2 attempts left/) } } });

    const choosing = await registration.verifyMobileOtp('123-456');
    expect(choosing).toMatchObject({ step: 'choose-address', addressChoices: [expect.stringMatching(/@abdm$/), expect.stringMatching(/@abdm$/)], accounts: [{}, {}] });
    expect(await asThePageSees(registration.chooseAddress('someone.else@abdm'))).toMatchObject({ ok: false, error: { kind: 'invalid-input', fields: { address: expect.any(String) } } });
    const done = await registration.chooseAddress(choosing.addressChoices[1]!);
    expect(done).toMatchObject({ step: 'done', outcome: 'chosen', profile: { abhaAddress: choosing.addressChoices[1] } });
    expect(operations()).toEqual([
      'registrationInit',
      'registrationVerify',
      'registrationMobileResend',
      'registrationMobileResend',
      'registrationMobileResend',
      'registrationMobileVerify',
      'registrationMobileVerify',
      'registrationCreateAddress',
      'registrationCard',
    ]);
  });

  it('an expired OTP asks for a new one; a mobile number linked elsewhere asks for another, and the OTP still works', async () => {
    const { registration, clock } = flow();
    await registration.start(NEW_PATIENT, CONSENT_TEXT);
    expect(await asThePageSees(registration.verifyOtp(OTP, SANDBOX_MOBILE.claimed))).toMatchObject({
      ok: false,
      error: { fields: { mobile: expect.stringMatching(/already linked to another account/) }, detail: expect.stringMatching(/\(EKA-1002\)$/) },
    });
    expect(registration.view()).toMatchObject({ next: 'fix-mobile', otp: { attemptsLeft: 3 } });

    env.sandbox.setFaults({ otpLifetimeSeconds: 1 });
    env.clock.advance(1_001);
    expect(await asThePageSees(registration.verifyOtp(OTP, MOBILE))).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', fields: { otp: 'This OTP has expired. Send a new OTP with "Resend OTP", then enter the new one.' } },
    });
    expect(registration.view().next).toBe('resend-otp');
    env.sandbox.setFaults({ otpLifetimeSeconds: 600 });
    clock.now = 60_000;
    await registration.resend();
    expect(await registration.verifyOtp(OTP, MOBILE)).toMatchObject({ step: 'create-address' });
  });

  it('sets aside an answer that arrives after Start over, and forgets everything', async () => {
    const { registration } = flow();
    await registration.start(HAS_ABHA, CONSENT_TEXT);
    // The service holds its answer back until the test moves its clock.
    env.sandbox.setFaults({ latencyMs: 300 });
    const late = asThePageSees(registration.verifyOtp(OTP, MOBILE));
    await expect.poll(operations).toContain('registrationVerify');
    expect(registration.reset()).toMatchObject({ step: 'aadhaar', profile: null });
    env.clock.advance(300);
    expect(await late).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(registration.view()).toMatchObject({ step: 'aadhaar', profile: null, card: null, otp: null });
  });

  it('a transaction the national system no longer knows offers Start over, not Try again; an address that exists asks for another', async () => {
    const refused = (code: string, message: string) => () =>
      Promise.reject(new ServiceError('registration_failed', 'Refused.', { status: 500, code: '500', sourceError: { code, message } }));
    const failing = (client: ServiceClient): RegistrationClient =>
      Object.assign(Object.create(client) as ServiceClient, {
        verifyMobileOtp: refused('ABDM-1052', "Invalid TransactionId or response's requestId"),
        createAbhaAddress: refused('ABDM-1053', 'Data already exists'),
      });
    const { registration } = flow({ client: failing });
    await registration.start(NEW_PATIENT, CONSENT_TEXT);
    await registration.verifyOtp(OTP, MOBILE);
    expect(await asThePageSees(registration.createAddress('front.desk_2024'))).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', retryable: false, fields: { address: 'This ABHA address already exists. Choose another one.' }, detail: expect.stringMatching(/\(ABDM-1053\)$/) },
    });
    expect(registration.view()).toMatchObject({ step: 'create-address', next: 'fix-address' });

    registration.reset();
    await registration.start(HAS_ADDRESSES, CONSENT_TEXT);
    await registration.verifyOtp(OTP, OTHER_MOBILE);
    expect(await asThePageSees(registration.verifyMobileOtp(OTP))).toMatchObject({
      ok: false,
      error: { kind: 'refused', retryable: false, message: expect.stringMatching(/no longer knows this registration\. Start over/) },
    });
    // Not a wrong OTP: no attempt is counted.
    expect(registration.view()).toMatchObject({ step: 'mobile-otp', next: 'start-over', otp: { attemptsLeft: 3 } });
  });

  it('finishes without a card when the service gives none, and without suggestions when it has none', async () => {
    const failing = (client: ServiceClient): RegistrationClient =>
      Object.assign(Object.create(client) as ServiceClient, {
        abhaCard: () => Promise.reject(new ServiceError('server_error', 'The service had a problem (HTTP 503).', { status: 503 })),
        suggestAbhaAddresses: () => Promise.reject(new ServiceError('network', 'The service cannot be reached.')),
      });
    const { registration } = flow({ client: failing });
    await registration.start(NEW_PATIENT, CONSENT_TEXT);
    expect(await registration.verifyOtp(OTP, MOBILE)).toMatchObject({ step: 'create-address', suggestions: [] });
    expect(await registration.createAddress('front.desk_2024')).toMatchObject({ step: 'done', card: null, profile: { abhaAddress: 'front.desk_2024@abdm' } });
    expect(await asThePageSees(Promise.resolve().then(() => registration.card()))).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });
});
