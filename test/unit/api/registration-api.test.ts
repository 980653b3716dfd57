import { describe, expect, it } from 'vitest';
import { otpHint } from '../../../main/api/registration-api';
import { staticToken } from '../../../main/api/token-source';
import { CLIENT_KEY, KID, useSandbox } from '../../support/sandbox-fixture';
import { failure } from '../../support/failures';
import { TestClock } from '../../support/test-clock';

/** The sandbox's clock: an OTP's or a session's life passes when the test moves it. */
const env = useSandbox({}, { clockPerTest: () => new TestClock() });
const NEW_PATIENT = '234123412346';
const HAS_ABHA = '888812345679';
const HAS_ADDRESSES = '777712345678';
const OTP = '123456';

describe('registration after the OTP, against the sandbox', () => {
  it('verify → suggest → check → create-phr → card, each with the documented shapes', async () => {
    const client = env.client({ userOid: 'oid-9', partnerUserId: 'partner-7', partnerHipId: 'hip-3' });
    const started = await client.startRegistration({ aadhaarNumber: NEW_PATIENT });
    const verified = await client.verifyAadhaarOtp({ txnId: started.txnId, otp: OTP, mobile: '9876543210' });
    expect(verified).toMatchObject({
      skip_state: 'abha_create',
      txn_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      profile: { first_name: expect.any(String), last_name: expect.any(String), abha_number: expect.stringMatching(/^91-\d{4}-\d{4}-\d{4}$/), year_of_birth: expect.any(Number), gender: expect.stringMatching(/^[MF]$/) },
    });
    // The ABDM tokens in the answer are not kept (not even parsed).
    expect(verified).not.toHaveProperty('token');
    const txnId = verified.txn_id!;
    expect(txnId).not.toBe(started.txnId);

    const profile = verified.profile!;
    const suggestions = await client.suggestAbhaAddresses({ txnId, firstName: profile.first_name!, middleName: null, lastName: profile.last_name!, dateOfBirth: '1990-05-15' });
    expect(suggestions.length).toBeGreaterThan(0);
    const suggest = env.sandbox.received.find((request) => request.operation === 'registrationSuggest');
    // The names and the date of birth are sent as the interface documents, and not kept by the sandbox.
    expect(suggest?.query).toEqual({ fn: ['[masked]'], ln: ['[masked]'], dob: ['[masked]'], transactionId: [txnId] });

    expect(await client.abhaAddressExists({ abhaAddress: 'taken.address@abdm' })).toBe(true);
    expect(await client.abhaAddressExists({ abhaAddress: `${suggestions[0]}@abdm` })).toBe(false);
    const taken = await failure(client.createAbhaAddress({ txnId, abhaAddress: 'taken.address@abdm' }));
    expect(taken).toMatchObject({ kind: 'registration_failed', status: 500, sourceError: { code: 'ABDM-1101' } });

    const created = await client.createAbhaAddress({ txnId, abhaAddress: `${suggestions[0]}@abdm` });
    expect(created).toMatchObject({ skip_state: 'abha_end', profile: { abha_address: `${suggestions[0]}@abdm` }, eka: { oid: expect.stringMatching(/^sandbox-oid-/) } });
    const card = await client.abhaCard({ oid: created.eka!.oid! });
    expect(card.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(card.readUInt32BE(16)).toBe(640);
    expect(await failure(client.abhaCard({ oid: 'nobody' }))).toMatchObject({ sourceError: { code: 'ABDM-1110' } });

    for (const request of env.sandbox.received) {
      expect(request.headers).toMatchObject({ 'x-pt-id': 'oid-9', 'x-partner-pt-id': 'partner-7', 'x-hip-id': 'hip-3' });
    }
    const kept = JSON.stringify(env.sandbox.received);
    for (const secret of [NEW_PATIENT, OTP, '9876543210', profile.first_name!, profile.abha_number!, profile.abha_number!.replace(/-/g, ''), suggestions[0]!]) {
      expect(kept).not.toContain(secret);
    }
  });

  it('the mobile OTP (verify and resend) and the choice among existing addresses', async () => {
    const client = env.client();
    const started = await client.startRegistration({ aadhaarNumber: HAS_ADDRESSES });
    const confirm = await client.verifyAadhaarOtp({ txnId: started.txnId, otp: OTP, mobile: '7012345678' });
    expect(confirm).toMatchObject({ skip_state: 'confirm_mobile_otp', hint: 'OTP sent to the mobile number ******5678' });
    const resent = await client.resendMobileOtp({ txnId: confirm.txn_id! });
    expect(resent.hint).toMatch(/sent again/);
    expect(await failure(client.verifyMobileOtp({ txnId: resent.txnId, otp: '000000' }))).toMatchObject({ status: 400, sourceError: { code: 'ABDM-1035' } });
    const select = await client.verifyMobileOtp({ txnId: resent.txnId, otp: OTP });
    expect(select).toMatchObject({ skip_state: 'abha_select', abha_profiles: [{ kyc_verified: 'true' }, { kyc_verified: 'true' }] });
    const existing = select.abha_profiles![1]!.abha_address!;
    const chosen = await client.createAbhaAddress({ txnId: select.txn_id!, abhaAddress: existing });
    expect(chosen).toMatchObject({ skip_state: 'abha_end', profile: { abha_address: existing } });
    // A txn id that was answered with a newer one no longer works.
    expect(await failure(client.verifyMobileOtp({ txnId: resent.txnId, otp: OTP }))).toMatchObject({ sourceError: { code: 'MIS-1026' } });
    expect(env.sandbox.received.find((request) => request.operation === 'registrationVerify')?.json).toMatchObject({ otp: 'XXXXXX', mobile: 'XXXXXX5678' });
  });

  it('a patient with an ABHA ends at once, with the Eka ids', async () => {
    const client = env.client();
    const started = await client.startRegistration({ aadhaarNumber: HAS_ABHA });
    expect(await client.verifyAadhaarOtp({ txnId: started.txnId, otp: OTP, mobile: '9876543210' })).toMatchObject({
      skip_state: 'abha_end',
      eka: { oid: expect.any(String) },
      abha_profiles: [{ abha_address: expect.stringMatching(/@abdm$/) }],
      profile: { abha_addresses: [expect.stringMatching(/@abdm$/)] },
    });
  });

  it('answers every documented refusal in the documented shape', async () => {
    const client = env.client();
    const { txnId } = await client.startRegistration({ aadhaarNumber: NEW_PATIENT });
    expect(await failure(client.verifyAadhaarOtp({ txnId, otp: OTP, mobile: '512345678' }))).toMatchObject({ status: 400, sourceError: { code: 'ABDM-1014' } });
    expect(await failure(client.verifyAadhaarOtp({ txnId, otp: OTP, mobile: '6000012345' }))).toMatchObject({ status: 400, sourceError: { code: 'EKA-1002' } });
    for (let i = 0; i < 3; i += 1) {
      expect(await failure(client.verifyAadhaarOtp({ txnId, otp: '999999', mobile: '9876543210' }))).toMatchObject({ status: 400, sourceError: { code: 'ABDM-1035' } });
    }
    // The fourth try is refused whatever the OTP.
    expect(await failure(client.verifyAadhaarOtp({ txnId, otp: OTP, mobile: '9876543210' }))).toMatchObject({ status: 500, sourceError: { code: 'ABDM-1100' } });
    expect(await failure(client.startRegistration({ aadhaarNumber: '999812345679' }))).toMatchObject({ sourceError: { code: 'ABDM-1027' } });
    expect(await failure(client.verifyAadhaarOtp({ txnId: 'unknown', otp: OTP, mobile: '9876543210' }))).toMatchObject({ status: 500, sourceError: { code: 'MIS-1026' } });
    expect(await failure(client.suggestAbhaAddresses({ txnId: 'unknown', firstName: 'a', middleName: null, lastName: null, dateOfBirth: null }))).toMatchObject({ sourceError: { code: 'MIS-1026' } });

    env.sandbox.setFaults({ otpLifetimeSeconds: 1 });
    const fresh = await client.startRegistration({ aadhaarNumber: NEW_PATIENT });
    env.clock.advance(1_001);
    expect(await failure(client.verifyAadhaarOtp({ txnId: fresh.txnId, otp: OTP, mobile: '9876543210' }))).toMatchObject({ sourceError: { code: 'MIS-1026' } });
    // The OTP expired, not the registration: a new OTP can be sent.
    expect((await client.resendRegistrationOtp({ txnId: fresh.txnId })).hint).toMatch(/sent again/);

    expect(await failure(env.client({ auth: staticToken('old') }).verifyAadhaarOtp({ txnId, otp: OTP, mobile: '9876543210' }))).toMatchObject({ kind: 'unauthorized' });
    env.sandbox.setFaults({ failNext: 1 });
    expect(await failure(client.abhaAddressExists({ abhaAddress: 'someone.new@abdm' }))).toMatchObject({ kind: 'server_error', status: 503 });
    env.sandbox.setFaults({ malformedNext: 1 });
    expect(await failure(client.abhaAddressExists({ abhaAddress: 'someone.new@abdm' }))).toMatchObject({ kind: 'malformed_response' });
  });

  it('encrypts every JSON step and decrypts every answer when JWE is configured', async () => {
    const client = env.client({ jwe: { clientKey: CLIENT_KEY, kid: KID } });
    const started = await client.startRegistration({ aadhaarNumber: HAS_ADDRESSES });
    const confirm = await client.verifyAadhaarOtp({ txnId: started.txnId, otp: OTP, mobile: '7012345678' });
    const resent = await client.resendMobileOtp({ txnId: confirm.txn_id! });
    const select = await client.verifyMobileOtp({ txnId: resent.txnId, otp: OTP });
    expect(await client.abhaAddressExists({ abhaAddress: 'taken.address@abdm' })).toBe(true);
    expect(await failure(client.verifyMobileOtp({ txnId: select.txn_id!, otp: OTP }))).toMatchObject({ sourceError: { code: 'MIS-1026' } });
    const done = await client.createAbhaAddress({ txnId: select.txn_id!, abhaAddress: select.abha_profiles![0]!.abha_address! });
    expect(done.skip_state).toBe('abha_end');
    expect(env.sandbox.received.map((request) => [request.operation, request.encrypted, request.status])).toEqual([
      ['registrationInit', true, 200],
      ['registrationVerify', true, 200],
      ['registrationMobileResend', true, 200],
      ['registrationMobileVerify', true, 200],
      ['registrationAddressCheck', true, 200],
      ['registrationMobileVerify', true, 500],
      ['registrationCreateAddress', true, 200],
    ]);
    env.sandbox.setFaults({ plainAnswers: true });
    expect(await failure(client.abhaAddressExists({ abhaAddress: 'taken.address@abdm' }))).toMatchObject({ kind: 'encryption' });
  });
});

describe('otpHint', () => {
  it('says a masked number by its last four digits, however the service masks it', () => {
    expect(otpHint('OTP sent successfully to your mobile number ******57537')).toBe("OTP sent successfully to the patient's mobile number ending in 7537");
    expect(otpHint('OTP sent to the mobile number ******5678')).toBe('OTP sent to the mobile number ending in 5678');
    expect(otpHint('OTP sent to xxxxxx1234.')).toBe('OTP sent to the number ending in 1234.');
    expect(otpHint('OTP sent again')).toBe('OTP sent again');
  });
});
