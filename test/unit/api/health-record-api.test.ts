import { describe, expect, it } from 'vitest';
import { careContextId } from '../../../contract/health-record';
import type { CareContext } from '../../../main/api/service-client';
import { failure } from '../../support/failures';
import { RAVI, TEST_HIP_ID, typicalConsultBundle, writeTempSource } from '../../support/health-record-fixtures';
import { MINIMAL_PDF, useSandbox } from '../../support/sandbox-fixture';
import { TestClock } from '../../support/test-clock';

const env = useSandbox({}, { clockPerTest: () => new TestClock() });
const PARTNER_ID = '5b0f8f0e-6a5c-4f3e-9d1c-2a4b6c8d0e1f';

async function servicePatient(client: ReturnType<typeof env.client>, abhaAddress: string | null = RAVI.abhaAddress) {
  return client.createServicePatient({ partnerPatientId: PARTNER_ID, name: RAVI.name, birthYear: 1985, sex: 'M', abhaAddress });
}

const link = (oid: string, careContexts: CareContext[] = [{ careContextId: careContextId('c0ffee00-0000-4000-8000-000000000001', 1), display: 'Consultation, 21 Sep 2026', hiType: 'OPConsultation', bundle: typicalConsultBundle() }]) => ({
  patient: { servicePatientId: oid, partnerPatientId: PARTNER_ID, hipId: TEST_HIP_ID },
  abhaAddress: RAVI.abhaAddress,
  careContexts,
});

describe('the patient directory', () => {
  it('finds the patient by the clinic’s own id, or makes them; X-Pt-Id never carries the account-wide setting', async () => {
    const client = env.client({ clientId: 'EC_TEST', userOid: 'account-wide-oid', partnerUserId: 'account-wide-partner' });
    expect(await client.findServicePatient({ partnerPatientId: PARTNER_ID })).toBeNull();
    const oid = await servicePatient(client);
    expect(oid).toMatch(/^sandbox-pt-/);
    expect(await client.findServicePatient({ partnerPatientId: PARTNER_ID })).toBe(oid);
    // A prefix of another patient's id is not theirs.
    expect(await client.findServicePatient({ partnerPatientId: PARTNER_ID.slice(0, 8) })).toBeNull();
    const duplicate = await failure(servicePatient(client));
    expect(duplicate).toMatchObject({ kind: 'invalid_request', message: expect.stringContaining('username must be unique') });
    for (const request of env.sandbox.received) {
      expect(request.headers['x-pt-id']).toBeUndefined();
      expect(request.headers).toMatchObject({ 'client-id': 'EC_TEST', 'x-partner-pt-id': expect.stringMatching(/^5b0f8f0e/) });
    }
    // What the sandbox keeps names nobody: the year of birth only, no name, no address.
    expect(JSON.stringify(env.sandbox.received)).not.toMatch(/Ravi|ravi\.kumar/);
  });

  it('refuses a patient without a sex, and a call without the client id, saying what', async () => {
    const client = env.client({ clientId: 'EC_TEST' });
    expect(await failure(client.createServicePatient({ partnerPatientId: PARTNER_ID, name: 'A', birthYear: 1985, sex: 'X' as 'M', abhaAddress: null }))).toMatchObject({
      kind: 'invalid_request',
      message: "The service refused the patient's record: Invalid Gender Enum.",
    });
    // Without the clinic's client id the directory is not asked at all: the setting to mend is named.
    expect(await failure(env.client().findServicePatient({ partnerPatientId: PARTNER_ID }))).toMatchObject({ kind: 'configuration', message: expect.stringContaining('Settings (Client id)') });
  });
});

