/**
 * A consultation finished in a session of the test's sandbox, as the app keeps it: the session
 * made, a part sent and ended there, its answer kept as the dictation's result, the dictation
 * completed with its session ended. What more documents are made from.
 */
import type { ServiceClient } from '../../main/api/service-client';
import type { DictationManifest } from '../../main/dictations/dictation-manifest';
import type { DictationStore } from '../../main/dictations/dictation-store';
import { keptSessionResult } from '../../main/dictations/stored-result';
import { toneWav } from '../fixtures/tone-wav';

const TEMPLATES = ['eka_emr_template', 'clinical_notes_template'];

export async function finishedConsultation(store: DictationStore, client: ServiceClient, options: { patientId?: string | null; seconds?: number } = {}): Promise<DictationManifest> {
  const session = await client.createSession({ model: 'pro', languages: ['en', 'hi'], templates: TEMPLATES });
  await client.uploadSessionPart({ sessionId: session.sessionId, upload: session.upload, base: 'audio', sequence: 0, extension: 'wav', bytes: toneWav(options.seconds ?? 2) });
  await client.endSession({ sessionId: session.sessionId, audioFilesSent: 1 });
  const answer = await client.getSession(session.sessionId);
  if (answer.state !== 'completed') throw new Error(`The sandbox's session is ${answer.state}: give it processingMs 0.`);
  const manifest = store.create({ mode: 'consultation', label: 'Sandbox visit', patientId: options.patientId ?? null, api: 'sessions', request: { languages: ['en', 'hi'], templates: TEMPLATES, model: 'pro' } });
  store.saveResult(manifest.id, keptSessionResult(answer, TEMPLATES));
  const at = new Date().toISOString();
  return store.update(manifest.id, {
    state: 'completed',
    durationMs: 2_000,
    uploadedAt: at,
    finishedAt: at,
    partCount: 1,
    session: { id: session.sessionId, upload: { kind: 'service' }, sealedUpload: null, expiresAt: null, acked: [0], endedAt: at, patientTold: null, sealedPatientTold: null },
  });
}
