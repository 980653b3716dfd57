/**
 * The parsing result of an uploaded lab report (`FileProcessingResponse`, as the api read it),
 * read into what the app keeps: each test with its value, unit, range and a flag computed
 * from the range; the patient details of the `pii` task; the FHIR bundle decoded and checked.
 * Lenient per test (one that cannot be read is counted, never spoils the rest); every text
 * bounded. Pure.
 */
import { z } from 'zod';
import type { LabReportDetails, LabTest } from '../../contract/lab-reports';
import type { LabReportResultAnswer } from '../api/lab-reports-api';
import { serviceCode, serviceText } from '../api/service-text';
import { decodeValue } from '../results/output-content';
import { describeRange, flagOf, rangeFromJson, rangeFromText } from './lab-range';
import type { LabReport } from './lab-report';

export type LabReportParseAnswer =
  | { state: 'pending'; status: 'queued' | 'inprogress' }
  | { state: 'completed'; report: LabReport }
  | { state: 'error'; message: string }
  | { state: 'deleted' };

const MAX_TESTS = 1_000;
const MAX_PAGES = 50;

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const looseText = optional(z.union([z.string(), z.number()]));

const measurementSchema = z.object({
  value: looseText,
  unit: looseText,
  unit_processed: looseText,
  normal_range_report: z.unknown().optional(),
  normal_range_eka: z.unknown().optional(),
  display_range: looseText,
});
type Measurement = z.infer<typeof measurementSchema>;

const testSchema = z.object({
  test_name: z.union([z.string().trim().min(1), z.number()]),
  data: optional(measurementSchema),
  normalised_data: optional(measurementSchema),
  confidence: optional(z.number()),
});

const outputSchema = z.object({
  data: optional(z.array(z.unknown())),
  // Walked by hand: its keys are the service's, and one could be named `__proto__`.
  pii: z.unknown().optional(),
});

const pageSchema = z.object({
  Patient: optional(
    z.object({
      Age: optional(z.object({ Years: optional(z.number().int().min(0).max(150)), Months: optional(z.number().int().min(0).max(24)), Days: optional(z.number().int().min(0).max(400)) })),
      Gender: looseText,
      Name: looseText,
    }),
  ),
  Report: optional(
    z.object({
      SampleCollectionDate: looseText,
      SampleReceivedDate: looseText,
      GeneratedDate: looseText,
      Doctor: looseText,
      Facility: looseText,
    }),
  ),
});

const errorListSchema = z.array(z.object({ code: z.unknown(), message: z.unknown() }).catch({ code: undefined, message: undefined }));

