import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/core/clock';
import { FakeClock } from '../../support/fake-clock';
import { PENDING_STATES } from '../../../contract/dictation';
import { ServiceClient } from '../../../main/api/service-client';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { voiceUploadKind, type SyncClient } from '../../../main/dictation-sending/voice-upload-kind';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import { ServiceHealth } from '../../../main/service/service-health';
import { useSandbox } from '../../support/sandbox-fixture';
import { tempFolder } from '../../support/temp-folder';
import { recorded, testStore, uploadAudioOf } from '../../support/store-fixture';
import { staticToken } from '../../../main/api/token-source';

/** The sandbox's clock in a test that holds requests in its latency until it moves it; the system's otherwise. */
let sandboxClock: FakeClock | null = null;
const env = useSandbox({}, { clock: () => sandboxClock ?? systemClock });
afterEach(() => {
  sandboxClock = null;
});


const pending = (store: DictationStore) => store.list().filter((item) => PENDING_STATES.has(item.state)).length;

function engine(
  store: DictationStore,
  overrides: { online?: () => boolean; client?: ServiceClient; token?: () => string; wrap?: (client: SyncClient) => SyncClient; localRetryMs?: number; held?: () => boolean; clock?: FakeClock } = {},
) {
  const client =
    overrides.client ?? new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(overrides.token?.() ?? env.sandbox.token) }), systemClock);
  const results: string[] = [];
  const health = new ServiceHealth();
  // Its back-off and lookups pass at once whenever nothing is in flight (and the test does not hold it).
  const held = overrides.held ?? (() => false);
  const host: OutboxHost = new OutboxHost({ health, isOnline: overrides.online ?? (() => true), autoSync: () => true, backoff: { baseMs: 20, capMs: 60 }, clock: overrides.clock ?? FakeClock.driven(() => !held() && host.idle()) });
  const voice = host.register(
    voiceUploadKind({
      store,
      client: overrides.wrap ? overrides.wrap(client) : client,
      clock: host.clock,
      prepareAudio: uploadAudioOf(store),
      pollSchedule: { baseMs: 20, capMs: 60, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 },
      firstLookupDelay: () => 0,
      localRetryMs: overrides.localRetryMs,
      onResult: (manifest) => results.push(`${manifest.label}:${manifest.state}`),
    }),
  );
  return { host, voice, results, client, health };
}

type Upload = ReturnType<SyncClient['uploadVoice']>;
/** The client with each upload wrapped by `around`; results are looked up as they are. */
const aroundUploads =
  (around: (upload: () => Upload) => Upload) =>
  (inner: SyncClient): SyncClient => ({
    getTranscriptionResult: (txnId, signal) => inner.getTranscriptionResult(txnId, signal),
    uploadVoice: (input) => around(() => inner.uploadVoice(input)),
  });

const settle = (store: DictationStore, id: string, states: string[]) =>
  expect.poll(() => store.get(id)?.state, { timeout: 10_000, interval: 20 }).toSatisfy((state: unknown) => states.includes(state as string));

