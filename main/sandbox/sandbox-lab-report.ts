/**
 * What the sandbox "reads" from a lab report: it cannot read documents, so every report
 * gives the same fictional patient and the same 12-test panel (CBC, lipids, HbA1c,
 * thyroid, vitamin D), as the service's parsed output and as a FHIR R4 Bundle. The values
 * look like a real panel's, so everything around them says it is test data: the patient,
 * the lab and the doctor by name, the bundle by FHIR's test-data label (HTEST). Pure.
 */
import { createHash } from 'node:crypto';
import { FHIR_TEST_DATA_TAG } from '../../contract/test-data';

interface Range {
  min?: number;
  max?: number;
}

interface Measure {
  value: number;
  unit: string;
  /** UCUM code, for FHIR. */
  ucum: string;
  range?: Range;
}

interface LabTest {
  name: string;
  loinc: string;
  /** As printed on the report. */
  reported: Measure & { printedUnit: string; display?: string };
  /** In the service's standard unit (the reported one when it needs no conversion). */
  normalised?: Measure;
  confidence: number;
}

const LAB_TESTS: LabTest[] = [
  {
    name: 'Haemoglobin',
    loinc: '718-7',
    reported: { value: 10.8, printedUnit: 'gm/dL', unit: 'g/dL', ucum: 'g/dL', range: { min: 12, max: 15 }, display: '12.0 - 15.0' },
    confidence: 0.98,
  },
  {
    name: 'Total Leucocyte Count',
    loinc: '6690-2',
    reported: { value: 12_400, printedUnit: 'cells/cumm', unit: 'cells/µL', ucum: '/uL', range: { min: 4_000, max: 10_000 }, display: '4000 - 10000' },
    normalised: { value: 12.4, unit: '10^3/µL', ucum: '10*3/uL', range: { min: 4, max: 10 } },
    confidence: 0.97,
  },
  {
    name: 'Platelet Count',
    loinc: '777-3',
    reported: { value: 2.45, printedUnit: 'lakhs/cumm', unit: 'lakh/µL', ucum: '10*5/uL', range: { min: 1.5, max: 4.1 }, display: '1.5 - 4.1' },
    normalised: { value: 245, unit: '10^3/µL', ucum: '10*3/uL', range: { min: 150, max: 410 } },
    confidence: 0.96,
  },
  {
    name: 'Total Cholesterol',
    loinc: '2093-3',
    reported: { value: 212, printedUnit: 'mg/dl', unit: 'mg/dL', ucum: 'mg/dL', range: { max: 200 }, display: '< 200' },
    confidence: 0.99,
  },
  {
    name: 'HDL Cholesterol',
    loinc: '2085-9',
    reported: { value: 46, printedUnit: 'mg/dl', unit: 'mg/dL', ucum: 'mg/dL', range: { min: 40 }, display: '> 40' },
    confidence: 0.97,
  },
  {
    name: 'LDL Cholesterol',
    loinc: '13457-7',
    reported: { value: 148, printedUnit: 'mg/dl', unit: 'mg/dL', ucum: 'mg/dL', range: { min: 0, max: 100 }, display: '0 - 100' },
    confidence: 0.95,
  },
  {
    name: 'Triglycerides',
    loinc: '2571-8',
    reported: { value: 132, printedUnit: 'mg/dl', unit: 'mg/dL', ucum: 'mg/dL', range: { min: 0, max: 150 }, display: '0 - 150' },
    confidence: 0.98,
  },
  {
    name: 'Non-HDL Cholesterol',
    loinc: '43396-1',
    reported: { value: 166, printedUnit: 'mg/dl', unit: 'mg/dL', ucum: 'mg/dL' },
    confidence: 0.94,
  },
  {
    name: 'HbA1c (Glycated Haemoglobin)',
    loinc: '4548-4',
    reported: { value: 7.4, printedUnit: '%', unit: '%', ucum: '%', range: { min: 4, max: 5.6 }, display: '4.0 - 5.6' },
    confidence: 0.99,
  },
  {
    name: 'TSH (Thyroid Stimulating Hormone)',
    loinc: '3016-3',
    reported: { value: 3.2, printedUnit: 'µIU/mL', unit: 'µIU/mL', ucum: 'u[IU]/mL', range: { min: 0.35, max: 5.5 }, display: '0.35 - 5.50' },
    confidence: 0.96,
  },
  {
    name: 'Free T4',
    loinc: '3024-7',
    reported: { value: 1.12, printedUnit: 'ng/dL', unit: 'ng/dL', ucum: 'ng/dL', range: { min: 0.89, max: 1.76 }, display: '0.89 - 1.76' },
    confidence: 0.62,
  },
  {
    name: 'Vitamin D (25-Hydroxy)',
    loinc: '62292-8',
    reported: { value: 14.2, printedUnit: 'ng/mL', unit: 'ng/mL', ucum: 'ng/mL', range: { min: 30, max: 100 }, display: '30 - 100' },
    normalised: { value: 35.4, unit: 'nmol/L', ucum: 'nmol/L', range: { min: 75, max: 250 } },
    confidence: 0.97,
  },
];

