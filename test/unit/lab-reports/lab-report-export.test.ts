import { describe, expect, it } from 'vitest';
import { fhirExportFile } from '../../../main/lab-reports/lab-report-export';

const BUNDLE = JSON.stringify({ resourceType: 'Bundle', id: 'b-1', type: 'collection', entry: [{ resource: { resourceType: 'Patient' } }] }, null, 2);
const HTEST = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST', display: 'test health data' };
/** 10:35 on 25 Nov 2026 in this computer's time zone, as file names give it. */
const CREATED = new Date(2026, 10, 25, 10, 35).toISOString();

describe("a lab report's FHIR export", () => {
  it("is named for the patient's label and time, and leaves a real service's bundle as it came", () => {
    expect(fhirExportFile(BUNDLE, { label: 'Ramesh Kumar, 54M', createdAt: CREATED, testData: false })).toEqual({
      fileName: 'Ramesh-Kumar-54M-2026-11-25-1035-lab-report-fhir.json',
      json: BUNDLE,
    });
    expect(fhirExportFile(BUNDLE, { label: '', createdAt: CREATED, testData: false }).fileName).toBe('lab-report-2026-11-25-1035-fhir.json');
  });

  it("says the sandbox's test data in its name and inside, with FHIR's own HTEST label on the bundle", () => {
    const file = fhirExportFile(BUNDLE, { label: 'Ramesh Kumar, 54M', createdAt: CREATED, testData: true });
    expect(file.fileName).toBe('Ramesh-Kumar-54M-2026-11-25-1035-lab-report-fhir-TEST-DATA.json');
    const bundle = JSON.parse(file.json) as Record<string, unknown>;
    expect(Object.keys(bundle)).toEqual(['resourceType', 'id', 'meta', 'type', 'entry']);
    expect(bundle.meta).toEqual({ security: [HTEST] });
    expect(bundle.entry).toEqual([{ resource: { resourceType: 'Patient' } }]);
  });

  it('keeps the labels a bundle has, adds HTEST once, and leaves text that is no object as it is', () => {
    const labelled = JSON.stringify({ resourceType: 'Bundle', meta: { lastUpdated: '2026-11-14', security: [{ system: 'x', code: 'R' }, HTEST] } });
    const marked = JSON.parse(fhirExportFile(labelled, { label: '', createdAt: CREATED, testData: true }).json) as { meta: unknown };
    expect(marked.meta).toEqual({ lastUpdated: '2026-11-14', security: [{ system: 'x', code: 'R' }, HTEST] });
    const odd = JSON.stringify({ resourceType: 'Bundle', meta: 'not an object' });
    expect(JSON.parse(fhirExportFile(odd, { label: '', createdAt: CREATED, testData: true }).json)).toEqual({ resourceType: 'Bundle', meta: { security: [HTEST] } });
    expect(fhirExportFile('[1, 2]', { label: '', createdAt: CREATED, testData: true }).json).toBe('[1, 2]');
  });
});
