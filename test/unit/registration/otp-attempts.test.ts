import { describe, expect, it } from 'vitest';
import { MAX_OTP_ATTEMPTS } from '../../../contract/registration-rules';
import { OtpAttempts } from '../../../main/registration/otp-attempts';
import { refusalOf } from '../../support/failures';

describe('OtpAttempts: wrong OTPs counted for one OTP sent', () => {
  it('counts down from the attempts allowed, and lets each one be tried while any is left', () => {
    const attempts = new OtpAttempts();
    expect(attempts.left).toBe(MAX_OTP_ATTEMPTS);
    for (let left = MAX_OTP_ATTEMPTS - 1; left > 0; left -= 1) {
      attempts.countWrong();
      expect(attempts.left).toBe(left);
      expect(refusalOf(() => attempts.assertLeft(true))).toBeNull();
    }
  });

  it('refuses the next try once none is left: send a new OTP, or start over when none can be sent', () => {
    const attempts = new OtpAttempts(2);
    attempts.countWrong();
    attempts.countWrong();
    expect(attempts.left).toBe(0);
    expect(refusalOf(() => attempts.assertLeft(true))).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/No attempts are left for this OTP\. Send a new OTP with "Resend OTP"/),
      fields: { otp: expect.stringMatching(/^No attempts are left/) },
    });
    expect(refusalOf(() => attempts.assertLeft(false))).toMatchObject({ kind: 'refused', message: 'No attempts are left for this OTP, and it cannot be sent again. Start over.' });
  });

  it('a new OTP comes with a new count', () => {
    const first = new OtpAttempts();
    first.countWrong();
    expect(new OtpAttempts().left).toBe(MAX_OTP_ATTEMPTS);
  });
});
