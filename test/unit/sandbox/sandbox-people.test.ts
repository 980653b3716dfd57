/** The sandbox's test patients the tests use: each a valid number that takes its own path. */
import { describe, expect, it } from 'vitest';
import { aadhaarProblem } from '../../../contract/aadhaar';
import { mobileProblem } from '../../../contract/registration-rules';
import { SANDBOX_AADHAAR, SANDBOX_MOBILE, aadhaarCase, mobileClaimed, needsMobileOtp } from '../../../main/sandbox/sandbox-people';

describe('sandbox patients', () => {
  it('has a valid Aadhaar number for each path, taking that path', () => {
    for (const [kind, number] of Object.entries(SANDBOX_AADHAAR)) {
      expect(aadhaarProblem(number), kind).toBeNull();
      expect(aadhaarCase(number)).toBe(kind);
    }
  });

  it('has a valid mobile number for each mobile step', () => {
    expect(Object.values(SANDBOX_MOBILE).map(mobileProblem)).toEqual([null, null, null]);
    expect([SANDBOX_MOBILE.linked, SANDBOX_MOBILE.other, SANDBOX_MOBILE.claimed].map((mobile) => [needsMobileOtp(mobile), mobileClaimed(mobile)])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
  });
});