describe('care contexts', () => {
  it('a visit is accepted (202), linked after the exchange’s own time, and "already linked" the second time', async () => {
    const client = env.client({ clientId: 'EC_TEST' });
    const oid = await servicePatient(client);
    expect(await client.linkCareContexts(link(oid))).toBe('accepted');
    const sent = env.sandbox.received.find((request) => request.operation === 'careContextLink')!;
    expect(sent.headers).toMatchObject({ 'x-pt-id': oid, 'x-partner-pt-id': PARTNER_ID, 'x-hip-id': TEST_HIP_ID });
    expect(await client.linkedCareContexts({ patient: link(oid).patient })).toEqual([]);
    env.clock.advance(1_500);
    expect(await client.linkedCareContexts({ patient: link(oid).patient })).toEqual([
      { careContextId: 'scribe-c0ffee00-0000-4000-8000-000000000001', createdAt: expect.any(String), status: 'LINKED', error: null },
    ]);
    expect(await client.linkCareContexts(link(oid))).toBe('already-linked');
    expect(env.sandbox.healthRecords().careContexts).toHaveLength(1);
  });

  it('an ERRORED link comes back with the exchange’s reason', async () => {
    const client = env.client({ clientId: 'EC_TEST' });
    const oid = await servicePatient(client);
    env.sandbox.setFaults({ linkErrorNext: 1 });
    expect(await client.linkCareContexts(link(oid))).toBe('accepted');
    env.clock.advance(1_500);
    expect(await client.linkedCareContexts({ patient: link(oid).patient })).toMatchObject([{ status: 'ERRORED', error: expect.stringContaining('could not link') }]);
  });

  it('ABDM-1022 and 5xx are retried; refusals say what the exchange refused', async () => {
    const client = env.client({ clientId: 'EC_TEST' });
    const oid = await servicePatient(client);
    env.sandbox.setFaults({ abdmTooManyNext: 1 });
    const busy = await failure(client.linkCareContexts(link(oid)));
    expect(busy).toMatchObject({ kind: 'rate_limited', retryable: true, code: 'ABDM-1022' });
    env.sandbox.setFaults({ failNext: 1 });
    expect(await failure(client.linkCareContexts(link(oid)))).toMatchObject({ kind: 'server_error', retryable: true });
    // Another patient's address under this patient's record: never linked.
    const wrong = await failure(client.linkCareContexts({ ...link(oid), abhaAddress: 'someone.else@sbx' }));
    expect(wrong).toMatchObject({ kind: 'invalid_request', retryable: false, message: expect.stringMatching(/not the ABHA address of the patient's record.*ABDM-1010/) });
    // A bundle of another record type than it says.
    const lab = await failure(client.linkCareContexts(link(oid, [{ careContextId: 'scribe-x', display: 'Lab', hiType: 'DiagnosticReport', bundle: typicalConsultBundle() }])));
    expect(lab.message).toMatch(/DiagnosticReportRecord/);
    expect(env.sandbox.healthRecords().careContexts).toEqual([]);
  });

  it('a 403 in plain text and an answer of the wrong shape are said as such', async () => {
    const client = env.client({ clientId: 'EC_TEST' });
    const oid = await servicePatient(client);
    env.sandbox.setFaults({ rawNext: [{ status: 403, headers: {}, body: 'Forbidden: HIP not registered', contentType: 'text/plain' }] });
    const forbidden = await failure(client.linkCareContexts(link(oid)));
    expect(forbidden).toMatchObject({ kind: 'forbidden', retryable: false, message: expect.stringContaining('“Forbidden: HIP not registered”') });
    env.sandbox.setFaults({ malformedNext: 1 });
    expect(await failure(client.linkedCareContexts({ patient: link(oid).patient }))).toMatchObject({ kind: 'malformed_response' });
  });
});

describe('lab reports carry their patient, not the account-wide setting', () => {
  it('X-Pt-Id is the patient’s own id at the service, and none for a report of nobody', async () => {
    const client = env.client({ userOid: 'account-wide-oid' });
    await client.uploadLabReport({ file: await writeTempSource('cbc.pdf', MINIMAL_PDF), documentType: 'lr', tasks: ['smart'], batch: false, patient: { servicePatientId: 'sandbox-pt-000042', partnerPatientId: PARTNER_ID } });
    await client.uploadLabReport({ file: await writeTempSource('cbc.pdf', MINIMAL_PDF), documentType: 'lr', tasks: ['smart'], batch: false });
    const [theirs, nobodys] = env.sandbox.received.filter((request) => request.operation === 'recordUpload');
    expect(theirs!.headers['x-pt-id']).toBe('sandbox-pt-000042');
    expect(nobodys!.headers['x-pt-id']).toBeUndefined();
  });
});
