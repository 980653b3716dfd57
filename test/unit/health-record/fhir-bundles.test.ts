import { describe, expect, it } from 'vitest';
import { consultBundle } from '../../../main/health-record/consult-bundle';
import { labReportBundle } from '../../../main/health-record/lab-report-bundle';
import type { FhirBundle } from '../../../main/health-record/fhir-parts';
import { bundleProblem } from '../../../main/sandbox/sandbox-bundle-check';
import { CLINIC, RAVI, TYPICAL_MEDICINES, sequentialIds, typicalNote } from '../../support/health-record-fixtures';
import { profileProblems } from '../../support/nrces-profiles';

const NOW = new Date('2026-09-21T04:45:00Z');
const consult = (overrides: Partial<Parameters<typeof consultBundle>[0]> = {}) =>
  consultBundle({ note: typicalNote(), patient: RAVI, clinic: CLINIC, replaces: null, testData: false, now: NOW, newId: sequentialIds(), ...overrides });
/** A resource read as a test reads JSON: any path, checked by the expectations. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const resources = (bundle: FhirBundle, type: string) => bundle.entry.filter((entry) => entry.resource.resourceType === type).map((entry) => entry.resource as Loose);
const composition = (bundle: FhirBundle) => bundle.entry[0]!.resource as Loose;

describe('the visit as an OPConsultRecord document', () => {
  it('meets the profiles: a document bundle, the Composition first (SNOMED 371530004), every reference inside it', () => {
    const bundle = consult();
    expect(profileProblems(bundle, 'OPConsultRecord')).toEqual([]);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'document', meta: { profile: ['https://nrces.in/ndhm/fhir/r4/StructureDefinition/DocumentBundle'] } });
    expect(composition(bundle)).toMatchObject({
      resourceType: 'Composition',
      status: 'final',
      meta: { profile: ['https://nrces.in/ndhm/fhir/r4/StructureDefinition/OPConsultRecord'] },
      type: { coding: [{ system: 'http://snomed.info/sct', code: '371530004', display: 'Clinical consultation report' }] },
    });
    expect(bundle.entry.map((entry) => entry.resource.resourceType)).toEqual(['Composition', 'Patient', 'Practitioner', 'Organization', 'Encounter', 'MedicationRequest', 'MedicationRequest', 'MedicationRequest', 'DocumentReference']);
    expect(bundleProblem(bundle, { hiType: 'OPConsultation', abhaAddress: RAVI.abhaAddress })).toBeNull();
  });

  it('names the patient by their ABHA number and address, the clinic by its HIP id', () => {
    const [patient] = resources(consult(), 'Patient');
    expect(patient!.identifier.map((identifier: { type: { text: string }; value: string }) => [identifier.type.text, identifier.value])).toEqual([
      ['ABHA number', '91-1234-5678-9012'],
      ['ABHA address', 'ravi.kumar@sbx'],
    ]);
    // Known in whole years only: the year of birth, never a made-up day.
    expect(patient).toMatchObject({ name: [{ text: RAVI.name }], gender: 'male', birthDate: '1985' });
    expect(resources(consult(), 'Organization')[0]).toMatchObject({ identifier: [{ system: 'https://facility.ndhm.gov.in', value: CLINIC.hipId }], name: CLINIC.facilityName });
  });

  it('each medicine of the corrected note is a MedicationRequest, as written; a duration is also a Duration', () => {
    const requests = resources(consult(), 'MedicationRequest');
    expect(requests.map((request) => request.medicationCodeableConcept.text)).toEqual(TYPICAL_MEDICINES.map((row) => row.name));
    expect(requests[0]).toMatchObject({
      status: 'active',
      intent: 'order',
      authoredOn: '2026-09-21T04:42:00.000Z',
      dosageInstruction: [{ text: '1-0-1 — morning and night — 5 days', additionalInstruction: [{ text: 'After food' }], timing: { code: { text: 'morning and night' }, repeat: { boundsDuration: { value: 5, unit: 'days', system: 'http://unitsofmeasure.org', code: 'd' } } } }],
    });
    // "—" (not given) is left out, never sent as a dash; "till review" is no Duration.
    expect(requests[1]!.dosageInstruction[0].additionalInstruction).toBeUndefined();
    expect(requests[2]!.dosageInstruction[0]).toEqual({ text: '3 times a day — till review', additionalInstruction: [{ text: 'Dissolve in 1 litre of water' }], timing: { code: { text: '3 times a day' } } });
  });

  it('carries the note’s text as the doctor left it', () => {
    const [document] = resources(consult(), 'DocumentReference');
    expect(Buffer.from(document!.content[0].attachment.data, 'base64').toString('utf8')).toBe(typicalNote().text);
  });

  it('a note with no medicines says so: the Medications section is empty for a reason (nil known), and still valid', () => {
    const bundle = consult({ note: typicalNote([]) });
    expect(profileProblems(bundle, 'OPConsultRecord')).toEqual([]);
    expect(resources(bundle, 'MedicationRequest')).toEqual([]);
    expect(composition(bundle).section[0]).toMatchObject({ title: 'Medications', emptyReason: { coding: [{ code: 'nilknown' }] }, text: { div: expect.stringContaining('No medication was prescribed.') } });
    expect(composition(bundle).section[0].entry).toBeUndefined();
  });

  it('a corrected version is amended and replaces the one linked before', () => {
    const bundle = consult({ replaces: 'urn:uuid:00000000-0000-4000-8000-0000000000aa' });
    expect(profileProblems(bundle, 'OPConsultRecord')).toEqual([]);
    expect(composition(bundle)).toMatchObject({ status: 'amended', relatesTo: [{ code: 'replaces', targetIdentifier: { value: 'urn:uuid:00000000-0000-4000-8000-0000000000aa' } }] });
  });

  it('the sandbox’s is test data, and says so as FHIR does (HTEST)', () => {
    expect(consult({ testData: true }).meta.security).toEqual([{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST', display: 'test health data' }]);
    expect(consult().meta.security).toEqual([expect.objectContaining({ code: 'V' })]);
  });

  it('the profile check fails bundles that break the rules (the tests can fail)', () => {
    const broken = (change: (bundle: Loose) => void) => {
      const bundle = JSON.parse(JSON.stringify(consult()));
      change(bundle);
      return profileProblems(bundle, 'OPConsultRecord');
    };
    expect(broken((bundle) => delete bundle.entry[0].resource.subject)).toContain('Composition.subject: required');
    expect(broken((bundle) => (bundle.entry[0].resource.type.coding[0].code = '440545006'))).toContain('Composition.type: not SNOMED 371530004');
    expect(broken((bundle) => bundle.entry.splice(1, 1))).toEqual(expect.arrayContaining([expect.stringMatching(/no entry of the bundle/)]));
    expect(broken((bundle) => bundle.entry.reverse())).toContain('Bundle.entry[0]: not a Composition (bdl-11)');
    expect(broken((bundle) => delete bundle.entry[5].resource.requester)).toContain('MedicationRequest[5].requester: required');
    expect(broken((bundle) => (bundle.entry[0].resource.section[0].emptyReason = { text: 'x' }))).toContain('Composition.section[0]: emptyReason with entries (cmp-2)');
    expect(bundleProblem(consult(), { hiType: 'OPConsultation', abhaAddress: 'someone.else@sbx' })).toBe('the Patient does not carry the ABHA address the record is linked to');
  });
});

describe('a checked lab report as a DiagnosticReportRecord document', () => {
  const report = {
    tests: [
      { name: 'Haemoglobin', value: '11.2', unit: 'g/dL', range: '13 – 17', flag: 'low' as const, confidence: 0.98 },
      { name: 'Dengue NS1 antigen', value: 'Negative', unit: '', range: '', flag: 'unknown' as const, confidence: 0.9 },
      { name: 'Platelets', value: '250000', unit: '/µL', range: '150000 – 410000', flag: 'normal' as const, confidence: null },
    ],
    lab: 'Sandbox Diagnostics (test data)',
    addedAt: '2026-09-21T05:00:00.000Z',
    reviewedAt: '2026-09-21T05:10:00.000Z',
  };
  const bundle = labReportBundle({ report, patient: RAVI, clinic: CLINIC, replaces: null, testData: true, now: NOW, newId: sequentialIds() });

  it('meets the profiles: the Composition (SNOMED 721981007) refers to a DiagnosticReport whose results are the tests', () => {
    expect(profileProblems(bundle, 'DiagnosticReportRecord')).toEqual([]);
    expect(bundleProblem(bundle, { hiType: 'DiagnosticReport', abhaAddress: RAVI.abhaAddress })).toBeNull();
    const [diagnostic] = resources(bundle, 'DiagnosticReport');
    expect(diagnostic!.result).toHaveLength(3);
    expect(diagnostic!.conclusion).toBe('Out of range: Haemoglobin 11.2 g/dL (low).');
  });

  it('each test is an Observation: a number as a quantity, a word as text, the range as written, the flag as FHIR’s interpretation', () => {
    const observations = resources(bundle, 'Observation');
    expect(observations[0]).toMatchObject({ code: { text: 'Haemoglobin' }, valueQuantity: { value: 11.2, unit: 'g/dL' }, referenceRange: [{ text: '13 – 17' }], interpretation: [{ coding: [{ code: 'L' }] }] });
    expect(observations[1]).toMatchObject({ valueString: 'Negative' });
    expect(observations[1]!.interpretation).toBeUndefined();
    expect(observations[2]).toMatchObject({ interpretation: [{ coding: [{ code: 'N' }] }] });
  });
});
