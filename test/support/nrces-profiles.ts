/**
 * The national FHIR profiles' required elements, fixed codes and references, as the NRCES
 * "FHIR Implementation Guide for ABDM" (https://nrces.in/ndhm/fhir/r4/, v6.5.0; its profiles'
 * differential views, and NRCES's own samples in github.com/HL7India/nrces-fhir-samples) lists
 * them, written down apart from the code that builds the bundles, so that a test of one against
 * the other can fail. `profileProblems` returns every rule a bundle breaks, as a path and a few words.
 */
import { unresolvedReferences } from '../../main/sandbox/sandbox-bundle-check';

type Json = Record<string, unknown>;
const NRCES = 'https://nrces.in/ndhm/fhir/r4/StructureDefinition/';
const SNOMED = 'http://snomed.info/sct';

/** The elements each profile requires (cardinality 1..), by resource; `one of` for a choice type. */
const REQUIRED: Record<string, { profile: string; elements: Array<string | string[]> }> = {
  Patient: { profile: 'Patient', elements: ['identifier', 'name', 'gender'] },
  Practitioner: { profile: 'Practitioner', elements: ['identifier', 'name'] },
  Organization: { profile: 'Organization', elements: ['identifier', 'name'] },
  Encounter: { profile: 'Encounter', elements: ['status', 'class', 'subject'] },
  MedicationRequest: { profile: 'MedicationRequest', elements: ['status', 'intent', ['medicationCodeableConcept', 'medicationReference'], 'subject', 'authoredOn', 'requester'] },
  DocumentReference: { profile: 'DocumentReference', elements: ['status', 'type', 'subject', 'content'] },
  DiagnosticReport: { profile: 'DiagnosticReportLab', elements: ['status', 'code', 'subject'] },
  Observation: { profile: 'Observation', elements: ['status', 'code', 'subject', ['valueQuantity', 'valueString', 'valueCodeableConcept', 'dataAbsentReason']] },
};

/** The record types' Compositions: profile, SNOMED code, and what their sections' entries may be. */
export const COMPOSITIONS = {
  OPConsultRecord: { code: '371530004', entries: ['MedicationRequest', 'DocumentReference', 'Condition', 'AllergyIntolerance', 'Procedure', 'ServiceRequest', 'Appointment', 'Observation', 'MedicationStatement'] },
  PrescriptionRecord: { code: '440545006', entries: ['MedicationRequest', 'Binary'] },
  DiagnosticReportRecord: { code: '721981007', entries: ['DiagnosticReport', 'DocumentReference'] },
} as const;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const profilesOf = (resource: Json): unknown[] => (isObject(resource.meta) && Array.isArray(resource.meta.profile) ? resource.meta.profile : []);

function resolveIn(bundle: Json, reference: unknown): Json | undefined {
  const target = isObject(reference) ? reference.reference : undefined;
  const entry = (bundle.entry as Json[]).find((item) => item.fullUrl === target);
  return entry ? (entry.resource as Json) : undefined;
}

function resourceProblems(resource: Json, at: string): string[] {
  const rule = REQUIRED[String(resource.resourceType)];
  if (!rule) return [];
  const problems: string[] = [];
  if (!profilesOf(resource).includes(`${NRCES}${rule.profile}`)) problems.push(`${at}.meta.profile: not ${rule.profile}`);
  for (const element of rule.elements) {
    const names = Array.isArray(element) ? element : [element];
    if (!names.some((name) => present(resource[name]))) problems.push(`${at}.${names.join('|')}: required`);
  }
  if (resource.resourceType === 'Patient' || resource.resourceType === 'Practitioner' || resource.resourceType === 'Organization') {
    for (const [index, identifier] of ((resource.identifier as Json[]) ?? []).entries()) if (!present(identifier.value) || !present(identifier.system)) problems.push(`${at}.identifier[${index}]: system and value required`);
  }
  if (resource.resourceType === 'DocumentReference') {
    for (const [index, content] of ((resource.content as Json[]) ?? []).entries()) {
      const attachment = content.attachment as Json | undefined;
      if (!attachment || !present(attachment.contentType) || !(present(attachment.data) || present(attachment.url))) problems.push(`${at}.content[${index}].attachment: contentType and data required`);
    }
  }
  return problems;
}

