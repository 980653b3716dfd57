/** The sessions client against the sandbox's sessions API, over loopback: every step, both upload address shapes, and the refusals that matter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { bystander, toneWav, useSandbox } from '../../support/sandbox-fixture';
import { TestClock } from '../../support/test-clock';

/** The sandbox's clock: an OTP's or a session's life passes when the test moves it. */
const env = useSandbox({}, { clockPerTest: () => new TestClock() });

const received = (operation: string) => env.sandbox.received.filter((request) => request.operation === operation);
const NEW_SESSION = { model: 'pro' as const, languages: ['en'], templates: ['eka_emr_template', 'clinical_notes_template'] };

async function completed(client: ReturnType<typeof env.client>, sessionId: string) {
  for (let i = 0; i < 100; i += 1) {
    const result = await client.getSession(sessionId);
    if (result.state !== 'processing') return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('still processing');
}

describe('the sessions API against the sandbox', () => {
  it('discovery needs no sign-in and is kept as long as Cache-Control says', async () => {
    const client = env.client();
    const first = await client.discovery.get();
    expect(first.capabilities.max_chunk_duration_seconds).toBe(20);
    await client.discovery.get();
    expect(received('sessionDiscovery')).toHaveLength(1);
    expect(received('sessionDiscovery')[0]!.headers.authorization).toBeUndefined();
  });

  it('a session: parts while speaking, End with the true count, then the transcript and each template', async () => {
    const client = env.client();
    const session = await client.createSession(NEW_SESSION);
    expect(session.upload.kind).toBe('service');
    const parts = [toneWav(2), toneWav(3), toneWav(1)];
    for (const [sequence, bytes] of parts.entries()) await client.uploadSessionPart({ sessionId: session.sessionId, upload: session.upload, base: 'audio', sequence, extension: 'wav', bytes });
    expect(await client.endSession({ sessionId: session.sessionId, audioFilesSent: 3 })).toBe('ended');
    const result = await completed(client, session.sessionId);
    expect(result.state).toBe('completed');
    if (result.state !== 'completed') return;
    expect(result.transcript).toBeTruthy();
    expect(result.templates.map((template) => template.templateId).sort()).toEqual(['clinical_notes_template', 'eka_emr_template']);
    expect(received('sessionPart').map((request) => request.path)).toEqual([0, 1, 2].map((n) => `/voice/v1/sessions/${session.sessionId}/audio/audio_${n}.wav`));
  });

  it('a part sent again under its number with the same bytes is taken once; an End already made counts as done', async () => {
    const client = env.client();
    const session = await client.createSession(NEW_SESSION);
    const part = { sessionId: session.sessionId, upload: session.upload, base: 'audio', sequence: 0, extension: 'wav' as const, bytes: toneWav(2) };
    await client.uploadSessionPart(part);
    await client.uploadSessionPart(part);
    await expect(client.uploadSessionPart({ ...part, bytes: toneWav(1) })).rejects.toBeInstanceOf(ServiceError);
    expect(await client.endSession({ sessionId: session.sessionId, audioFilesSent: 1 })).toBe('ended');
    expect(await client.endSession({ sessionId: session.sessionId, audioFilesSent: 1 })).toBe('already-ended');
  });

  it('a presigned upload form gets the parts without the bearer token', async () => {
    env.sandbox.setFaults({ sessionUploadUrl: 'form' });
    const client = env.client();
    const session = await client.createSession(NEW_SESSION);
    expect(session.upload.kind).toBe('presigned-form');
    for (const sequence of [0, 1]) await client.uploadSessionPart({ sessionId: session.sessionId, upload: session.upload, base: 'audio', sequence, extension: 'wav', bytes: toneWav(2) });
    expect(received('sessionPartForm')).toHaveLength(2);
    expect(received('sessionPartForm').every((request) => request.headers.authorization === undefined && request.status === 204)).toBe(true);
    expect(received('sessionPart')).toHaveLength(0);
    expect(await client.endSession({ sessionId: session.sessionId, audioFilesSent: 2 })).toBe('ended');
    expect((await completed(client, session.sessionId)).state).toBe('completed');
  });

  it('a presigned address (upload_url a string away from the service\'s audio endpoint) gets each part by its name, without the bearer token', async () => {
    env.sandbox.setFaults({ sessionUploadUrl: 'path' });
    const client = env.client();
    const session = await client.createSession(NEW_SESSION);
    expect(session.upload.kind).toBe('presigned-url');
    for (const sequence of [0, 1]) await client.uploadSessionPart({ sessionId: session.sessionId, upload: session.upload, base: 'audio', sequence, extension: 'wav', bytes: toneWav(2) });
    expect(received('sessionPartUrl').map((request) => [request.headers.authorization, request.status])).toEqual([
      [undefined, 200],
      [undefined, 200],
    ]);
    expect(env.sandbox.transcriptionSession(session.sessionId)).toEqual({ parts: [0, 1], ended: false, format: 'wav' });
    expect(await client.endSession({ sessionId: session.sessionId, audioFilesSent: 2 })).toBe('ended');
  });

  it('partial and failed results are told apart, with the service\'s reasons', async () => {
    env.sandbox.setFaults({ nextOutcomes: ['partial', 'failed'] });
    const client = env.client();
    for (const expected of ['partial', 'failed']) {
      const session = await client.createSession(NEW_SESSION);
      await client.uploadSessionPart({ sessionId: session.sessionId, upload: session.upload, base: 'audio', sequence: 0, extension: 'wav', bytes: toneWav(2) });
      await client.endSession({ sessionId: session.sessionId, audioFilesSent: 1 });
      const result = await completed(client, session.sessionId);
      expect(result.state).toBe(expected);
      if (result.state === 'partial') expect(result.problems.length + result.templates.filter((template) => template.status !== 'success').length).toBeGreaterThan(0);
    }
  });

  it('a session never ended in time is expired: its parts are refused and its lookup says so', async () => {
    env.sandbox.setFaults({ sessionLifetimeSeconds: 1 });
    const client = env.client();
    const session = await client.createSession(NEW_SESSION);
    env.clock.advance(1_001);
    expect(await client.getSession(session.sessionId)).toEqual({ state: 'expired' });
    await expect(client.uploadSessionPart({ sessionId: session.sessionId, upload: session.upload, base: 'audio', sequence: 0, extension: 'wav', bytes: toneWav(1) })).rejects.toBeInstanceOf(ServiceError);
  });

  it('an unknown session is not found', async () => {
    const client = env.client();
    await expect(client.getSession('ses_does_not_exist_00')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('the templates list holds the clinic\'s own template; a corrected note is saved as a document and updated in place', async () => {
    const client = env.client();
    const templates = await client.listTemplates();
    expect(templates.map((template) => template.id)).toEqual(expect.arrayContaining(['eka_emr_template', 'clinical_notes_template']));
    expect(templates.some((template) => !template.builtIn)).toBe(true);
    const session = await client.createSession(NEW_SESSION);
    const saved = await client.saveSessionDocument({ sessionId: session.sessionId, templateId: 'clinical_notes_template', name: 'Clinical notes (corrected)', markdown: '# Notes\n\nFever for two days.' });
    const again = await client.saveSessionDocument({ sessionId: session.sessionId, documentId: saved.documentId, templateId: 'clinical_notes_template', name: 'Clinical notes (corrected)', markdown: '# Notes\n\nFever for three days.' });
    expect(again.documentId).toBe(saved.documentId);
    expect(received('documentPut')).toHaveLength(2);
  });

  it('PATCH changes the templates; an unknown field is never sent', async () => {
    const client = env.client();
    const session = await client.createSession(NEW_SESSION);
    await client.patchSession(session.sessionId, { templates: ['clinical_notes_template'], languages: [] });
    expect(received('sessionPatch')).toHaveLength(1);
  });
});

describe('addresses the service hands out that the app refuses', () => {
  /** Another program on this computer, on another port: it must never receive anything. */
  let elsewhere: Awaited<ReturnType<typeof bystander>>;
  beforeAll(async () => {
    elsewhere = await bystander();
  });
  afterAll(() => elsewhere.close());

  /** The sandbox's next answer to the create, with this `upload_url`. */
  const createAnswers = (uploadUrl: unknown) =>
    env.sandbox.setFaults({ rawNext: [{ status: 201, headers: {}, contentType: 'application/json', body: JSON.stringify({ session_id: 'sd_0123456789abcdef01234567', upload_url: uploadUrl }) }] });

  it('a session whose upload address is plain http anywhere but the sandbox\'s own origin is refused, as a string or a form', async () => {
    const client = env.client();
    const sandboxPort = new URL(env.sandbox.url).port;
    for (const uploadUrl of [
      `${elsewhere.url}/presigned/sessions/x/audio`,
      `http://localhost:${sandboxPort}/presigned/sessions/x/audio`,
      { url: `${elsewhere.url}/presigned/chunks`, fields: { key: 'x', signature: 'y' } },
      { url: 'http://uploads.example.org/chunks', fields: {} },
    ]) {
      createAnswers(uploadUrl);
      const refused = await client.createSession(NEW_SESSION).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, JSON.stringify(uploadUrl)).toMatchObject({ code: 'address_refused', kind: 'invalid_request' });
      expect((refused as Error).message).toMatch(/^The service gave an address to send to that (is not secure|cannot be used)/);
    }
    expect(elsewhere.reached).toEqual([]);
  });

  it('https anywhere is taken; the service\'s own audio endpoint, however its path ends, is the service', async () => {
    const client = env.client();
    createAnswers('https://bucket.example.org/sessions/x?signature=abc');
    expect((await client.createSession(NEW_SESSION)).upload).toEqual({ kind: 'presigned-url', url: 'https://bucket.example.org/sessions/x?signature=abc' });
    createAnswers(`${env.sandbox.url}/voice/v1/sessions/sd_0123456789abcdef01234567/audio/`);
    expect((await client.createSession(NEW_SESSION)).upload).toEqual({ kind: 'service' });
  });

  it('an address kept from before, or a document\'s, is checked again before anything is sent', async () => {
    const client = env.client();
    const kept = { kind: 'presigned-url' as const, url: `${elsewhere.url}/presigned/sessions/x/audio` };
    await expect(client.uploadSessionPart({ sessionId: 'sd_0123456789abcdef01234567', upload: kept, base: 'audio', sequence: 0, extension: 'wav', bytes: toneWav(1) })).rejects.toMatchObject({
      code: 'address_refused',
    });
    const session = await client.createSession(NEW_SESSION);
    env.sandbox.setFaults({
      rawNext: [{ status: 201, headers: {}, contentType: 'application/json', body: JSON.stringify({ status: 'success', data: { document_id: 'doc-1', presigned_url: `${elsewhere.url}/presigned/documents/doc-1` } }) }],
    });
    await expect(client.saveSessionDocument({ sessionId: session.sessionId, name: 'Notes (corrected)', markdown: '# Notes' })).rejects.toMatchObject({ code: 'address_refused' });
    expect(elsewhere.reached).toEqual([]);
  });
});
