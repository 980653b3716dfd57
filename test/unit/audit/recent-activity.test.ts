import { describe, expect, it } from 'vitest';
import { activityText } from '../../../main/audit/recent-activity';

describe('what Settings shows for an entry of the trail', () => {
  it.each([
    [{ action: 'copied', detail: { what: 'note (corrected)' } }, 'Copied to the clipboard: note (corrected)'],
    [{ action: 'sent', detail: { api: 'sessions: audio part', service: 'sandbox' } }, 'Sent to the service: sessions: audio part'],
    [{ action: 'deleted', detail: { how: 'with a patient' } }, 'Deleted (with a patient)'],
    // A consent says what it was given for: the consultation's recording, or the Aadhaar OTP of a registration.
    [{ action: 'consent-given', detail: { for: 'consultation' } }, 'Consent given: consultation'],
    [{ action: 'consent-given', detail: { for: 'Aadhaar OTP for registration' } }, 'Consent given: Aadhaar OTP for registration'],
    [{ action: 'consent-withdrawn', detail: { for: 'consultation' } }, 'Consent withdrawn: consultation'],
    [{ action: 'note-viewed', detail: {} }, 'Note opened'],
  ] as const)('%j reads "%s"', (entry, text) => {
    expect(activityText(entry)).toBe(text);
  });
});
