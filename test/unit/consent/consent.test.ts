/**
 * Consent to a consultation: how the administrator's policy decides it (asked, or kept by the
 * clinic; a broken policy means asked), the clinic's notices checked by key (a notice missing a
 * part refused, the built-in one kept), what is kept of an answer, and the FHIR Consent an
 * export carries.
 */
import { describe, expect, it } from 'vitest';
import { NOTICE_SECTIONS, builtInNotices, consentLine, noticeLines } from '../../../contract/consent';
import { consentToKeep } from '../../../main/consent/consent-at-record';
import { consentResource, withConsent } from '../../../main/consent/consent-resource';
import { consentNoticesOf } from '../../../main/consent/consent-policy';
import type { LoadedPolicy } from '../../../main/settings/policy';
import { validatedPolicy } from '../../../main/settings/policy';

const origin = { path: '/etc/scribe-desk/policy.json', label: 'The policy file /etc/scribe-desk/policy.json' };
const policy = (values: unknown): LoadedPolicy => validatedPolicy(origin, values);
const TAMIL = { language: 'ta', what: 'பதிவு', why: 'குறிப்புகள்', who: 'சேவை', howLong: '{days} நாட்கள்', rightToStop: 'நிறுத்தலாம்', version: '2026-01' };
const confirmer = () => ({ account: 'EC_CLINIC', osUser: 'doctor' });
const at = { now: () => Date.parse('2026-11-27T05:12:00.000Z') };