describe('DictationOutbox against the sandbox', () => {
  it('uploads the MP3 once under the fixed txn id and stores the completed result', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store, 'bed 1', 2);
    const { host, results, client } = engine(store);
    host.start();
    await settle(store, item.id, ['completed']);
    host.stop();
    await client.close();
    expect(env.sandbox.uploadsFor(item.txnId)).toBe(1);
    const upload = env.sandbox.received.find((request) => request.operation === 'voiceUpload');
    expect(upload?.file).toMatchObject({ name: 'dictation.mp3', contentType: 'audio/mpeg' });
    expect(store.readResult(item.id)).toMatchObject({ state: 'completed', outputs: expect.any(Array) });
    expect(results).toEqual(['bed 1:completed']);
  });

  it('waits while offline and sends everything when the network returns', async () => {
    const store = testStore(tempFolder());
    const a = recorded(store, 'a');
    const b = recorded(store, 'b');
    let online = false;
    let asked = 0;
    const { host, client } = engine(store, {
      online: () => {
        asked += 1;
        return online;
      },
    });
    host.start();
    // The outbox has looked, found the network down, and sent nothing.
    await expect.poll(() => asked).toBeGreaterThanOrEqual(1);
    expect(env.sandbox.received).toEqual([]);
    expect(pending(store)).toBe(2);
    online = true;
    host.wake();
    await settle(store, a.id, ['completed']);
    await settle(store, b.id, ['completed']);
    host.stop();
    await client.close();
    expect(pending(store)).toBe(0);
  });

  it('keeps retrying while the service cannot be reached, and reports it', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store);
    let baseUrl = 'http://127.0.0.1:9';
    const client = new ServiceClient(() => ({ baseUrl, auth: staticToken(env.sandbox.token) }), systemClock);
    const { host, health } = engine(store, { client });
    host.start();
    await expect.poll(() => store.get(item.id)?.attempts, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    expect(store.get(item.id)).toMatchObject({ state: 'recorded', problem: expect.stringMatching(/cannot be reached/), nextAttemptAt: expect.any(String) });
    expect(health.current().reachable).toBe(false);
    baseUrl = env.sandbox.url;
    await settle(store, item.id, ['completed']);
    expect(health.current().reachable).toBe(true);
    host.stop();
    await client.close();
  });

  it('puts sync on hold after a 401, losing nothing, and resumes with a new token', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store);
    let token = 'expired-token';
    const { host, client, health } = engine(store, { token: () => token });
    host.start();
    await expect.poll(() => health.current().signInProblem, { timeout: 5000 }).toMatch(/did not accept the access token/);
    expect(store.get(item.id)).toMatchObject({ state: 'recorded', attempts: 0 });
    token = env.sandbox.token;
    health.credentialsChanged();
    host.wake();
    await settle(store, item.id, ['completed']);
    host.stop();
    await client.close();
  });

  it('does not upload again a dictation the service received before a crash', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store);
    const audio = await uploadAudioOf(store)(item);
    const { host, client } = engine(store);
    await client.uploadVoice({ mode: 'dictation', txnId: item.txnId, file: audio });
    store.update(item.id, { uploadStartedAt: new Date().toISOString() });
    host.start();
    await settle(store, item.id, ['completed']);
    host.stop();
    await client.close();
    expect(env.sandbox.uploadsFor(item.txnId)).toBe(1);
  });

  it('marks partial and failed results, and a retry of a failed one sends it under a new txn id', async () => {
    env.sandbox.setFaults({ nextOutcomes: ['partial', 'failed'] });
    const store = testStore(tempFolder());
    const partial = recorded(store, 'p');
    const { host, voice, results, client } = engine(store);
    host.start();
    await settle(store, partial.id, ['partial']);
    const failed = recorded(store, 'f');
    host.wake();
    await settle(store, failed.id, ['failed']);
    expect(store.get(failed.id)?.problem).toMatch(/system error/);
    expect(results).toEqual(['p:partial', 'f:failed']);
    voice.retry(failed.id);
    await settle(store, failed.id, ['completed']);
    expect(store.get(failed.id)).toMatchObject({ previousTxnIds: [failed.txnId] });
    expect(store.get(failed.id)?.txnId).not.toBe(failed.txnId);
    host.stop();
    await client.close();
  });

  it('cancels an upload in flight, and a retry finishes it with a single upload', async () => {
    const held = (sandboxClock = new FakeClock());
    env.sandbox.setFaults({ latencyMs: 300 });
    const store = testStore(tempFolder());
    const item = recorded(store);
    let settledUploads = 0;
    const { host, voice, client } = engine(store, {
      wrap: aroundUploads((upload) => upload().finally(() => (settledUploads += 1))),
    });
    host.start();
    // The upload is in flight, held by the sandbox until its clock moves.
    await expect.poll(() => [store.get(item.id)?.state, held.pending], { timeout: 5000, interval: 5 }).toEqual(['uploading', 1]);
    voice.cancel(item.id);
    expect(store.get(item.id)?.state).toBe('cancelled');
    // The cut-off upload has come back (aborted); the dictation stays cancelled.
    await expect.poll(() => settledUploads).toBe(1);
    expect(store.get(item.id)?.state).toBe('cancelled');
    env.sandbox.setFaults({ latencyMs: 0 });
    voice.retry(item.id);
    await settle(store, item.id, ['completed']);
    expect(env.sandbox.uploadsFor(item.txnId)).toBe(1);
    host.stop();
    await client.close();
  });

  it('sends at most two at a time', async () => {
    const held = (sandboxClock = new FakeClock());
    env.sandbox.setFaults({ latencyMs: 150 });
    const store = testStore(tempFolder());
    const items = Array.from({ length: 5 }, (_, i) => recorded(store, `n${i}`));
    // Every upload call is counted as it starts and ends, so no moment of overlap can be missed.
    let sending = 0;
    let most = 0;
    const { host, client } = engine(store, {
      wrap: aroundUploads(async (upload) => {
        sending += 1;
        most = Math.max(most, sending);
        try {
          return await upload();
        } finally {
          sending -= 1;
        }
      }),
    });
    host.start();
    // Two uploads held in the sandbox's latency, and no third started beside them.
    await expect.poll(() => held.pending).toBe(2);
    expect(sending).toBe(2);
    env.sandbox.setFaults({ latencyMs: 0 });
    await held.advance(150);
    for (const item of items) await settle(store, item.id, ['completed']);
    host.stop();
    await client.close();
    expect(most).toBe(2);
  });

  it('keeps uploading while several results are slow: waiting for a result holds no upload slot', async () => {
    // Every result takes 1.5 s; six dictations, two upload slots.
    env.sandbox.setFaults({ processingMs: 1_500 });
    const store = testStore(tempFolder());
    const items = Array.from({ length: 6 }, (_, i) => recorded(store, `slow ${i}`));
    // One clock for the sandbox's processing and the outbox: held while the uploads go, then moved whenever nothing is in flight.
    let held = true;
    let idle = () => false;
    const shared = (sandboxClock = FakeClock.driven(() => !held && idle()));
    const { host, client } = engine(store, { clock: shared });
    idle = () => host.idle();
    host.start();
    // All six are with the service, waiting for their results, before the first result is ready (no time has passed).
    await expect.poll(() => store.list().filter((m) => m.state === 'processing').length, { timeout: 10_000, interval: 10 }).toBe(6);
    expect(store.list().filter((m) => m.state === 'completed')).toHaveLength(0);
    held = false;
    for (const item of items) await settle(store, item.id, ['completed']);
    host.stop();
    await client.close();
    for (const item of items) expect(env.sandbox.uploadsFor(item.txnId)).toBe(1);
  });

  it('keeps the transaction when the result cannot be stored on this computer, and fetches it again', async () => {
    const store = testStore(tempFolder());
    const item = recorded(store, 'disk trouble');
    const saveResult = store.saveResult.bind(store);
    let failures = 1;
    store.saveResult = (id, result) => {
      // One full-disk failure, as the file system reports it.
      if (failures-- > 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
      saveResult(id, result);
    };
    // The clock held until the problem is seen: the local retry waits for it.
    let held = true;
    const { host, client } = engine(store, { localRetryMs: 50, held: () => held });
    host.start();
    await expect.poll(() => store.get(item.id)?.problem, { timeout: 5_000, interval: 10 }).toMatch(/could not be saved on this computer\. The disk is full/);
    expect(store.get(item.id)?.state).toBe('processing');
    held = false;
    await settle(store, item.id, ['completed']);
    host.stop();
    await client.close();
    expect(store.get(item.id)?.txnId).toBe(item.txnId);
    expect(env.sandbox.uploadsFor(item.txnId)).toBe(1);
    expect(store.readResult(item.id)).toMatchObject({ state: 'completed' });
  });
});
