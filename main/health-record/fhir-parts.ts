/**
 * The parts every document the app links shares, as the national FHIR profiles (NRCES, "FHIR
 * Implementation Guide for ABDM", https://nrces.in/ndhm/fhir/r4/) have them: the Patient with
 * their ABHA number and address as identifiers, the Practitioner, the clinic as the
 * Organization (its HIP id), the Encounter, and the document Bundle itself, whose entries are
 * referred to by `urn:uuid:` full URLs that resolve inside it. Pure.
 */
import type { PatientSex } from '../../contract/patients';
import { FHIR_TEST_DATA_TAG } from '../../contract/test-data';

export type FhirResource = { resourceType: string; id: string } & Record<string, unknown>;

export interface BundleEntry {
  fullUrl: string;
  resource: FhirResource;
}

export interface FhirBundle {
  resourceType: 'Bundle';
  id: string;
  meta: Record<string, unknown>;
  identifier: { system: string; value: string };
  type: 'document';
  timestamp: string;
  entry: BundleEntry[];
}

export const profile = (name: string): string => `https://nrces.in/ndhm/fhir/r4/StructureDefinition/${name}`;
export const SNOMED = 'http://snomed.info/sct';
const IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';
/** The national health ID system, as the IG's examples name it for the ABHA number. */
export const HEALTH_ID_SYSTEM = 'https://healthid.ndhm.gov.in';
/** The facility registry (HFR), whose id a HIP id is. */
export const FACILITY_SYSTEM = 'https://facility.ndhm.gov.in';
/** A document's or bundle's own id: a UUID, as FHIR names one. */
const UUID_SYSTEM = 'urn:ietf:rfc:3986';

export const snomed = (code: string, display: string) => ({ coding: [{ system: SNOMED, code, display }], text: display });

/** The patient as the linked record names them; every part is required before anything is linked. */
export interface BundlePatient {
  name: string;
  sex: PatientSex;
  /** Whole years: the record says the year of birth only. */
  age: number;
  abhaNumber: string | null;
  abhaAddress: string;
}

/** Who wrote the record and where. */
export interface BundleClinic {
  hipId: string;
  facilityName: string | null;
  /** The doctor: the computer's user, until the clinic names its doctors' registry ids. */
  practitioner: { name: string; id: string };
}

/** What every document is made with besides its content: whose, by whom, which version, when. */
export interface DocumentInput {
  patient: BundlePatient;
  clinic: BundleClinic;
  /** The Composition identifier of the version this one replaces; null for the first. */
  replaces: string | null;
  testData: boolean;
  now: Date;
  newId: () => string;
}

/** The resources a document's parts refer to, with their entries. */
export interface Parties {
  patient: BundleEntry;
  practitioner: BundleEntry;
  organization: BundleEntry;
  encounter: BundleEntry;
}

export const ref = (entry: BundleEntry, display?: string) => ({ reference: entry.fullUrl, ...(display ? { display } : {}) });

export function entryOf(resource: FhirResource): BundleEntry {
  return { fullUrl: `urn:uuid:${resource.id}`, resource };
}

/** What a narrative holds: text, escaped, in FHIR's XHTML. */
export function narrative(lines: string[]): { status: 'generated'; div: string } {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { status: 'generated', div: `<div xmlns="http://www.w3.org/1999/xhtml">${lines.map((line) => `<p>${escape(line)}</p>`).join('')}</div>` };
}

const GENDERS: Record<PatientSex, string> = { female: 'female', male: 'male', other: 'other' };

function identifier(text: string, system: string, value: string) {
  return { type: { coding: [{ system: IDENTIFIER_TYPE, code: 'MR', display: 'Medical record number' }], text }, system, value };
}