function compositionProblems(bundle: Json, composition: Json, kind: keyof typeof COMPOSITIONS): string[] {
  const problems: string[] = [];
  const at = 'Composition';
  if (!profilesOf(composition).includes(`${NRCES}${kind}`)) problems.push(`${at}.meta.profile: not ${kind}`);
  for (const name of ['status', 'type', 'subject', 'date', 'author', 'title', 'section']) if (!present(composition[name])) problems.push(`${at}.${name}: required`);
  if (!['final', 'amended', 'preliminary', 'entered-in-error'].includes(String(composition.status))) problems.push(`${at}.status: not a Composition status`);
  const coding = isObject(composition.type) && Array.isArray(composition.type.coding) ? (composition.type.coding as Json[]) : [];
  if (!coding.some((code) => code.system === SNOMED && code.code === COMPOSITIONS[kind].code)) problems.push(`${at}.type: not SNOMED ${COMPOSITIONS[kind].code}`);
  if (resolveIn(bundle, composition.subject)?.resourceType !== 'Patient') problems.push(`${at}.subject: no Patient of the bundle`);
  for (const author of (composition.author as unknown[]) ?? []) if (!['Practitioner', 'Organization', 'PractitionerRole'].includes(String(resolveIn(bundle, author)?.resourceType))) problems.push(`${at}.author: no Practitioner of the bundle`);
  if (composition.encounter && resolveIn(bundle, composition.encounter)?.resourceType !== 'Encounter') problems.push(`${at}.encounter: no Encounter of the bundle`);
  if (composition.custodian && resolveIn(bundle, composition.custodian)?.resourceType !== 'Organization') problems.push(`${at}.custodian: no Organization of the bundle`);
  for (const [index, section] of ((composition.section as Json[]) ?? []).entries()) {
    const where = `${at}.section[${index}]`;
    if (!present(section.title) || !present(section.code)) problems.push(`${where}: title and code required`);
    const entries = (section.entry as unknown[]) ?? [];
    // cmp-1: text, entries or sections; cmp-2: an emptyReason only where there are no entries.
    if (entries.length === 0 && !present(section.text) && !present(section.section)) problems.push(`${where}: neither entries nor text (cmp-1)`);
    if (entries.length > 0 && present(section.emptyReason)) problems.push(`${where}: emptyReason with entries (cmp-2)`);
    for (const entry of entries) {
      const type = String(resolveIn(bundle, entry)?.resourceType);
      if (!(COMPOSITIONS[kind].entries as readonly string[]).includes(type)) problems.push(`${where}.entry: ${type} is not an entry of ${kind}`);
    }
  }
  return problems;
}

/** Every rule of the document bundle and its Composition of `kind` that `bundle` breaks; [] when none. */
export function profileProblems(bundle: unknown, kind: keyof typeof COMPOSITIONS): string[] {
  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') return ['not a Bundle'];
  const problems: string[] = [];
  if (bundle.type !== 'document') problems.push('Bundle.type: not document');
  if (!profilesOf(bundle).includes(`${NRCES}DocumentBundle`)) problems.push('Bundle.meta.profile: not DocumentBundle');
  // bdl-9: a document has an identifier with a system and a value; bdl-10: a timestamp.
  if (!isObject(bundle.identifier) || !present(bundle.identifier.system) || !present(bundle.identifier.value)) problems.push('Bundle.identifier: system and value required (bdl-9)');
  if (!present(bundle.timestamp)) problems.push('Bundle.timestamp: required (bdl-10)');
  const entries = Array.isArray(bundle.entry) ? (bundle.entry as Json[]) : [];
  if (entries.length === 0) return [...problems, 'Bundle.entry: required'];
  const fullUrls = entries.map((entry) => entry.fullUrl);
  if (new Set(fullUrls).size !== fullUrls.length) problems.push('Bundle.entry.fullUrl: not unique (bdl-7)');
  entries.forEach((entry, index) => {
    if (typeof entry.fullUrl !== 'string' || !isObject(entry.resource)) problems.push(`Bundle.entry[${index}]: fullUrl and resource required`);
    else if (entry.fullUrl !== `urn:uuid:${String(entry.resource.id)}`) problems.push(`Bundle.entry[${index}].fullUrl: not urn:uuid of its resource's id`);
  });
  const composition = entries[0]!.resource as Json;
  // bdl-11: a document's first entry is a Composition.
  if (composition.resourceType !== 'Composition') return [...problems, 'Bundle.entry[0]: not a Composition (bdl-11)'];
  problems.push(...compositionProblems(bundle, composition, kind));
  entries.slice(1).forEach((entry, index) => problems.push(...resourceProblems(entry.resource as Json, `${String((entry.resource as Json).resourceType)}[${index + 1}]`)));
  problems.push(...unresolvedReferences(bundle).map((reference) => `reference ${reference}: no entry of the bundle`));
  return problems;
}