/** The report's patient; a label "Sunita Sharma, 54F" matches it, "Ramesh Kumar, 54M" does not. */
const PATIENT = { name: 'Sunita Sharma (test patient)', given: 'Sunita', family: 'Sharma', gender: 'Female', age: 54 };
const REPORT = {
  sampleCollected: '2026-11-14T02:45:00Z',
  sampleReceived: '2026-11-14T05:10:00Z',
  generated: '2026-11-14T12:30:00Z',
  doctor: 'Dr. Anil Rao (sandbox)',
  facility: 'Sandbox Diagnostics (test data), Pune',
};
const TEST_DATA_META = { security: [FHIR_TEST_DATA_TAG] };

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const rangeText = (range: Range | undefined) => (range ? JSON.stringify(range) : undefined);

function testItem(test: LabTest, index: number) {
  const { reported } = test;
  const normalised = test.normalised ?? reported;
  return {
    test_name: test.name,
    data: {
      value: reported.value,
      unit: reported.printedUnit,
      unit_processed: reported.unit,
      normal_range_report: rangeText(reported.range),
      normal_range_eka: rangeText(reported.range),
      unit_eka_id: `sandbox-unit-${slug(reported.unit)}`,
      display_range: reported.display,
    },
    normalised_data: {
      value: normalised.value,
      unit: normalised.unit,
      normal_range_report: rangeText(normalised.range),
      normal_range_eka: rangeText(normalised.range),
      unit_eka_id: `sandbox-unit-${slug(normalised.unit)}`,
    },
    confidence: test.confidence,
    test_eka_id: `sandbox-test-${String(index + 1).padStart(4, '0')}`,
    loinc_id: test.loinc,
  };
}

/** The parsed tests (`output.data`); a test without a range has no range fields. */
export function labTests() {
  return LAB_TESTS.map(testItem);
}

/** The patient and report details (`output.pii`), keyed by the document id. */
export function labReportPii(documentId: string) {
  return {
    [documentId]: [
      {
        PageNum: 1,
        DocumentDate: Date.parse(REPORT.generated) / 1000,
        Patient: { Age: { Years: PATIENT.age }, Gender: PATIENT.gender, Name: PATIENT.name },
        Report: {
          SampleCollectionDate: REPORT.sampleCollected,
          SampleReceivedDate: REPORT.sampleReceived,
          GeneratedDate: REPORT.generated,
          Doctor: REPORT.doctor,
          Facility: REPORT.facility,
        },
      },
    ],
  };
}

/** A stable UUID for one resource of one document. */
function uuidFor(documentId: string, resource: string): string {
  const hex = createHash('sha256').update(`${documentId}:${resource}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const INTERPRETATION = { L: 'Low', H: 'High', N: 'Normal' } as const;

function interpretation({ value, range }: Measure): keyof typeof INTERPRETATION | null {
  if (!range) return null;
  if (range.min !== undefined && value < range.min) return 'L';
  if (range.max !== undefined && value > range.max) return 'H';
  return 'N';
}

function observation(test: LabTest, subject: string) {
  const measure = test.normalised ?? test.reported;
  const quantity = (value: number) => ({ value, unit: measure.unit, system: 'http://unitsofmeasure.org', code: measure.ucum });
  const flag = interpretation(measure);
  return {
    resourceType: 'Observation',
    status: 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory', display: 'Laboratory' }] }],
    code: { coding: [{ system: 'http://loinc.org', code: test.loinc, display: test.name }], text: test.name },
    subject: { reference: subject },
    effectiveDateTime: REPORT.sampleCollected,
    valueQuantity: quantity(measure.value),
    ...(measure.range
      ? {
          referenceRange: [
            {
              ...(measure.range.min !== undefined ? { low: quantity(measure.range.min) } : {}),
              ...(measure.range.max !== undefined ? { high: quantity(measure.range.max) } : {}),
              ...(test.reported.display ? { text: test.reported.display } : {}),
            },
          ],
        }
      : {}),
    ...(flag
      ? { interpretation: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: flag, display: INTERPRETATION[flag] }] }] }
      : {}),
  };
}

/** The FHIR R4 Bundle (type `collection`): the patient, the report, one Observation per test. */
export function labReportBundle(documentId: string) {
  const patientUrl = `urn:uuid:${uuidFor(documentId, 'patient')}`;
  const observations = LAB_TESTS.map((test) => ({ fullUrl: `urn:uuid:${uuidFor(documentId, `observation-${test.loinc}`)}`, resource: observation(test, patientUrl) }));
  return {
    resourceType: 'Bundle',
    id: uuidFor(documentId, 'bundle'),
    meta: TEST_DATA_META,
    type: 'collection',
    timestamp: REPORT.generated,
    entry: [
      {
        fullUrl: patientUrl,
        resource: {
          resourceType: 'Patient',
          meta: TEST_DATA_META,
          name: [{ text: PATIENT.name, family: PATIENT.family, given: [PATIENT.given] }],
          gender: PATIENT.gender.toLowerCase(),
        },
      },
      {
        fullUrl: `urn:uuid:${uuidFor(documentId, 'report')}`,
        resource: {
          resourceType: 'DiagnosticReport',
          status: 'final',
          category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] }],
          code: { coding: [{ system: 'http://loinc.org', code: '11502-2', display: 'Laboratory report' }], text: 'Laboratory report' },
          subject: { reference: patientUrl },
          effectiveDateTime: REPORT.sampleCollected,
          issued: REPORT.generated,
          performer: [{ display: REPORT.facility }],
          result: observations.map((entry) => ({ reference: entry.fullUrl })),
        },
      },
      ...observations,
    ],
  };
}
