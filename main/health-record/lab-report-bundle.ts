/**
 * A checked lab report as the national DiagnosticReportRecord document (NRCES): the Composition
 * (SNOMED 721981007 "Diagnostic studies report") with a "Laboratory report" section that refers
 * to a DiagnosticReport (profile DiagnosticReportLab), whose results are one Observation per
 * test as read and checked: the value (a quantity where it is a number), its unit, its
 * reference range as written, and Low, High or Normal as the app computed it. Pure.
 */
import type { LabTest } from '../../contract/lab-reports';
import { composition, documentBundle, entryOf, narrative, partiesOf, profile, ref, snomed, type BundleEntry, type DocumentInput, type FhirBundle, type Parties } from './fhir-parts';

export interface CheckedLabReport {
  tests: LabTest[];
  /** The laboratory as the report names it, when it does. */
  lab: string | null;
  /** When the report was added, and when the doctor marked its values checked (ISO 8601). */
  addedAt: string;
  reviewedAt: string;
}

export interface LabReportBundleInput extends DocumentInput {
  report: CheckedLabReport;
}

export const DIAGNOSTIC_REPORT = { profile: profile('DiagnosticReportRecord'), code: '721981007', display: 'Diagnostic studies report', title: 'Laboratory report' } as const;
const LAB_SECTION = snomed('4241000179101', 'Laboratory report');
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const FLAGS = { low: { code: 'L', display: 'Low' }, high: { code: 'H', display: 'High' }, normal: { code: 'N', display: 'Normal' } } as const;

function observation(test: LabTest, parties: Parties, input: LabReportBundleInput): BundleEntry {
  const number = /^[-+]?\d+(\.\d+)?$/.test(test.value.trim()) ? Number(test.value.trim()) : null;
  const value = number !== null ? { valueQuantity: { value: number, ...(test.unit ? { unit: test.unit } : {}) } } : { valueString: test.value };
  const flag = test.flag === 'unknown' ? null : FLAGS[test.flag];
  return entryOf({
    resourceType: 'Observation',
    id: input.newId(),
    meta: { profile: [profile('Observation')] },
    status: 'final',
    code: { text: test.name },
    subject: ref(parties.patient, input.patient.name),
    ...value,
    ...(test.range ? { referenceRange: [{ text: test.range }] } : {}),
    ...(flag ? { interpretation: [{ coding: [{ system: INTERPRETATION, ...flag }], text: flag.display }] } : {}),
  });
}

export function labReportBundle(input: LabReportBundleInput): FhirBundle {
  const { report, patient, clinic, now, newId } = input;
  const parties = partiesOf({ patient, clinic, visitStart: report.addedAt, visitEnd: report.reviewedAt, now, newId });
  const results = report.tests.map((test) => observation(test, parties, input));
  const flagged = report.tests.filter((test) => test.flag === 'low' || test.flag === 'high');
  const conclusion = flagged.length > 0 ? `Out of range: ${flagged.map((test) => `${test.name} ${test.value}${test.unit ? ` ${test.unit}` : ''} (${FLAGS[test.flag as 'low' | 'high'].display.toLowerCase()})`).join('; ')}.` : 'All values read are within their ranges.';
  const diagnosticReport = entryOf({
    resourceType: 'DiagnosticReport',
    id: newId(),
    meta: { profile: [profile('DiagnosticReportLab')] },
    status: 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] }],
    code: { text: 'Laboratory report' },
    subject: ref(parties.patient, patient.name),
    encounter: ref(parties.encounter),
    issued: report.reviewedAt,
    ...(report.lab ? { performer: [{ display: report.lab }] } : {}),
    resultsInterpreter: [ref(parties.practitioner, clinic.practitioner.name)],
    result: results.map((entry) => ref(entry)),
    conclusion,
  });
  const section = [{ title: 'Laboratory report', code: LAB_SECTION, text: narrative([conclusion]), entry: [ref(diagnosticReport)] }];
  return documentBundle({ composition: composition(DIAGNOSTIC_REPORT, parties, { ...input, date: report.reviewedAt, section }), parties, entries: [diagnosticReport, ...results], now, testData: input.testData, newId });
}
