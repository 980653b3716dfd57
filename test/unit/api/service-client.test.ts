import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../support/fake-clock';
import { voiceTranscription } from '../../../main/results/transcription-view';
import { CLIENT_KEY, KID, MINIMAL_PDF, source, toneWav, useSandbox, writeTemp } from '../../support/sandbox-fixture';
import { failure } from '../../support/failures';
import { staticToken } from '../../../main/api/token-source';

/** The sandbox's clock: no latency passes unless a test moves it, so a timeout needs no margin over it. */
const env = useSandbox({}, { clockPerTest: () => new FakeClock() });
const VALID_AADHAAR = '234123412346';

async function uploadTone(txnId: string, client = env.client()) {
  const filePath = writeTemp('dictation.wav', toneWav());
  return client.uploadVoice({ mode: 'dictation', txnId, file: await source(filePath, 'audio/wav') });
}

describe('voice upload', () => {
  it('uploads the file as multipart field "file" with mode and txnid, streaming progress', async () => {
    const progress: number[] = [];
    const filePath = writeTemp('recording.wav', toneWav(2));
    const receipt = await env.client({ userOid: 'oid-1' }).uploadVoice({
      mode: 'consultation',
      txnId: 'txn-a',
      file: await source(filePath, 'audio/wav'),
      onProgress: (sent) => progress.push(sent),
    });
    expect(receipt).toEqual({ message: 'Upload successful!', filename: 'recording.wav' });
    const [request] = env.sandbox.received;
    expect(request).toMatchObject({ operation: 'voiceUpload', query: { mode: ['consultation'], txnid: ['txn-a'] }, file: { field: 'file', size: 64_044 } });
    expect(request?.headers).toMatchObject({ authorization: '[valid token]', 'x-pt-id': 'oid-1' });
    expect(progress.at(-1)).toBe(64_044);
    expect(env.sandbox.uploadsFor('txn-a')).toBe(1);
  });

  it('maps a rejected token to "unauthorized", and sends nothing without a token', async () => {
    expect(await failure(uploadTone('t', env.client({ auth: staticToken('expired') })))).toMatchObject({ kind: 'unauthorized', status: 401, retryable: false });
    // The sandbox keeps nothing of a request without a valid token.
    expect(env.sandbox.received).toEqual([]);
    expect((await failure(uploadTone('t', env.client({ auth: staticToken(null) })))).message).toMatch(/not signed in to this service/);
    expect(env.sandbox.uploadsFor('t')).toBe(0);
  });

  it('turns a 5xx without body, a dropped connection and a timeout into retryable errors', async () => {
    env.sandbox.setFaults({ failNext: 1 });
    expect(await failure(uploadTone('t1'))).toMatchObject({ kind: 'server_error', status: 503, retryable: true });
    env.sandbox.setFaults({ dropNext: 1 });
    expect(await failure(uploadTone('t2'))).toMatchObject({ kind: 'network', retryable: true });
    // The sandbox's latency never passes (its clock stands still): the client gives up first, whatever the load.
    env.sandbox.setFaults({ latencyMs: 400 });
    const impatient = env.client({}, { requestTimeoutMs: 50 });
    expect(await failure(uploadTone('t3', impatient))).toMatchObject({ kind: 'timeout', retryable: true });
    // The latency passes now: the sandbox answers the request given up, which ends here, not in the next test.
    await expect.poll(() => env.clock.pending).toBe(1);
    await env.clock.advance(400);
  });

  it('reports an unexpected or non-JSON answer clearly', async () => {
    env.sandbox.setFaults({ malformedNext: 1 });
    expect((await failure(uploadTone('t1'))).message).toBe('The service sent an answer the app does not understand (voice upload confirmation at "message").');
    env.sandbox.setFaults({ garbageNext: 1 });
    expect(await failure(uploadTone('t2'))).toMatchObject({ kind: 'malformed_response' });
  });

  it('reports an unreachable service as a network error', async () => {
    const client = env.client({ baseUrl: 'http://127.0.0.1:9' });
    expect(await failure(uploadTone('t', client))).toMatchObject({ kind: 'network', message: expect.stringMatching(/cannot be reached/) });
  });
});

