import { describe, expect, it } from 'vitest';
import {
  abhaNameProblem,
  formatAbhaNumber,
  mobileProblem,
  normalizeAbhaName,
  normalizeMobile,
  normalizeOtp,
  otpProblem,
} from '../../../contract/registration-rules';

describe('OTP', () => {
  it('takes exactly 6 digits, read out or pasted in groups', () => {
    for (const typed of ['123456', '123 456', '123-456', ' 12 34 56 ']) expect(otpProblem(normalizeOtp(typed)), typed).toBeNull();
    expect(otpProblem(normalizeOtp(''))).toBe('Enter the OTP the patient received (6 digits).');
    expect(otpProblem(normalizeOtp('12345'))).toBe('An OTP has 6 digits; this one has 5.');
    expect(otpProblem(normalizeOtp('1234567'))).toBe('An OTP has 6 digits; this one has 7.');
    expect(otpProblem(normalizeOtp('12a456'))).toBe('An OTP has digits only.');
  });
});

describe('mobile number', () => {
  it('takes 10 digits starting with 6 to 9, with or without the country code and separators', () => {
    for (const typed of ['9876543210', '98765 43210', '+91 98765-43210', '0091 9876543210', '09876543210', '(987) 654-3210']) {
      expect(normalizeMobile(typed), typed).toBe('9876543210');
    }
    for (const first of ['6', '7', '8', '9']) expect(mobileProblem(`${first}000000000`)).toBeNull();
    expect(mobileProblem('5123456789')).toBe('An Indian mobile number starts with 6, 7, 8 or 9.');
    expect(mobileProblem('98765')).toBe('A mobile number has 10 digits; this one has 5.');
    expect(mobileProblem('98765x3210')).toBe('A mobile number has digits only.');
    expect(mobileProblem('')).toBe("Enter the patient's mobile number (10 digits).");
  });
});

describe('ABHA address', () => {
  it('is the name before @abdm, in lower case', () => {
    expect(normalizeAbhaName('  Ravi.Kumar90@ABDM ')).toBe('ravi.kumar90');
    expect(normalizeAbhaName('ravi_kumar90')).toBe('ravi_kumar90');
  });

  it('has 8 to 18 letters or digits, at most one dot and one underscore, neither first nor last', () => {
    for (const name of ['shyameka', 'shyam.eka', 'ravi_kumar.1990', 'a1234567', 'abcdefghijklmnopqr']) expect(abhaNameProblem(name), name).toBeNull();
    expect(abhaNameProblem('')).toMatch(/^Choose an ABHA address/);
    expect(abhaNameProblem('shyam')).toBe('An ABHA address has 8 to 18 characters before @abdm; this one has 5.');
    expect(abhaNameProblem('abcdefghijklmnopqrs')).toMatch(/this one has 19/);
    expect(abhaNameProblem('ravi kumar')).toMatch(/no spaces or other signs/);
    expect(abhaNameProblem('ravi-kumar')).toMatch(/no spaces or other signs/);
    expect(abhaNameProblem('ravi.kumar.1990')).toBe('An ABHA address has at most one dot (.) and one underscore (_).');
    expect(abhaNameProblem('ravi__kumar')).toBe('An ABHA address has at most one dot (.) and one underscore (_).');
    expect(abhaNameProblem('.ravikumar')).toBe('An ABHA address cannot start or end with a dot or an underscore.');
    expect(abhaNameProblem('ravikumar_')).toBe('An ABHA address cannot start or end with a dot or an underscore.');
  });
});

describe('ABHA number', () => {
  it('is grouped 2-4-4-4, from digits or from the national format', () => {
    expect(formatAbhaNumber('12345678901234')).toBe('12-3456-7890-1234');
    expect(formatAbhaNumber('12-3456-7890-1234')).toBe('12-3456-7890-1234');
    expect(formatAbhaNumber('1234')).toBe('1234');
  });
});