describe('consent by policy', () => {
  it('is asked by default and where the policy cannot be used; kept by the clinic only where the policy says so', () => {
    expect(consentNoticesOf(policy({})).mode).toBe('ask');
    expect(consentNoticesOf(policy({ consultationConsent: 'clinicRecordsIt' })).mode).toBe('clinicRecordsIt');
    const broken: LoadedPolicy = { path: origin.path, values: {}, error: 'The policy file was ignored: it is not valid JSON.' };
    expect(consentNoticesOf(broken).mode).toBe('ask');
    expect(policy({ consultationConsent: 'never' }).error).toMatch(/consultationConsent/);
  });

  it('has English and Hindi built in, each with every part; a clinic adds a language or replaces one, and one missing a part is refused by key', () => {
    for (const notice of builtInNotices()) for (const part of NOTICE_SECTIONS) expect(notice.text[part].length, `${notice.language} ${part}`).toBeGreaterThan(20);
    const notices = consentNoticesOf(policy({ consentNotices: [TAMIL, { language: 'hi', what: 'x', why: 'y', who: 'z', howLong: 'w' }, { ...TAMIL, language: 'Hindi' }] }));
    expect(notices.notices.map((notice) => [notice.language, notice.source, notice.version])).toEqual([
      ['en', 'built-in', 'built-in-1'],
      ['hi', 'built-in', 'built-in-1'],
      ['ta', 'policy', 'policy-2026-01'],
    ]);
    expect(notices.refused).toEqual([
      { language: 'hi', languageName: 'हिन्दी (Hindi)', why: '"consentNotices[hi]": missing "rightToStop" (the right to say no or stop)' },
      { language: 'Hindi', languageName: expect.any(String), why: '"consentNotices[Hindi]": a language is its two-letter code, for example hi or ta' },
    ]);
    expect(noticeLines(notices.notices[2]!.text, 30)).toContain('30 நாட்கள்');
  });

  it('keeps the answer to a notice that exists, in that version, with who confirmed it; asks again for one that does not', () => {
    const notices = consentNoticesOf(policy({}));
    expect(consentToKeep(notices, { noticeLanguage: 'hi', noticeVersion: 'built-in-1' }, confirmer, false, at)).toEqual({
      kind: 'given',
      at: '2026-11-27T05:12:00.000Z',
      noticeLanguage: 'hi',
      noticeVersion: 'built-in-1',
      account: 'EC_CLINIC',
      osUser: 'doctor',
      callSound: false,
    });
    expect(consentToKeep(notices, { noticeLanguage: 'hi', noticeVersion: 'policy-old' }, confirmer, false, at)).toBe('ask');
    expect(consentToKeep(notices, undefined, confirmer, false, at)).toBe('ask');
    expect(consentToKeep(consentNoticesOf(policy({ consultationConsent: 'clinicRecordsIt' })), undefined, confirmer, true, at)).toMatchObject({ kind: 'clinic', noticeLanguage: null, callSound: true });
    expect(consentLine({ kind: 'given', at: '2026-11-27T05:12:00.000Z', noticeLanguage: 'hi', noticeVersion: 'built-in-1', account: null, osUser: 'd', callSound: false }, () => '10:42')).toBe(
      'Patient consented at 10:42, Hindi notice',
    );
  });

  it('with the call’s sound recorded, keeps only an answer to a notice that said so: everyone on the call', () => {
    const notices = consentNoticesOf(policy({ consentNotices: [{ language: 'ta', what: 'a', why: 'b', who: 'c', howLong: 'd', rightToStop: 'e' }] }));
    const hindi = notices.notices.find((notice) => notice.language === 'hi')!;
    expect(noticeLines(hindi.text, 30, hindi.onCall)[1]).toBe(hindi.onCall);
    expect(noticeLines(hindi.text, 30)).toHaveLength(5);
    expect(notices.notices.find((notice) => notice.language === 'en')!.onCall).toMatch(/everyone on the call/);
    // A clinic's notice without its own sentence reads the built-in one of its language, else the doctor's.
    expect(notices.notices.find((notice) => notice.language === 'ta')!.onCall).toMatch(/everyone on the call/);
    expect(consentToKeep(notices, { noticeLanguage: 'hi', noticeVersion: 'built-in-1' }, confirmer, true, at)).toBe('ask');
    expect(consentToKeep(notices, { noticeLanguage: 'hi', noticeVersion: 'built-in-1', callSound: true }, confirmer, false, at)).toBe('ask');
    expect(consentToKeep(notices, { noticeLanguage: 'hi', noticeVersion: 'built-in-1', callSound: true }, confirmer, true, at)).toMatchObject({ kind: 'given', callSound: true });
    expect(consentLine({ kind: 'given', at: '2026-11-27T05:12:00.000Z', noticeLanguage: 'hi', noticeVersion: 'built-in-1', account: null, osUser: 'd', callSound: true }, () => '10:42')).toBe(
      'Patient consented at 10:42, Hindi notice, the call’s sound included',
    );
  });
});

describe('the FHIR Consent', () => {
  const given = { kind: 'given' as const, at: '2026-11-27T05:12:00.000Z', noticeLanguage: 'hi', noticeVersion: 'built-in-1', account: 'EC_CLINIC', osUser: 'doctor', callSound: false };

  it("is added to the bundle's entries, the service's resources left as they were", () => {
    const service = { resourceType: 'Bundle', type: 'document', entry: [{ fullUrl: 'urn:uuid:1', resource: { resourceType: 'Composition', title: 'Note' } }] };
    const bundle = JSON.parse(withConsent(JSON.stringify(service), given)) as { entry: Array<{ resource: Record<string, unknown> }> };
    expect(bundle.entry[0]).toEqual(service.entry[0]);
    expect(bundle.entry[1]!.resource).toMatchObject({
      resourceType: 'Consent',
      status: 'active',
      dateTime: given.at,
      sourceAttachment: { language: 'hi', title: 'Consent notice built-in-1' },
      provision: { type: 'permit' },
    });
    expect(JSON.stringify(consentResource(given))).toContain('computer user doctor');
  });

  it('makes a bundle of a single resource, and leaves what is not JSON alone', () => {
    const single = JSON.parse(withConsent('{"resourceType":"Composition"}', given)) as { resourceType: string; entry: unknown[] };
    expect(single).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(single.entry).toHaveLength(2);
    expect(withConsent('not json', given)).toBe('not json');
  });
});
