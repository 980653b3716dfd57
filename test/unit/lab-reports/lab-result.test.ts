import { describe, expect, it } from 'vitest';
import { labReportResultSchema } from '../../../main/api/response-schemas';
import { readLabReportResult } from '../../../main/lab-reports/lab-result';

const read = (body: unknown) => readLabReportResult(labReportResultSchema.parse(body));
const fhir = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

const haemoglobin = {
  test_name: 'Haemoglobin',
  data: { value: 11.2, unit: 'g/dL', normal_range_report: '{"min":13,"max":17}', display_range: '13 - 17' },
  confidence: 0.97,
};

describe('a lab report result', () => {
  it('is pending while queued or being read', () => {
    expect(read({ status: 'queued' })).toEqual({ state: 'pending', status: 'queued' });
    expect(read({ status: 'inprogress' })).toEqual({ state: 'pending', status: 'inprogress' });
  });

  it('reads tests with flags from their ranges, details and the FHIR bundle', () => {
    const answer = read({
      status: 'completed',
      data: {
        fhir: fhir({ resourceType: 'Bundle', type: 'collection', entry: [] }),
        output: {
          data: [
            haemoglobin,
            { test_name: 'Total cholesterol', data: { value: 212, unit: 'mg/dL', normal_range_report: '{"max":200}' }, confidence: 95 },
            { test_name: 'TSH', data: { value: '2.1', unit_processed: 'µIU/mL', normal_range_eka: '{"min":0.4,"max":4.0}' } },
            { test_name: 'Blood group', data: { value: 'B positive' } },
            { test_name: 'Sodium', data: {}, normalised_data: { value: 139, unit: 'mmol/L', display_range: '135 - 145' } },
            { test_name: null, data: { value: 1 } },
            { test_name: 'Empty', data: { value: '' } },
          ],
          pii: { 'doc-1': [{ PageNum: 1, Patient: { Age: { Years: 54 }, Gender: 'Female', Name: 'Sunita Sharma' }, Report: { SampleCollectionDate: '2026-11-20T08:30:00Z', Facility: 'City Lab', Doctor: 'Dr. Rao' } }] },
        },
      },
    });
    expect(answer.state).toBe('completed');
    if (answer.state !== 'completed') return;
    const { report } = answer;
    expect(report.tests).toEqual([
      { name: 'Haemoglobin', value: '11.2', unit: 'g/dL', range: '13 - 17', flag: 'low', confidence: 0.97 },
      { name: 'Total cholesterol', value: '212', unit: 'mg/dL', range: '≤ 200', flag: 'high', confidence: 0.95 },
      { name: 'TSH', value: '2.1', unit: 'µIU/mL', range: '0.4 – 4', flag: 'normal', confidence: null },
      { name: 'Blood group', value: 'B positive', unit: '', range: '', flag: 'unknown', confidence: null },
      { name: 'Sodium', value: '139', unit: 'mmol/L', range: '135 - 145', flag: 'normal', confidence: null },
    ]);
    expect(report.unreadableTests).toBe(2);
    expect(report.notices).toEqual(['2 tests could not be read and are not shown.']);
    expect(report.details).toEqual({ patientName: 'Sunita Sharma', age: '54 years', gender: 'Female', sampleDate: '2026-11-20T08:30:00Z', lab: 'City Lab', doctor: 'Dr. Rao' });
    expect(JSON.parse(report.fhir!)).toMatchObject({ resourceType: 'Bundle' });
  });

  it('keeps what it can when parts are broken', () => {
    const answer = read({ status: 'completed', data: { fhir: '%%%not base64', output: { data: [haemoglobin], pii: { __proto__: [{ Patient: { Name: 'X' } }], other: 'no' } } } });
    if (answer.state !== 'completed') throw new Error(answer.state);
    expect(answer.report.tests).toHaveLength(1);
    expect(answer.report.fhir).toBeNull();
    expect(answer.report.notices).toEqual(['The FHIR bundle is not valid base64.']);
    expect(read({ status: 'completed' })).toMatchObject({ state: 'completed', report: { tests: [], details: null, notices: ['The service sent no readable values for this document.'] } });
    const huge = read({ status: 'completed', data: { output: { data: [{ ...haemoglobin, test_name: 'Ω'.repeat(100_000) }] } } });
    if (huge.state !== 'completed') throw new Error(huge.state);
    expect(huge.report.tests[0]!.name.length).toBeLessThanOrEqual(200);
  });

  it('says why the service could not read a document', () => {
    expect(read({ status: 'error', error: [{ code: 4001, message: 'No lab values could be read from this document.' }] })).toEqual({
      state: 'error',
      message: 'The service could not read this document: No lab values could be read from this document (code 4001).',
    });
    expect(read({ status: 'error', error: 'x'.repeat(10) })).toEqual({ state: 'error', message: 'The service could not read this document (it gave no reason).' });
    expect(read({ status: 'deleted' })).toEqual({ state: 'deleted' });
    expect(labReportResultSchema.safeParse({ status: 'constructor' }).success).toBe(false);
  });
});