function numberOf(value: string | number | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*[-+]?\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

function shownValue(value: string | number): string {
  return typeof value === 'number' ? String(Number(value.toPrecision(12))) : serviceText(value, 100);
}

/** 0 to 1; a percentage (up to 100) is scaled; anything else is not given. */
function confidenceOf(value: number | undefined): number | null {
  if (value === undefined || !Number.isFinite(value) || value < 0) return null;
  if (value <= 1) return value;
  return value <= 100 ? value / 100 : null;
}

function testOf(raw: unknown): LabTest | null {
  const parsed = testSchema.safeParse(raw);
  if (!parsed.success) return null;
  const item = parsed.data;
  const measured: Measurement | undefined = item.data?.value !== undefined ? item.data : item.normalised_data;
  if (measured?.value === undefined || String(measured.value).trim() === '') return null;
  const range = rangeFromJson(measured.normal_range_report) ?? rangeFromText(measured.display_range) ?? rangeFromJson(measured.normal_range_eka);
  const displayRange = serviceText(measured.display_range ?? '', 100);
  return {
    name: serviceText(item.test_name, 200),
    value: shownValue(measured.value),
    unit: serviceText(measured.unit ?? measured.unit_processed ?? '', 50),
    range: displayRange || (range ? describeRange(range) : ''),
    flag: flagOf(numberOf(measured.value), range),
    confidence: confidenceOf(item.confidence),
  };
}

function ageOf(age: { Years?: number; Months?: number; Days?: number } | undefined): string | null {
  if (!age) return null;
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (age.Years !== undefined && age.Years > 0) return plural(age.Years, 'year');
  if (age.Months !== undefined && age.Months > 0) return plural(age.Months, 'month');
  if (age.Days !== undefined) return plural(age.Days, 'day');
  return age.Years === 0 ? '0 years' : null;
}

const orNull = (value: string | number | undefined) => serviceText(value ?? '', 200) || null;

/** The patient details of the first page that has any; null when none does. */
function detailsOf(pii: unknown): LabReportDetails | null {
  if (typeof pii !== 'object' || pii === null || Array.isArray(pii)) return null;
  const pages = Object.values(pii)
    .flatMap((value) => (Array.isArray(value) ? value.slice(0, MAX_PAGES) : []))
    .slice(0, MAX_PAGES);
  for (const raw of pages) {
    const page = pageSchema.safeParse(raw);
    if (!page.success) continue;
    const { Patient: patient, Report: report } = page.data;
    const details: LabReportDetails = {
      patientName: orNull(patient?.Name),
      age: ageOf(patient?.Age),
      gender: orNull(patient?.Gender),
      sampleDate: orNull(report?.SampleCollectionDate ?? report?.SampleReceivedDate ?? report?.GeneratedDate),
      lab: orNull(report?.Facility),
      doctor: orNull(report?.Doctor),
    };
    if (Object.values(details).some((value) => value !== null)) return details;
  }
  return null;
}

function errorMessage(raw: unknown): string {
  const parsed = errorListSchema.safeParse(raw);
  const first = parsed.success ? parsed.data.find((item) => serviceText(item.message) !== '') : undefined;
  if (!first) return 'The service could not read this document (it gave no reason).';
  const code = serviceCode(first.code);
  return `The service could not read this document: ${serviceText(first.message).replace(/\.$/, '')}${code ? ` (code ${code})` : ''}.`;
}

function reportOf(data: unknown): LabReport {
  const notices: string[] = [];
  const body = z.object({ fhir: optional(z.string()), output: z.unknown().optional() }).safeParse(data);
  const output = outputSchema.safeParse(body.success ? body.data.output : undefined);
  if (!body.success || !output.success) notices.push('The service sent no readable values for this document.');
  const rawTests = output.success ? (output.data.data ?? []) : [];
  const tests = rawTests
    .slice(0, MAX_TESTS)
    .map(testOf)
    .filter((test): test is LabTest => test !== null);
  const unreadableTests = rawTests.length - tests.length;
  if (unreadableTests > 0) notices.push(`${unreadableTests} ${unreadableTests === 1 ? 'test' : 'tests'} could not be read and ${unreadableTests === 1 ? 'is' : 'are'} not shown.`);
  let fhir: string | null = null;
  const encoded = body.success ? body.data.fhir : undefined;
  if (encoded !== undefined && encoded.trim() !== '') {
    const content = decodeValue({ template_id: '', type: 'fhir', value: encoded });
    if (content.kind === 'fhir') fhir = content.json;
    else if (content.kind === 'invalid') notices.push(content.problem.replace('FHIR output', 'FHIR bundle').replace('The output', 'The FHIR bundle'));
  }
  return { version: 1, tests, unreadableTests, details: detailsOf(output.success ? output.data.pii : undefined), fhir, notices };
}

/** The answer of GET /mr/api/v1/docs/{id}/result, as the api read it. */
export function readLabReportResult(answer: LabReportResultAnswer): LabReportParseAnswer {
  switch (answer.status) {
    case 'queued':
    case 'inprogress':
      return { state: 'pending', status: answer.status };
    case 'completed':
      return { state: 'completed', report: reportOf(answer.data) };
    case 'error':
      return { state: 'error', message: errorMessage(answer.error) };
    case 'deleted':
      return { state: 'deleted' };
  }
}
