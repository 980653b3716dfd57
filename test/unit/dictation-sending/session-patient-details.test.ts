/**
 * What a transcription session is told about its patient, against the sandbox over loopback
 * (which refuses any `patient_details` key or shape the app may not send): nothing with
 * sendPatientDetails off; name, age, sex and ABHA number with it on, at create; a patient
 * changed before End sent again by PATCH, and one taken off cleared. Real store, real parts,
 * real client.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Patient } from '../../../contract/patients';
import { AudioPartWriter } from '../../../main/audio/audio-parts';
import { ServiceClient } from '../../../main/api/service-client';
import type { DictationManifest } from '../../../main/dictations/dictation-manifest';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import { patientDetailsOf } from '../../../main/dictation-sending/patient-details';
import { ServiceHealth } from '../../../main/service/service-health';
import { staticToken } from '../../../main/api/token-source';
import { FakeClock } from '../../support/fake-clock';
import { useSandbox } from '../../support/sandbox-fixture';
import { tempFolder } from '../../support/temp-folder';
import { testStore } from '../../support/store-fixture';
import { sessionsSending } from '../../support/sessions-sending';
import { systemClock } from '../../../main/core/clock';

const env = useSandbox();

const patient = (extra: Partial<Patient> = {}): Patient => ({
  id: crypto.randomUUID(),
  label: 'Bed 4',
  name: 'Sunita Devi',
  age: 54,
  sex: 'female',
  abhaNumber: '91-2345-6789-0123',
  abhaAddress: 'sunita.devi@abdm',
  createdAt: '2026-11-25T06:00:00.000Z',
  seenAt: '2026-11-25T06:00:00.000Z',
  ...extra,
});

function engine(store: DictationStore, patients: Map<string, Patient>, send: () => boolean) {
  const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }), systemClock);
  // Its back-off and lookups pass at once whenever nothing is in flight.
  const host: OutboxHost = new OutboxHost({ health: new ServiceHealth(), isOnline: () => true, autoSync: () => true, backoff: { baseMs: 20, capMs: 60 }, clock: FakeClock.driven(() => host.idle()) });
  const sending = sessionsSending(host, store, client, {
    // As dictation-feature.ts wires it.
    patientDetails: (manifest) => (send() ? patientDetailsOf(manifest.patientId ? (patients.get(manifest.patientId) ?? null) : null) : null),
  });
  return { sending, host, close: async () => (host.stop(), await client.close()) };
}

/** A dictation for `patientId`, recorded in parts as the recorder cuts them: 12 s of tone with a pause at 10.5 s, where the first part is cut while it is spoken. */
async function record(store: DictationStore, patientId: string | null, onPart: () => void, beforeStop?: (manifest: DictationManifest) => Promise<void>): Promise<DictationManifest> {
  const manifest = store.create({ mode: 'dictation', label: 'follow-up', patientId, api: 'sessions', request: { languages: ['en'], templates: ['eka_emr_template'], model: 'pro' } });
  const partWriter = new AudioPartWriter(store.partsFolder(manifest.id), store.audioKeyOf(manifest.id), { sequence: 0, sample: 0 }, onPart);
  for (let i = 0; i < 375; i += 1) {
    const seconds = (i * 512) / 16_000;
    const loud = seconds < 10.5 || seconds >= 11 ? 3000 : 0;
    await partWriter.append(new Int16Array(512).map((_, j) => Math.round(loud * Math.sin(j / 5))));
  }
  await beforeStop?.(manifest);
  const parts = await partWriter.finish();
  return store.update(manifest.id, { state: 'recorded', durationMs: 12_000, partCount: parts });
}

const received = (operation: string) => env.sandbox.received.filter((request) => request.operation === operation);
const sessionOf = async (store: DictationStore, id: string) => {
  await expect.poll(() => store.get(id)?.state, { timeout: 15_000, interval: 20 }).toBe('completed');
  return store.get(id)!.session!.id;
};

