/** The sandbox's lab report upload and parsing result, spoken to with plain fetch as any client would. */
import { describe, expect, it } from 'vitest';
import { decryptResponse, deriveJweKey, encryptJson, type EncryptedResponse } from '../../../main/api/jwe';
import { MarkerScan } from '../../../main/sandbox/request-body';
import { CLIENT_KEY, KID, MINIMAL_PDF } from '../../support/sandbox-fixture';
import { useClockedSandbox } from '../../support/clocked-sandbox';

const env = useClockedSandbox({ recordProcessingMs: 0 }, { jweKeys: { [KID]: CLIENT_KEY } });

interface TestItem {
  test_name: string;
  data: { value: number; normal_range_report?: string; display_range?: string };
  normalised_data: { value: number; normal_range_eka?: string };
  confidence: number;
  loinc_id: string;
}

interface Answer {
  status?: string;
  data?: { fhir?: string; output: { data?: TestItem[]; pii?: Record<string, unknown[]> } };
}

interface Resource {
  resourceType: string;
  result?: unknown;
  code?: { coding?: Array<{ code?: string }> };
  interpretation?: Array<{ coding: Array<{ code: string }> }>;
}

const auth = () => ({ authorization: `Bearer ${env.sandbox.token}` });
const secret = () => deriveJweKey(CLIENT_KEY, KID).secret;
const pdfWith = (text: string) => Buffer.concat([MINIMAL_PDF, Buffer.from(`% ${text}\n`)]);

async function upload(bytes: Buffer = MINIMAL_PDF, tasks = ['smart', 'pii']): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'report.pdf');
  const query = new URLSearchParams([['dt', 'lr'], ...tasks.map((task): [string, string] => ['task', task])]);
  const response = await fetch(`${env.sandbox.url}/mr/api/v2/docs?${query}`, { method: 'POST', headers: auth(), body: form });
  expect(response.status).toBe(200);
  return ((await response.json()) as { document_id: string }).document_id;
}

async function uploadEncrypted(bytes: Buffer = MINIMAL_PDF): Promise<string> {
  const envelope = await encryptJson({ file: bytes.toString('base64') }, deriveJweKey(CLIENT_KEY, KID));
  const response = await fetch(`${env.sandbox.url}/mr/api/v2/docs?dt=lr&task=smart`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json', 'x-encryption': 'JWE' },
    body: JSON.stringify(envelope),
  });
  expect(response.status).toBe(200);
  const answer = await decryptResponse((await response.json()) as EncryptedResponse, secret(), envelope.protected);
  return (answer as { document_id: string }).document_id;
}

async function result(documentId: string, headers: Record<string, string> = auth()) {
  const response = await fetch(`${env.sandbox.url}/mr/api/v1/docs/${documentId}/result`, { headers });
  return { status: response.status, body: (await response.json()) as Answer };
}

const decrypted = async (documentId: string) => (await decryptResponse((await result(documentId)).body as EncryptedResponse, secret(), null)) as Answer;

const outOfRange = (item: TestItem) => {
  if (!item.normalised_data.normal_range_eka) return false;
  const { min, max } = JSON.parse(item.normalised_data.normal_range_eka) as { min?: number; max?: number };
  return (min !== undefined && item.normalised_data.value < min) || (max !== undefined && item.normalised_data.value > max);
};

