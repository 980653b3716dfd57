/**
 * A consultation's consent as FHIR R4 `Consent`, added to the FHIR bundle it is exported with
 * (never to the note's copy): given by the patient to the notice read in their language (its
 * version), or kept by the clinic in its own register; when; who confirmed it. The service's own
 * resources are left exactly as it sent them. Pure.
 */
import { randomUUID } from 'node:crypto';
import type { ConsentRecord } from '../../contract/consent';

const CONFIRMED_BY = 'https://scribe-desk.invalid/fhir/StructureDefinition/consent-confirmed-by';

export function consentResource(consent: ConsentRecord): Record<string, unknown> {
  const read = `${consent.kind === 'given' ? `The patient agreed to the consent notice ${consent.noticeVersion} read in ${consent.noticeLanguage}.` : "Consent kept by the clinic in its own register (the clinic's policy)."}${consent.callSound ? " The recording took the call's sound too: everyone on the call." : ''}`;
  return {
    resourceType: 'Consent',
    status: 'active',
    scope: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'patient-privacy', display: 'Privacy Consent' }] },
    category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }] }],
    dateTime: consent.at,
    policyRule: { text: read },
    ...(consent.kind === 'given' ? { sourceAttachment: { language: consent.noticeLanguage, title: `Consent notice ${consent.noticeVersion}` } } : {}),
    verification: [{ verified: consent.kind === 'given', verificationDate: consent.at }],
    provision: {
      type: 'permit',
      action: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentaction', code: 'collect', display: 'Collect' }] }],
      purpose: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'TREAT', display: 'treatment' }],
    },
    extension: [{ url: CONFIRMED_BY, valueString: `${consent.account ? `account ${consent.account}, ` : ''}computer user ${consent.osUser}` }],
  };
}

/** The FHIR JSON with the consent added: an entry of its bundle, or, for a single resource, a bundle of the two. Unchanged when it is not JSON. */
export function withConsent(fhirJson: string, consent: ConsentRecord): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fhirJson);
  } catch {
    return fhirJson;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fhirJson;
  const entry = { fullUrl: `urn:uuid:${randomUUID()}`, resource: consentResource(consent) };
  const document = parsed as Record<string, unknown>;
  const bundle =
    document.resourceType === 'Bundle'
      ? { ...document, entry: [...(Array.isArray(document.entry) ? document.entry : []), entry] }
      : { resourceType: 'Bundle', type: 'collection', entry: [{ fullUrl: `urn:uuid:${randomUUID()}`, resource: document }, entry] };
  return JSON.stringify(bundle, null, 2);
}
