import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { registrationProblem, upstreamCode, type RegistrationCall } from '../../../main/registration/abdm-problems';

const refusal = (code: string, message = '', status = 400) =>
  new ServiceError('registration_failed', 'Refused.', { status, code: String(status), sourceError: { code, message } });

const meaning = (code: string, call: RegistrationCall, message?: string, status?: number) => registrationProblem(refusal(code, message, status), call);

describe('ABDM codes at each step of the registration', () => {
  it('reads the code however the service punctuates it', () => {
    expect(upstreamCode(refusal('ABDM-1001: '))).toBe('ABDM-1001');
    expect(upstreamCode(refusal(' abdm-1100'))).toBe('ABDM-1100');
    expect(upstreamCode(refusal(''))).toBeNull();
  });

  it('a wrong OTP: type it again (the flow counts the attempts)', () => {
    for (const code of ['ABDM-1035', 'MIS-1013']) {
      expect(meaning(code, 'verify-otp')).toMatchObject({ kind: 'invalid-input', field: 'otp', next: 'retype-otp', wrongOtp: true, retryable: false });
      expect(meaning(code, 'verify-mobile-otp')).toMatchObject({ field: 'otp', wrongOtp: true });
    }
    // ABDM-1035 is also "Invalid HIP ID", a 500: the clinic's settings, not the OTP.
    expect(meaning('ABDM-1035', 'verify-otp', 'Invalid HIP ID', 500)).toMatchObject({ kind: 'configuration', message: expect.stringMatching(/partner HIP id in Settings/) });
    expect(meaning('ABDM-1035', 'verify-otp', 'OTP does not matched', 500)).toMatchObject({ wrongOtp: true });
  });

  it('an expired OTP: send a new one; an expired registration elsewhere: start over', () => {
    for (const code of ['MIS-1026', 'ABDM-1017']) {
      expect(meaning(code, 'verify-otp', '', 500)).toMatchObject({ field: 'otp', next: 'resend-otp', message: expect.stringMatching(/expired.*Resend OTP/) });
      expect(meaning(code, 'resend', '', 500)).toMatchObject({ next: 'start-over', message: expect.stringMatching(/expired.*Start over/) });
      expect(meaning(code, 'create-address', '', 500)).toMatchObject({ next: 'start-over' });
    }
  });

  it('too many OTPs: wait as long as the national system says, then start over', () => {
    expect(meaning('ABDM-1100', 'start', 'You have requested multiple OTPs ... Please try again in 30 minutes.', 500)).toMatchObject({
      kind: 'busy',
      next: 'wait',
      retryable: false,
      message: expect.stringMatching(/wait 30 minutes before trying again; then start over/),
    });
    expect(meaning('ABDM-1100', 'resend', 'Please try again in 1 hour.', 429)?.message).toMatch(/wait 1 hour /);
    expect(meaning('ABDM-1100', 'verify-otp', 'no time given', 500)?.message).toMatch(/wait 30 minutes/);
  });

  it('a blocked account, an address taken, a mobile number linked elsewhere', () => {
    expect(meaning('ABDM-1027', 'start', '', 500)).toMatchObject({ kind: 'refused', next: 'start-over', message: expect.stringMatching(/blocked.*24 hours/) });
    expect(meaning('ABDM-1101', 'create-address', '', 500)).toMatchObject({ field: 'address', next: 'fix-address', message: 'This ABHA address is already taken. Choose another one.' });
    expect(meaning('EKA-1002', 'verify-otp')).toMatchObject({ field: 'mobile', next: 'fix-mobile', message: expect.stringMatching(/already linked to another account/) });
    expect(meaning('EKA-1001', 'verify-otp')).toMatchObject({ field: 'mobile', next: 'fix-mobile' });
    expect(meaning('ABDM-1014', 'verify-otp')).toMatchObject({ field: 'mobile', next: 'fix-mobile' });
    expect(meaning('ABDM-1043', 'create-address', '', 500)).toMatchObject({ field: 'address' });
    expect(meaning('ABDM-1051', 'choose-address', '', 500)).toMatchObject({ field: 'address' });
  });

  it('validation failures point at what was sent at that step', () => {
    expect(meaning('ABDM-1010', 'start')).toMatchObject({ field: 'aadhaarNumber' });
    expect(meaning('ABDM-1010', 'create-address')).toMatchObject({ field: 'address' });
    expect(meaning('ABDM-1006', 'verify-otp')).toMatchObject({ next: null, message: expect.stringMatching(/Check the OTP and the mobile number/) });
  });

  it("the national system's own outages can be retried; the clinic's account details are a setting", () => {
    for (const code of ['ABDM-1000', 'ABDM-1007', 'ABDM-1019', 'ABDM-1029', 'ABDM-1109', 'ABDM-9999']) {
      expect(meaning(code, 'verify-otp', '', 500), code).toMatchObject({ kind: 'service', next: 'try-again', retryable: true });
    }
    expect(meaning('ABDM-1004', 'start', '', 500)?.message).toMatch(/cannot send text messages/);
    expect(meaning('ABDM-1022', 'start', '', 500)).toMatchObject({ retryable: true, next: 'try-again' });
    expect(meaning('ABDM-1032', 'start')).toMatchObject({ kind: 'configuration', next: null });
  });

  it('a registration the national system no longer knows, or already has: start over, never the same request again', () => {
    for (const call of ['resend', 'verify-otp', 'verify-mobile-otp', 'create-address', 'choose-address'] as const) {
      expect(meaning('ABDM-1052', call, "Invalid TransactionId or response's requestId", 500), call).toMatchObject({
        kind: 'refused',
        next: 'start-over',
        retryable: false,
        message: 'The national health system no longer knows this registration. Start over to send a new OTP.',
      });
      expect(meaning('ABDM-1001', call, 'No data found', 500), call).toMatchObject({ next: 'start-over', retryable: false });
    }
    expect(meaning('ABDM-1052', 'start', '', 500)).toMatchObject({ next: 'start-over', retryable: false });
    for (const call of ['start', 'resend', 'verify-otp', 'verify-mobile-otp'] as const) {
      expect(meaning('ABDM-1053', call, 'Data already exists', 500), call).toMatchObject({ next: 'start-over', retryable: false, message: expect.stringMatching(/Start over\.$/) });
    }
  });

  it('an address that already exists, or does not match: choose another one', () => {
    for (const call of ['create-address', 'choose-address'] as const) {
      expect(meaning('ABDM-1053', call, 'Data already exists', 500), call).toMatchObject({
        kind: 'invalid-input',
        field: 'address',
        next: 'fix-address',
        message: 'This ABHA address already exists. Choose another one.',
      });
      expect(meaning('ABDM-1036', call, 'Data does not matched', 500), call).toMatchObject({ field: 'address', next: 'fix-address', message: expect.stringMatching(/does not match.*Choose another one/) });
    }
  });

  it('no data found, or data that does not match, for what was just typed: check it and send it again', () => {
    expect(meaning('ABDM-1001', 'start', 'No data found', 500)).toMatchObject({ field: 'aadhaarNumber', next: null, retryable: false, message: expect.stringMatching(/found no details for this Aadhaar number/) });
    expect(meaning('ABDM-1036', 'start', '', 500)).toMatchObject({ field: 'aadhaarNumber', next: null });
    expect(meaning('ABDM-1036', 'verify-otp', '', 500)).toMatchObject({ next: null, retryable: false, message: expect.stringMatching(/Check the OTP and the mobile number/) });
    expect(meaning('ABDM-1036', 'verify-otp', '', 500)).not.toHaveProperty('wrongOtp');
    expect(meaning('ABDM-1036', 'verify-mobile-otp', '', 500)).toMatchObject({ next: null, message: expect.stringMatching(/Check it with the patient/) });
    expect(meaning('ABDM-1036', 'resend', '', 500)).toMatchObject({ next: 'start-over' });
    // While an address is typed, the answer stays "could not check"; creating it asks again.
    expect(meaning('ABDM-1001', 'check-address', 'No data found', 500)).toBeNull();
  });

  it('a request taken for a repeat of an earlier one can be sent again', () => {
    for (const call of ['start', 'resend', 'verify-otp', 'create-address'] as const) {
      expect(meaning('ABDM-1064', call, 'request with this request id already exists'), call).toMatchObject({
        next: 'try-again',
        retryable: true,
        message: expect.stringMatching(/repeat of an earlier one\. Try again\.$/),
      });
    }
  });

  it('leaves unknown codes and other failures to the service’s own words', () => {
    expect(meaning('ABDM-4242', 'verify-otp')).toBeNull();
    expect(meaning('ABDM-1062', 'verify-otp')).toBeNull();
    expect(registrationProblem(new ServiceError('network', 'The service cannot be reached.'), 'start')).toBeNull();
  });
});