describe('what a session is told about the patient', () => {
  it('with sendPatientDetails off (the default): nothing that names the patient, at create or later', async () => {
    const store = testStore(tempFolder());
    const sunita = patient();
    const { sending, host, close } = engine(store, new Map([[sunita.id, sunita]]), () => false);
    host.start();
    const manifest = await record(store, sunita.id, () => sending.partCut());
    host.wake();
    const sessionId = await sessionOf(store, manifest.id);
    expect(env.sandbox.sessionPatientDetails(sessionId)).toBeNull();
    expect(received('sessionPatch')).toHaveLength(0);
    await close();
  });

  it('with it on: name, age, sex and ABHA number at create, never the label or the ABHA address', async () => {
    const store = testStore(tempFolder());
    const sunita = patient();
    const { sending, host, close } = engine(store, new Map([[sunita.id, sunita]]), () => true);
    host.start();
    const manifest = await record(store, sunita.id, () => sending.partCut());
    host.wake();
    const sessionId = await sessionOf(store, manifest.id);
    expect(env.sandbox.sessionPatientDetails(sessionId)).toEqual({ name: 'Sunita Devi', age: '54', gender: 'female', abha_number: '91-2345-6789-0123' });
    // Told at create: nothing to PATCH before End.
    expect(received('sessionPatch')).toHaveLength(0);
    expect(store.get(manifest.id)!.session!.patientTold).not.toContain('Sunita');
    await close();
  });

  it('a patient with a label only tells the session nothing; a patient changed before End is sent again by PATCH, and one taken off is cleared', async () => {
    const store = testStore(tempFolder());
    const labelOnly = patient({ name: null, age: null, sex: null, abhaNumber: null, label: 'Bed 12' });
    const asha = patient({ name: 'Asha Rao', age: 32, sex: 'female', abhaNumber: null });
    const patients = new Map([
      [labelOnly.id, labelOnly],
      [asha.id, asha],
    ]);
    const { sending, host, close } = engine(store, patients, () => true);
    host.start();

    const first = await record(store, labelOnly.id, () => sending.partCut());
    host.wake();
    expect(env.sandbox.sessionPatientDetails(await sessionOf(store, first.id))).toBeNull();

    // The session is made while the doctor speaks; the patient is put right before Stop.
    const second = await record(
      store,
      asha.id,
      () => sending.partCut(),
      async (manifest) => {
        await expect.poll(() => store.get(manifest.id)?.session?.upload ?? null, { timeout: 10_000 }).not.toBeNull();
        store.setPatient(manifest.id, labelOnly.id);
      },
    );
    const before = received('sessionPatch').length;
    host.wake();
    const secondSession = await sessionOf(store, second.id);
    expect(received('sessionPatch').length).toBe(before + 1);
    expect(env.sandbox.sessionPatientDetails(secondSession)).toBeNull();

    const third = await record(
      store,
      labelOnly.id,
      () => sending.partCut(),
      async (manifest) => {
        await expect.poll(() => store.get(manifest.id)?.session?.upload ?? null, { timeout: 10_000 }).not.toBeNull();
        store.setPatient(manifest.id, asha.id);
      },
    );
    host.wake();
    expect(env.sandbox.sessionPatientDetails(await sessionOf(store, third.id))).toEqual({ name: 'Asha Rao', age: '32', gender: 'female' });
    await close();
  });

  it('the sandbox refuses patient details of any other key or shape', async () => {
    const create = (details: unknown) =>
      fetch(`${env.sandbox.url}/voice/v1/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.sandbox.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ upload_type: 'chunked', session_id: `sd_${randomBytes(8).toString('hex')}`, patient_details: details }),
      }).then((response) => response.status);
    expect(await create({ name: 'Sunita Devi', age: '54', gender: 'female', abha_number: '91-2345-6789-0123' })).toBe(201);
    expect(await create({ name: 'Sunita Devi', age: 54 })).toBe(422);
    expect(await create({ age: '131' })).toBe(422);
    expect(await create({ gender: 'F' })).toBe(422);
    expect(await create({ abha_number: '91234567890123' })).toBe(422);
    expect(await create({ name: 'Sunita Devi', label: 'Bed 4' })).toBe(422);
    expect(await create({ name: 'Sunita Devi', abha_address: 'sunita.devi@abdm' })).toBe(422);
    expect(await create('Sunita Devi')).toBe(422);
  });
});
