/**
 * What the sandbox's health exchange checks of a care context's FHIR bundle before it takes it,
 * as a consent manager reading it would: a document bundle (`type: document`) whose first entry
 * is a Composition of the national profile for the record type (OPConsultRecord for an
 * OPConsultation, …) with that profile's SNOMED code, every reference resolving to an entry of
 * the bundle, and a subject whose identifiers hold the ABHA address the record is linked to.
 * Each refusal says what, in a few words. Pure.
 */

const NRCES = 'https://nrces.in/ndhm/fhir/r4/StructureDefinition/';

/** The Composition each record type is, by its profile and SNOMED code. */
export const RECORD_TYPES: Record<string, { profile: string; code: string }> = {
  OPConsultation: { profile: `${NRCES}OPConsultRecord`, code: '371530004' },
  Prescription: { profile: `${NRCES}PrescriptionRecord`, code: '440545006' },
  DiagnosticReport: { profile: `${NRCES}DiagnosticReportRecord`, code: '721981007' },
  DischargeSummary: { profile: `${NRCES}DischargeSummaryRecord`, code: '373942005' },
  ImmunizationRecord: { profile: `${NRCES}ImmunizationRecord`, code: '41000179103' },
  HealthDocumentRecord: { profile: `${NRCES}HealthDocumentRecord`, code: '419891008' },
  WellnessRecord: { profile: `${NRCES}WellnessRecord`, code: 'WellnessRecord' },
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `reference` anywhere in the value. */
function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'reference' && typeof item === 'string') found.push(item);
      else referencesIn(item, found);
    }
  }
  return found;
}

/** The references of a bundle that name no entry of it (none, for a bundle that stands on its own). */
export function unresolvedReferences(bundle: unknown): string[] {
  if (!isObject(bundle) || !Array.isArray(bundle.entry)) return [];
  const fullUrls = new Set(bundle.entry.filter(isObject).map((entry) => entry.fullUrl));
  return referencesIn(bundle.entry).filter((reference) => !fullUrls.has(reference));
}

/** The entry a reference names, or undefined. */
export function resolve(bundle: Json, reference: unknown): Json | undefined {
  const target = isObject(reference) ? reference.reference : undefined;
  const entry = (bundle.entry as unknown[]).find((item) => isObject(item) && item.fullUrl === target);
  return isObject(entry) && isObject(entry.resource) ? entry.resource : undefined;
}

/** Why the sandbox refuses the bundle of a care context of this record type for this address; null when it takes it. */
export function bundleProblem(bundle: unknown, expected: { hiType: string; abhaAddress: string }): string | null {
  const type = RECORD_TYPES[expected.hiType];
  if (!type) return `hi_type ${expected.hiType} is not a record type`;
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') return 'data is not a FHIR Bundle';
  if (bundle.type !== 'document') return 'the Bundle is not of type document';
  if (!Array.isArray(bundle.entry) || bundle.entry.length === 0) return 'the Bundle has no entries';
  if (!bundle.entry.every((entry) => isObject(entry) && typeof entry.fullUrl === 'string' && isObject(entry.resource))) return 'an entry of the Bundle has no fullUrl or resource';
  const composition = (bundle.entry[0] as Json).resource as Json;
  if (composition.resourceType !== 'Composition') return 'the first entry of the Bundle is not a Composition';
  const profiles = isObject(composition.meta) && Array.isArray(composition.meta.profile) ? composition.meta.profile : [];
  if (!profiles.includes(type.profile)) return `the Composition is not of the profile ${type.profile}`;
  const codings = isObject(composition.type) && Array.isArray(composition.type.coding) ? composition.type.coding.filter(isObject) : [];
  if (!codings.some((coding) => coding.system === 'http://snomed.info/sct' && coding.code === type.code)) return `the Composition's type is not SNOMED ${type.code}`;
  const unresolved = unresolvedReferences(bundle);
  if (unresolved.length > 0) return `${unresolved.length} reference(s) name no entry of the Bundle`;
  const subject = resolve(bundle, composition.subject);
  if (subject?.resourceType !== 'Patient') return "the Composition's subject is not a Patient of the Bundle";
  const identifiers = Array.isArray(subject.identifier) ? subject.identifier.filter(isObject) : [];
  if (!identifiers.some((identifier) => identifier.value === expected.abhaAddress)) return 'the Patient does not carry the ABHA address the record is linked to';
  return null;
}