describe('transcription result lookup', () => {
  it('answers in progress (202) while processing, then completed (200) with outputs that decode for the page', async () => {
    env.sandbox.setFaults({ processingMs: 60_000 });
    await uploadTone('txn-progress');
    const client = env.client();
    expect(await client.getTranscriptionResult('txn-progress')).toMatchObject({ state: 'in_progress', output: [], unread: 0, additional_data: { mode: 'dictation' } });

    env.sandbox.setFaults({ processingMs: 0 });
    const answer = await client.getTranscriptionResult('txn-progress');
    expect(answer).toMatchObject({ state: 'completed', output: [{ template_id: 'eka_emr_template', value: expect.any(String) }, {}, {}] });
    const result = voiceTranscription(answer);
    if (result.state !== 'completed') throw new Error(`expected completed, got ${result.state}`);
    const [emr, notes, transcript] = result.outputs;
    expect(emr).toMatchObject({ templateId: 'eka_emr_template', status: 'success', errors: [], content: { kind: 'prescription' } });
    if (emr?.content.kind !== 'prescription') throw new Error('no prescription');
    expect(emr.content.prescription.medications.length).toBeGreaterThan(0);
    expect(emr.content.prescription.medications[0]).toMatchObject({ name: expect.any(String), frequency: { dose: expect.any(Array), period: expect.any(Number) } });
    expect(notes?.content).toMatchObject({
      kind: 'fhir',
      summary: { resourceType: 'Bundle', bundleType: 'document', title: 'Clinical note (sandbox test data)', unreadableEntries: 0 },
      json: expect.stringContaining('"resourceType": "Bundle"'),
    });
    expect(transcript?.content).toMatchObject({ kind: 'text', text: expect.stringContaining('Sandbox') });
    expect(result.context).toMatchObject({ mode: 'dictation', doctorId: 'sandbox-doctor-0001', visitId: expect.stringMatching(/^txn-progress_/) });
  });

  it('answers partial (206) with per-template errors and warnings', async () => {
    await uploadTone('sandbox-partial-1');
    const result = voiceTranscription(await env.client().getTranscriptionResult('sandbox-partial-1'));
    expect(result).toMatchObject({
      state: 'partial',
      outputs: [
        { templateId: 'eka_emr_template', status: 'partial_success', errors: ['Unable to extract medication dosage'], warnings: ['Low confidence in diagnosis section'], content: { kind: 'empty' } },
        { status: 'partial_success' },
        { status: 'success' },
      ],
    });
  });

  it('answers failed (500 system_error) as a final state, not an exception', async () => {
    await uploadTone('sandbox-fail-1');
    const answer = await env.client().getTranscriptionResult('sandbox-fail-1');
    expect(answer).toEqual({ state: 'failed', error: { code: 'system_error', msg: 'Error in generating output file' } });
    expect(voiceTranscription(answer)).toEqual({
      state: 'failed',
      code: 'system_error',
      message: 'The service could not process this dictation (system error): Error in generating output file',
    });
  });

  it('maps transaction_not_found, the lookup 401 shape and a bare 503', async () => {
    expect(await failure(env.client().getTranscriptionResult('never-uploaded'))).toMatchObject({ kind: 'not_found', code: 'transaction_not_found', retryable: false });
    expect(await failure(env.client({ auth: staticToken('bad') }).getTranscriptionResult('x'))).toMatchObject({ kind: 'unauthorized', status: 401 });
    env.sandbox.setFaults({ failNext: 1 });
    expect(await failure(env.client().getTranscriptionResult('x'))).toMatchObject({ kind: 'server_error', retryable: true });
    env.sandbox.setFaults({ rateLimitNext: 1 });
    expect(await failure(env.client().getTranscriptionResult('x'))).toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000 });
    env.sandbox.setFaults({ malformedNext: 1 });
    expect(await failure(env.client().getTranscriptionResult('x'))).toMatchObject({ kind: 'malformed_response' });
  });
});

