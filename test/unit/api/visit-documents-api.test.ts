/**
 * More documents from a finished session, the client against the sandbox over loopback: another
 * template and a template in the patient's language (202 with a document id), the document in
 * progress for the service's own time and then its Markdown from the presigned address (without
 * the sign-in), the session's documents listed, and the refusals a doctor must read: a template
 * the service no longer has, a language it refuses, a session not ended.
 */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { toneWav, useSandbox } from '../../support/sandbox-fixture';
import { TestClock } from '../../support/test-clock';

const env = useSandbox({ documentProcessingMs: 2_000 }, { clockPerTest: () => new TestClock() });
const received = (operation: string) => env.sandbox.received.filter((request) => request.operation === operation);

/** A session ended and processed: what a finished consultation holds. */
async function finishedSession(client: ReturnType<typeof env.client>): Promise<string> {
  const session = await client.createSession({ model: 'pro', languages: ['en'], templates: ['eka_emr_template'] });
  await client.uploadSessionPart({ sessionId: session.sessionId, upload: session.upload, base: 'audio', sequence: 0, extension: 'wav', bytes: toneWav(2) });
  await client.endSession({ sessionId: session.sessionId, audioFilesSent: 1 });
  expect((await client.getSession(session.sessionId)).state).toBe('completed');
  return session.sessionId;
}

describe('another document from a finished session', () => {
  it('another template: 202 with a document id, in progress for the service’s time, then its Markdown read without the sign-in', async () => {
    const client = env.client();
    const sessionId = await finishedSession(client);
    const { documentId } = await client.requestDocument({ sessionId, templateId: 'sandbox_clinic_referral', language: null });
    expect(received('documentFromTemplate')[0]).toMatchObject({ path: `/voice/v1/sessions/${sessionId}/process/template/sandbox_clinic_referral`, status: 202 });
    expect(await client.getDocument(documentId)).toEqual({ state: 'in-progress' });
    env.clock.advance(2_000);
    const made = await client.getDocument(documentId);
    expect(made.state).toBe('success');
    if (made.state !== 'success') return;
    expect(made.text).toMatch(/^# Referral letter \(sandbox test data\)/);
    expect(made.text).toContain('not a real patient');
    expect(received('documentRead').every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it('in the patient’s language: template and target_language sent, the handout in Devanagari with the names kept', async () => {
    const client = env.client();
    const sessionId = await finishedSession(client);
    const { documentId } = await client.requestDocument({ sessionId, templateId: 'sandbox_patient_handout', language: 'hi' });
    expect(received('documentInLanguage')[0]!.json).toEqual({ template_id: 'sandbox_patient_handout', target_language: 'hi' });
    env.clock.advance(2_000);
    const made = await client.getDocument(documentId);
    expect(made).toMatchObject({ state: 'success', language: 'hi' });
    if (made.state === 'success') expect(made.text).toMatch(/मरीज़ के लिए निर्देश[\s\S]*(Paracetamol|Amoxicillin|Pantoprazole|Cetirizine|Oral rehydration)[^\n]*[०-९]/);
  });

  it('the session’s documents list it, with its template and language', async () => {
    const client = env.client();
    const sessionId = await finishedSession(client);
    const { documentId } = await client.requestDocument({ sessionId, templateId: 'sandbox_patient_handout', language: 'ta' });
    expect(await client.sessionDocuments(sessionId)).toContainEqual({ documentId, templateId: 'sandbox_patient_handout', language: 'ta' });
  });

  it('a template the service no longer has is refused as such', async () => {
    const client = env.client();
    const sessionId = await finishedSession(client);
    env.sandbox.setFaults({ removedTemplates: ['sandbox_clinic_referral'] });
    const refused = await client.requestDocument({ sessionId, templateId: 'sandbox_clinic_referral', language: null }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ kind: 'not_found', code: 'template_not_found', message: 'The service no longer has the template “sandbox_clinic_referral” (No such template: sandbox_clinic_referral).' });
    expect((refused as ServiceError).retryable).toBe(false);
  });

  it('a language the service refuses is said as such', async () => {
    const client = env.client();
    const sessionId = await finishedSession(client);
    env.sandbox.setFaults({ refusedLanguages: ['as'] });
    await expect(client.requestDocument({ sessionId, templateId: 'sandbox_patient_handout', language: 'as' })).rejects.toMatchObject({
      kind: 'invalid_request',
      code: 'unsupported_language',
      message: "The service does not make documents in this language (target_language 'as' is not supported).",
    });
  });

  it('a session not yet ended, or unknown, is refused', async () => {
    const client = env.client();
    const session = await client.createSession({ model: 'pro', languages: ['en'], templates: ['eka_emr_template'] });
    await expect(client.requestDocument({ sessionId: session.sessionId, templateId: 'sandbox_clinic_referral', language: null })).rejects.toMatchObject({ kind: 'invalid_request' });
    await expect(client.requestDocument({ sessionId: 'ses_nobody_knows_this', templateId: 'sandbox_clinic_referral', language: null })).rejects.toMatchObject({
      kind: 'not_found',
      message: "The service no longer has this recording's session (No such session).",
    });
  });

  it('a document the service could not make is failed with its words; one it no longer has is not found', async () => {
    const client = env.client();
    const sessionId = await finishedSession(client);
    env.sandbox.setFaults({ documentTextNext: ['failed'] });
    const { documentId } = await client.requestDocument({ sessionId, templateId: 'sandbox_clinic_referral', language: null });
    env.clock.advance(2_000);
    expect(await client.getDocument(documentId)).toEqual({ state: 'failed', problems: ['The sandbox could not make this document (a scripted failure).'] });
    await expect(client.getDocument('doc_nobody_knows')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('the templates list marks the doctor’s favourites', async () => {
    const templates = await env.client().listTemplates();
    expect(templates.filter((template) => template.favorite).map((template) => template.id)).toEqual(['sandbox_clinic_referral', 'sandbox_patient_handout']);
  });
});
