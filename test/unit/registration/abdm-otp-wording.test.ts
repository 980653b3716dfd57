import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { forOtp, problemRefusal, registrationProblem, type RegistrationProblem } from '../../../main/registration/abdm-problems';
import { toAppError } from '../../../main/shell/ipc/app-failure';

const refusal = (code: string, message = '', status = 400) =>
  new ServiceError('registration_failed', 'Refused.', { status, code: String(status), sourceError: { code, message } });

const problem = (code: string, status = 400): RegistrationProblem => registrationProblem(refusal(code, '', status), 'verify-otp')!;

describe('ABDM refusals worded for what is left of the OTP', () => {
  it('a wrong OTP: the attempts left, then a new OTP, then starting over', () => {
    expect(forOtp(problem('MIS-1013'), { attemptsLeft: 2, resendsLeft: 3 })).toMatchObject({
      next: 'retype-otp',
      message: 'The OTP is not correct. Check it with the patient and type it again (2 attempts left).',
    });
    expect(forOtp(problem('MIS-1013'), { attemptsLeft: 1, resendsLeft: 3 }).message).toMatch(/\(1 attempt left\)\.$/);
    expect(forOtp(problem('MIS-1013'), { attemptsLeft: 0, resendsLeft: 1 })).toMatchObject({ next: 'resend-otp', message: expect.stringMatching(/no attempts are left for this OTP\. Send a new OTP/) });
    expect(forOtp(problem('MIS-1013'), { attemptsLeft: 0, resendsLeft: 0 })).toMatchObject({ next: 'start-over', message: expect.stringMatching(/Start over to send a new OTP\.$/) });
  });

  it('an expired OTP that cannot be sent again: start over; anything else as it was', () => {
    const expired = problem('MIS-1026', 500);
    expect(forOtp(expired, { attemptsLeft: 3, resendsLeft: 1 })).toBe(expired);
    expect(forOtp(expired, { attemptsLeft: 3, resendsLeft: 0 })).toMatchObject({ next: 'start-over', message: expect.stringMatching(/^This OTP has expired, and it cannot be sent again/) });
    expect(forOtp(expired, null)).toMatchObject({ next: 'start-over' });
    const linked = problem('EKA-1002');
    expect(forOtp(linked, { attemptsLeft: 0, resendsLeft: 0 })).toBe(linked);
  });

  it("becomes the page's error: its words on its field, the service's words as the detail", () => {
    const cause = refusal('ABDM-1101', 'This ABHA Address already exists', 500);
    const error = toAppError(problemRefusal(registrationProblem(cause, 'create-address')!, cause));
    expect(error).toEqual({
      kind: 'invalid-input',
      message: 'This ABHA address is already taken. Choose another one.',
      fields: { address: 'This ABHA address is already taken. Choose another one.' },
      detail: 'This ABHA Address already exists (ABDM-1101)',
      retryable: false,
    });
    expect(toAppError(problemRefusal(problem('ABDM-1000', 500), refusal('ABDM-1000', '', 500)))).toMatchObject({ kind: 'service', retryable: true });
  });
});