/** The patient, the doctor, the clinic and the visit, each as its profile asks. */
export function partiesOf(input: { patient: BundlePatient; clinic: BundleClinic; visitStart: string; visitEnd: string; now: Date; newId: () => string }): Parties {
  const { patient, clinic, newId } = input;
  const birthYear = input.now.getFullYear() - patient.age;
  const patientEntry = entryOf({
    resourceType: 'Patient',
    id: newId(),
    meta: { profile: [profile('Patient')] },
    identifier: [
      ...(patient.abhaNumber ? [identifier('ABHA number', HEALTH_ID_SYSTEM, patient.abhaNumber)] : []),
      identifier('ABHA address', HEALTH_ID_SYSTEM, patient.abhaAddress),
    ],
    name: [{ text: patient.name }],
    gender: GENDERS[patient.sex],
    birthDate: String(birthYear).padStart(4, '0'),
  });
  const practitioner = entryOf({
    resourceType: 'Practitioner',
    id: newId(),
    meta: { profile: [profile('Practitioner')] },
    identifier: [{ type: { text: 'User of the computer the note was written on' }, system: 'urn:scribe-desk:practitioner', value: clinic.practitioner.id }],
    name: [{ text: clinic.practitioner.name }],
  });
  const organization = entryOf({
    resourceType: 'Organization',
    id: newId(),
    meta: { profile: [profile('Organization')] },
    identifier: [{ type: { coding: [{ system: IDENTIFIER_TYPE, code: 'PRN', display: 'Provider number' }], text: 'HIP id' }, system: FACILITY_SYSTEM, value: clinic.hipId }],
    name: clinic.facilityName ?? clinic.hipId,
  });
  const encounter = entryOf({
    resourceType: 'Encounter',
    id: newId(),
    meta: { profile: [profile('Encounter')] },
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: ref(patientEntry, patient.name),
    period: { start: input.visitStart, end: input.visitEnd },
    serviceProvider: ref(organization, clinic.facilityName ?? clinic.hipId),
  });
  return { patient: patientEntry, practitioner, organization, encounter };
}

/** A document: the Composition first, then the parties, then what its sections refer to. */
export function documentBundle(input: { composition: FhirResource; parties: Parties; entries: BundleEntry[]; now: Date; testData: boolean; newId: () => string }): FhirBundle {
  const id = input.newId();
  const { parties } = input;
  return {
    resourceType: 'Bundle',
    id,
    // The sandbox's is test data, and says so as FHIR does (HTEST); a real one is for the patient's eyes and their doctors'.
    meta: {
      lastUpdated: input.now.toISOString(),
      profile: [profile('DocumentBundle')],
      security: [input.testData ? FHIR_TEST_DATA_TAG : { system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'V', display: 'very restricted' }],
    },
    identifier: { system: UUID_SYSTEM, value: `urn:uuid:${id}` },
    type: 'document',
    timestamp: input.now.toISOString(),
    entry: [entryOf(input.composition), parties.patient, parties.practitioner, parties.organization, parties.encounter, ...input.entries],
  };
}

/** A Composition's own id and identifier (what a corrected version names as the one it replaces). */
function compositionIdentity(newId: () => string): { id: string; identifier: { system: string; value: string } } {
  const id = newId();
  return { id, identifier: { system: UUID_SYSTEM, value: `urn:uuid:${id}` } };
}

/**
 * A record type's Composition: its profile and SNOMED type, whose (subject), by whom (author,
 * attester), where (custodian, encounter), when, its sections; `amended` and `replaces` the
 * version linked before, where there was one.
 */
export function composition(kind: { profile: string; code: string; display: string; title: string }, parties: Parties, input: DocumentInput & { date: string; section: unknown[] }): FhirResource {
  const { clinic } = input;
  const clinicName = clinic.facilityName ?? clinic.hipId;
  return {
    resourceType: 'Composition',
    ...compositionIdentity(input.newId),
    meta: { profile: [kind.profile] },
    language: 'en-IN',
    status: input.replaces ? 'amended' : 'final',
    type: snomed(kind.code, kind.display),
    title: kind.title,
    subject: ref(parties.patient, input.patient.name),
    encounter: ref(parties.encounter),
    date: input.date,
    author: [ref(parties.practitioner, clinic.practitioner.name)],
    custodian: ref(parties.organization, clinicName),
    attester: [{ mode: 'legal', party: ref(parties.practitioner, clinic.practitioner.name) }],
    ...(input.replaces ? { relatesTo: [{ code: 'replaces', targetIdentifier: { system: UUID_SYSTEM, value: input.replaces } }] } : {}),
    section: input.section,
  };
}