describe('sandbox lab report results', () => {
  it('is queued for the first third of recordProcessingMs, then in progress, then completed', async () => {
    env.sandbox.setFaults({ recordProcessingMs: 1_500 });
    const documentId = await upload();
    expect(await result(documentId)).toEqual({ status: 200, body: { status: 'queued' } });
    env.clock.advance(499);
    expect(await result(documentId)).toEqual({ status: 200, body: { status: 'queued' } });
    env.clock.advance(1);
    expect(await result(documentId)).toEqual({ status: 200, body: { status: 'inprogress' } });
    env.clock.advance(999);
    expect(await result(documentId)).toEqual({ status: 200, body: { status: 'inprogress' } });
    env.clock.advance(1);
    expect(await result(documentId)).toMatchObject({ status: 200, body: { status: 'completed' } });
  });

  it('completes with the tests, the patient details and a FHIR bundle, the same every time', async () => {
    const documentId = await upload();
    const { status, body } = await result(documentId);
    expect(status).toBe(200);
    expect(Object.keys(body.data!).sort()).toEqual(['fhir', 'output']);
    const tests = body.data!.output.data!;
    expect(tests).toHaveLength(12);
    expect(tests[0]).toEqual({
      test_name: 'Haemoglobin',
      data: {
        value: 10.8,
        unit: 'gm/dL',
        unit_processed: 'g/dL',
        normal_range_report: '{"min":12,"max":15}',
        normal_range_eka: '{"min":12,"max":15}',
        unit_eka_id: 'sandbox-unit-g-dl',
        display_range: '12.0 - 15.0',
      },
      normalised_data: { value: 10.8, unit: 'g/dL', normal_range_report: '{"min":12,"max":15}', normal_range_eka: '{"min":12,"max":15}', unit_eka_id: 'sandbox-unit-g-dl' },
      confidence: 0.98,
      test_eka_id: 'sandbox-test-0001',
      loinc_id: '718-7',
    });
    expect(tests.filter(outOfRange).map((item) => item.loinc_id)).toEqual(['718-7', '6690-2', '2093-3', '13457-7', '4548-4', '62292-8']);
    expect(tests.find((item) => item.loinc_id === '2093-3')?.data).toMatchObject({ normal_range_report: '{"max":200}', display_range: '< 200' });
    const unranged = tests.filter((item) => item.data.normal_range_report === undefined);
    expect(unranged.map((item) => [item.test_name, 'display_range' in item.data, 'normal_range_eka' in item.normalised_data])).toEqual([['Non-HDL Cholesterol', false, false]]);
    expect(tests.filter((item) => item.confidence < 0.7).map((item) => item.confidence)).toEqual([0.62]);

    expect(body.data!.output.pii).toEqual({
      [documentId]: [
        {
          PageNum: 1,
          DocumentDate: Date.parse('2026-11-14T12:30:00Z') / 1000,
          Patient: { Age: { Years: 54 }, Gender: 'Female', Name: 'Sunita Sharma (test patient)' },
          Report: {
            SampleCollectionDate: '2026-11-14T02:45:00Z',
            SampleReceivedDate: '2026-11-14T05:10:00Z',
            GeneratedDate: '2026-11-14T12:30:00Z',
            Doctor: 'Dr. Anil Rao (sandbox)',
            Facility: 'Sandbox Diagnostics (test data), Pune',
          },
        },
      ],
    });

    const bundle = JSON.parse(Buffer.from(body.data!.fhir!, 'base64').toString('utf8')) as { resourceType: string; type: string; entry: Array<{ fullUrl: string; resource: Resource }> };
    // Test data, and it says so in FHIR's own words (HL7 v3 ActReason HTEST) on the bundle and its patient.
    const htest = { security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST', display: 'test health data' }] };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', meta: htest });
    expect(bundle.entry.every((entry) => /^urn:uuid:[0-9a-f-]{36}$/.test(entry.fullUrl))).toBe(true);
    const resources = bundle.entry.map((entry) => entry.resource);
    expect(resources.map((resource) => resource.resourceType)).toEqual(['Patient', 'DiagnosticReport', ...Array<string>(12).fill('Observation')]);
    expect(resources[0]).toMatchObject({ meta: htest, name: [{ text: 'Sunita Sharma (test patient)' }], gender: 'female' });
    expect(resources[1]).toMatchObject({ status: 'final', category: [{ coding: [{ code: 'LAB' }] }], effectiveDateTime: '2026-11-14T02:45:00Z' });
    expect(resources[1]!.result).toEqual(bundle.entry.slice(2).map((entry) => ({ reference: entry.fullUrl })));
    expect(resources.find((resource) => resource.code?.coding?.[0]?.code === '718-7')).toMatchObject({
      code: { coding: [{ system: 'http://loinc.org', code: '718-7' }] },
      valueQuantity: { value: 10.8, code: 'g/dL' },
      referenceRange: [{ low: { value: 12 }, high: { value: 15 } }],
      interpretation: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'L' }] }],
    });
    const flags = resources.slice(2).map((resource) => resource.interpretation?.[0]?.coding[0]?.code ?? null);
    expect(flags).toEqual(['L', 'H', 'N', 'H', 'N', 'H', 'N', null, 'H', 'N', 'N', 'L']);

    expect((await result(await upload())).body.data!.output.data).toEqual(tests);
  });

  it('answers only what the tasks asked for', async () => {
    const piiOnly = (await result(await upload(MINIMAL_PDF, ['pii']))).body;
    expect(Object.keys(piiOnly.data!)).toEqual(['output']);
    expect(piiOnly.data!.output.data).toEqual([]);
    expect(Object.values(piiOnly.data!.output.pii!)[0]).toHaveLength(1);
    expect((await result(await upload(MINIMAL_PDF, ['classification']))).body).toEqual({ status: 'completed', data: { output: {} } });
    const smartOnly = (await result(await upload(MINIMAL_PDF, ['smart']))).body;
    expect(Object.keys(smartOnly.data!.output)).toEqual(['data']);
  });

  it('ends in error or deleted when the report says so, anywhere in it', async () => {
    const padding = Buffer.alloc(300_000, 0x20);
    const unreadable = await upload(Buffer.concat([MINIMAL_PDF, padding, Buffer.from('SANDBOX-UNREADABLE')]));
    expect((await result(unreadable)).body).toEqual({ status: 'error', error: [{ code: 4001, message: 'No lab values could be read from this document.' }] });
    expect((await result(await upload(pdfWith('SANDBOX-DELETED')))).body).toEqual({ status: 'deleted' });
    expect(await decrypted(await uploadEncrypted(pdfWith('SANDBOX-UNREADABLE')))).toMatchObject({ status: 'error' });
  });

  it('finds a marker however the file is cut into chunks', () => {
    const file = Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('SANDBOX-DELETED'), Buffer.alloc(100, 0x20)]);
    for (let size = 1; size <= 40; size += 1) {
      const scan = new MarkerScan(['SANDBOX-UNREADABLE', 'SANDBOX-DELETED']);
      for (let at = 0; at < file.length; at += size) scan.update(file.subarray(at, at + size));
      expect([...scan.found]).toEqual(['SANDBOX-DELETED']);
    }
  });

  it('answers 404 to an unknown document and 401 without a valid token', async () => {
    expect(await result('2df9e795-d368-4ceb-be9d-b44281703827')).toEqual({ status: 404, body: { message: 'Document not found' } });
    const documentId = await upload();
    expect(await result(documentId, {})).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect(await result(documentId, { authorization: 'Bearer guess' })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('takes the general faults like every operation', async () => {
    const documentId = await upload();
    const path = `${env.sandbox.url}/mr/api/v1/docs/${documentId}/result`;
    env.sandbox.setFaults({ failNext: 1, rateLimitNext: 1, malformedNext: 1 });
    expect((await fetch(path, { headers: auth() })).status).toBe(503);
    const limited = await fetch(path, { headers: auth() });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await result(documentId)).body).toEqual({ unexpected: true, data: 'not what the interface documents' });
    expect((await result(documentId)).body.status).toBe('completed');
    env.sandbox.setFaults({ unauthorized: true });
    expect((await result(documentId)).status).toBe(401);
    const statuses = env.sandbox.received.filter((request) => request.operation === 'recordResult').map((request) => request.status);
    expect(statuses).toEqual([503, 429, 200, 200, 401]);
  });

  it('encrypts every answer for a document uploaded encrypted, which the app decrypts', async () => {
    env.sandbox.setFaults({ recordProcessingMs: 60_000 });
    const queued = await uploadEncrypted();
    expect((await result(queued)).body).not.toHaveProperty('status');
    expect(await decrypted(queued)).toEqual({ status: 'queued' });

    env.sandbox.setFaults({ recordProcessingMs: 0 });
    const documentId = await uploadEncrypted();
    for (const responseAad of ['protected', 'request', 'empty'] as const) {
      env.sandbox.setFaults({ responseAad });
      expect('protected' in (await result(documentId)).body).toBe(responseAad !== 'empty');
      expect(await decrypted(documentId)).toMatchObject({ status: 'completed', data: { fhir: expect.any(String) } });
    }
    env.sandbox.setFaults({ plainAnswers: true });
    expect((await result(documentId)).body.status).toBe('completed');
    // A document uploaded in the clear gets clear answers.
    env.sandbox.setFaults({ plainAnswers: false });
    expect((await result(await upload())).body.status).toBe('completed');
  });

  it('forgets its documents on reset', async () => {
    const documentId = await upload();
    env.sandbox.reset();
    expect(await result(documentId)).toEqual({ status: 404, body: { message: 'Document not found' } });
  });
});
