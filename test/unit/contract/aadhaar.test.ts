import { describe, expect, it } from 'vitest';
import { aadhaarProblem, groupAadhaar, isVerhoeffValid, maskAadhaar, verhoeffCheckDigit } from '../../../contract/aadhaar';

describe('Verhoeff', () => {
  it('computes and checks the published example (236 → 3)', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('2364')).toBe(false);
  });

  it('catches every single-digit error and adjacent transposition of a number', () => {
    const base = '23412341234';
    const valid = base + verhoeffCheckDigit(base);
    for (let i = 0; i < valid.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        if (String(d) === valid[i]) continue;
        expect(isVerhoeffValid(valid.slice(0, i) + d + valid.slice(i + 1))).toBe(false);
      }
      if (i + 1 < valid.length && valid[i] !== valid[i + 1]) {
        expect(isVerhoeffValid(valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2))).toBe(false);
      }
    }
  });
});

describe('Aadhaar numbers', () => {
  it('accepts 12 digits with a valid check digit, not starting with 0 or 1', () => {
    expect(aadhaarProblem('234123412346')).toBeNull();
    expect(aadhaarProblem('234123412345')).toMatch(/check digit/);
    expect(aadhaarProblem('12341234123')).toMatch(/12 digits; this one has 11/);
    expect(aadhaarProblem('1' + '23412341234')).toMatch(/never starts with 0 or 1/);
    expect(aadhaarProblem('2341 2341 2346')).toMatch(/digits only/);
  });

  it('masks and groups for display', () => {
    expect(maskAadhaar('234123412346')).toBe('XXXX XXXX 2346');
    expect(groupAadhaar('2341234123')).toBe('2341 2341 23');
  });
});