describe('lab report upload', () => {
  it("sends dt, each task, batch and the patient's X-Pt-Id (never the account-wide setting), and returns the document id", async () => {
    const filePath = writeTemp('report.pdf', MINIMAL_PDF);
    const result = await env.client({ userOid: 'account-wide-oid' }).uploadLabReport({
      file: await source(filePath, 'application/pdf'),
      documentType: 'lr',
      tasks: ['smart', 'pii'],
      batch: true,
      patient: { servicePatientId: 'oid-42', partnerPatientId: null },
    });
    expect(result.documentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(env.sandbox.received.at(-1)).toMatchObject({
      query: { dt: ['lr'], task: ['smart', 'pii'], batch: ['true'] },
      headers: { 'x-pt-id': 'oid-42' },
      // The sandbox keeps only the extension of a report's file name (it may name the patient).
      file: { field: 'file', name: '.pdf', size: MINIMAL_PDF.length },
    });
  });

  it('sends the file as an encrypted {"file": base64} envelope with the same query, and decrypts the answer', async () => {
    const filePath = writeTemp('report.pdf', MINIMAL_PDF);
    for (const responseAad of ['protected', 'request', 'empty'] as const) {
      env.sandbox.setFaults({ responseAad });
      const client = env.client({ jwe: { clientKey: CLIENT_KEY, kid: KID } });
      const result = await client.uploadLabReport({ file: await source(filePath, 'application/pdf'), documentType: 'lr', tasks: ['classification'], batch: false });
      expect(result.documentId).toMatch(/^[0-9a-f-]{36}$/);
      expect(env.sandbox.received.at(-1)).toMatchObject({
        encrypted: true,
        query: { dt: ['lr'], task: ['classification'] },
        headers: { 'x-encryption': 'JWE', 'content-type': 'application/json' },
        file: { size: MINIMAL_PDF.length },
        status: 200,
      });
    }
  });

  it('maps the plain-text "Invalid form data." and the {message} 403', async () => {
    const notADocument = writeTemp('notes.pdf', 'just text, renamed');
    const upload = async (client = env.client()) =>
      client.uploadLabReport({ file: await source(notADocument, 'application/pdf'), documentType: 'lr', tasks: ['smart'], batch: false });
    expect(await failure(upload())).toMatchObject({ kind: 'invalid_request', status: 400, message: 'The service refused the file: invalid form data.' });
    env.sandbox.setFaults({ forbidRecords: true });
    expect(await failure(upload())).toMatchObject({ kind: 'forbidden', status: 403, message: expect.stringMatching(/forbidden/) });
  });

  it('is refused by the service above 10 MB', async () => {
    const large = writeTemp('large.pdf', Buffer.concat([MINIMAL_PDF, Buffer.alloc(10 * 1024 * 1024)]));
    const error = await failure(env.client().uploadLabReport({ file: await source(large, 'application/pdf'), documentType: 'lr', tasks: ['smart'], batch: false }));
    expect(error).toMatchObject({ kind: 'invalid_request', status: 400 });
  });
});

describe('registration', () => {
  it('starts with the Aadhaar number and resends with the txn id, sending the three headers', async () => {
    const client = env.client({ userOid: 'oid-9', partnerUserId: 'partner-7', partnerHipId: 'hip-3' });
    const started = await client.startRegistration({ aadhaarNumber: VALID_AADHAAR });
    expect(started.hint).toMatch(/^OTP sent successfully to the patient's mobile number ending in \d{4}$/);
    const resent = await client.resendRegistrationOtp({ txnId: started.txnId });
    expect(resent.txnId).not.toBe(started.txnId);
    expect(resent.hint).toMatch(/ending in \d{4}$/);
    for (const request of env.sandbox.received) {
      expect(request.headers).toMatchObject({ 'x-pt-id': 'oid-9', 'x-partner-pt-id': 'partner-7', 'x-hip-id': 'hip-3' });
    }
    // The sandbox keeps no Aadhaar number: the last four digits at most.
    expect(env.sandbox.received.map((request) => request.json)).toEqual([{ aadhaar_number: `XXXXXXXX${VALID_AADHAAR.slice(-4)}` }, { txn_id: started.txnId }]);
    expect(JSON.stringify(env.sandbox.received)).not.toContain(VALID_AADHAAR);
  });

  it('explains service errors with the upstream source_error', async () => {
    const client = env.client();
    expect(await failure(client.startRegistration({ aadhaarNumber: '234123412345' }))).toMatchObject({
      kind: 'registration_failed',
      status: 400,
      sourceError: { code: 'ABDM-1010', message: 'Invalid Aadhaar number.' },
      message: 'Validation failed. The national health system said: "Invalid Aadhaar number." (ABDM-1010).',
    });
    expect(await failure(client.startRegistration({ aadhaarNumber: '999941057058' }))).toMatchObject({ status: 500, sourceError: { code: 'ABDM-1100' } });
    expect(await failure(client.resendRegistrationOtp({ txnId: randomUUID() }))).toMatchObject({ sourceError: { code: 'MIS-1026' } });
    expect(await failure(env.client({ auth: staticToken('old') }).startRegistration({ aadhaarNumber: VALID_AADHAAR }))).toMatchObject({ kind: 'unauthorized' });
  });

  it('encrypts both calls and decrypts both answers when JWE is configured', async () => {
    const client = env.client({ jwe: { clientKey: CLIENT_KEY, kid: KID } });
    const started = await client.startRegistration({ aadhaarNumber: VALID_AADHAAR });
    const resent = await client.resendRegistrationOtp({ txnId: started.txnId });
    expect(resent.txnId).toMatch(/^[0-9a-f-]{36}$/);
    expect(env.sandbox.received.map((request) => [request.encrypted, request.status])).toEqual([
      [true, 200],
      [true, 200],
    ]);
    const error = await failure(client.startRegistration({ aadhaarNumber: '234123412345' }));
    expect(error).toMatchObject({ kind: 'registration_failed', sourceError: { code: 'ABDM-1010' } });
  });

  it('refuses a plain answer to an encrypted request, for registration and lab report upload alike', async () => {
    env.sandbox.setFaults({ plainAnswers: true });
    const client = env.client({ jwe: { clientKey: CLIENT_KEY, kid: KID } });
    expect(await failure(client.startRegistration({ aadhaarNumber: VALID_AADHAAR }))).toMatchObject({
      kind: 'encryption',
      status: 200,
      message: expect.stringMatching(/answered an encrypted request without encryption, so the answer was refused/),
    });
    const path = writeTemp('report.pdf', MINIMAL_PDF);
    expect(
      await failure(client.uploadLabReport({ file: await source(path, 'application/pdf'), documentType: 'lr', tasks: ['smart'], batch: false })),
    ).toMatchObject({ kind: 'encryption' });
    // The same plain answers are fine for a plain request.
    expect((await env.client().startRegistration({ aadhaarNumber: VALID_AADHAAR })).txnId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses to send with a misconfigured key, before any request', async () => {
    const before = env.sandbox.received.length;
    expect(await failure(env.client({ jwe: { clientKey: 'short', kid: KID } }).startRegistration({ aadhaarNumber: VALID_AADHAAR }))).toMatchObject({
      kind: 'configuration',
    });
    expect(env.sandbox.received.length).toBe(before);
  });
});

describe('connections', () => {
  it('finishes 50 concurrent calls and leaves no socket open after close', async () => {
    await expect.poll(() => env.sandbox.openConnections(), { timeout: 2000 }).toBe(0);
    const client = env.client();
    await uploadTone('txn-concurrent', client);
    const calls = Array.from({ length: 50 }, (_, index) =>
      index % 2 === 0 ? client.getTranscriptionResult('txn-concurrent') : client.startRegistration({ aadhaarNumber: VALID_AADHAAR }),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(env.sandbox.openConnections()).toBeGreaterThan(0);
    expect(env.sandbox.openConnections()).toBeLessThanOrEqual(8);
    await client.close();
    await expect.poll(() => env.sandbox.openConnections(), { timeout: 2000 }).toBe(0);
    const sockets = process.getActiveResourcesInfo().filter((name) => name === 'TCPSocketWrap');
    expect(sockets).toEqual([]);
  });
});
