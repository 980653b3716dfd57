/** The OTP's resend countdown: whole seconds until the moment main gave, from the page's time now. */
import { describe, expect, it } from 'vitest';
import { secondsUntil } from '../../../renderer/features/registration/use-seconds-until';

const AT = '2026-11-27T05:12:30.000Z';
const now = (iso: string) => Date.parse(iso);

describe('the seconds until a resend', () => {
  it('counts whole seconds up, down to 0 at the moment and after it', () => {
    expect(secondsUntil(AT, now('2026-11-27T05:12:00.000Z'))).toBe(30);
    expect(secondsUntil(AT, now('2026-11-27T05:12:00.999Z'))).toBe(30);
    expect(secondsUntil(AT, now('2026-11-27T05:12:29.001Z'))).toBe(1);
    expect(secondsUntil(AT, now(AT))).toBe(0);
    expect(secondsUntil(AT, now('2026-11-27T05:13:00.000Z'))).toBe(0);
  });

  it('bad input: no moment, or one that cannot be read, is nothing to wait for', () => {
    expect(secondsUntil(null, now(AT))).toBe(0);
    expect(secondsUntil('', now(AT))).toBe(0);
    expect(secondsUntil('soon', now(AT))).toBe(0);
  });
});
