import { describe, expect, it } from 'vitest';
import { redactSensitive } from '../../../main/core/redact';

describe('redactSensitive', () => {
  it('masks Aadhaar-shaped numbers, bearer tokens and JWTs', () => {
    const text = 'aadhaar 2345 6789 0123 and 234567890123 with Bearer abc.def-ghi and eyJhbGciOi.eyJzdWIiOiIx.sig';
    const out = redactSensitive(text) as string;
    expect(out).not.toMatch(/2345|234567890123|abc\.def|eyJhbGci/);
    expect(out).toContain('[redacted-number]');
    expect(out).toContain('Bearer [redacted]');
  });

  it('masks ABHA-number-shaped values, grouped or not', () => {
    const out = redactSensitive('abha 91-1234-5678-9012 or 91123456789012') as string;
    expect(out).toBe('abha [redacted-abha-number] or [redacted-abha-number]');
  });

  it('leaves ordinary text and longer digit runs alone', () => {
    expect(redactSensitive('txn 1234567890123456 at 10:30')).toBe('txn 1234567890123456 at 10:30');
  });

  it('redacts error messages and stacks', () => {
    const error = redactSensitive(new Error('failed for 234567890123')) as Error;
    expect(error.message).toBe('failed for [redacted-number]');
    expect(error.stack).not.toContain('234567890123');
  });
});
