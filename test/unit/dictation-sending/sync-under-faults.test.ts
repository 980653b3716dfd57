/**
 * The dictation outbox against a flaky or hostile sandbox: with 30 % of answers 503 and 10 %
 * of connections dropped every dictation completes with exactly one upload; with every kind
 * of hostile result answer each one ends readable, and its result is stored and read back.
 */
import { describe, expect, it } from 'vitest';
import { PENDING_STATES } from '../../../contract/dictation';
import { ServiceClient } from '../../../main/api/service-client';
import { prepareUploadAudio, inlineMp3Encoding } from '../../../main/audio/upload-audio';
import { voiceUploadKind } from '../../../main/dictation-sending/voice-upload-kind';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { HOSTILE_ANSWERS } from '../../../main/sandbox/sandbox-hostile';
import { ServiceHealth } from '../../../main/service/service-health';
import { staticToken } from '../../../main/api/token-source';
import { FakeClock } from '../../support/fake-clock';
import { useSandbox } from '../../support/sandbox-fixture';
import { tempFolder } from '../../support/temp-folder';
import { recorded, testStore } from '../../support/store-fixture';
import { systemClock } from '../../../main/core/clock';

const env = useSandbox();

function outbox(store: DictationStore) {
  const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }), systemClock);
  // Its back-off and lookups pass at once whenever nothing is in flight; what waits longer than ten minutes (an absurd Retry-After) stays waiting.
  const sync: OutboxHost = new OutboxHost({ health: new ServiceHealth(), isOnline: () => true, autoSync: () => true, backoff: { baseMs: 10, capMs: 40 }, clock: FakeClock.driven(() => sync.idle(), 10 * 60_000) });
  sync.register(
    voiceUploadKind({
      store,
      client,
      clock: sync.clock,
      prepareAudio: async (manifest) => {
        return (await prepareUploadAudio(store.recordingFiles(manifest.id), 'wav', inlineMp3Encoding)).source;
      },
      pollSchedule: { baseMs: 10, capMs: 40, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 },
      firstLookupDelay: () => 0,
    }),
  );
  return { sync, client };
}

describe('the dictation outbox under faults', () => {
  it('completes every dictation through 30 % 503s and 10 % dropped connections, with one upload each', async () => {
    env.sandbox.setFaults({ serverErrorRate: 0.3, dropRate: 0.1 });
    const store = testStore(tempFolder());
    const items = Array.from({ length: 8 }, (_, i) => recorded(store, `flaky ${i}`));
    const { sync, client } = outbox(store);
    sync.start();
    await expect.poll(() => store.list().filter((item) => item.state === 'completed').length, { timeout: 30_000, interval: 50 }).toBe(items.length);
    sync.stop();
    await client.close();
    for (const item of items) expect(env.sandbox.uploadsFor(item.txnId)).toBe(1);
  });

  it('ends every dictation readable through every kind of hostile result answer, its result stored and read back', async () => {
    const kinds = HOSTILE_ANSWERS.resultLookup.length;
    env.sandbox.setFaults({ hostileNext: { resultLookup: kinds } });
    const store = testStore(tempFolder());
    const items = Array.from({ length: kinds }, (_, i) => recorded(store, `hostile ${i}`));
    const { sync, client } = outbox(store);
    sync.start();
    await expect.poll(() => Object.keys(env.sandbox.hostileServed()).length, { timeout: 15_000, interval: 50 }).toBe(kinds);
    // Two kinds ask the app to wait (an absurd Retry-After): those wait, at most an hour, and say so.
    const told = (item: { state: string; nextAttemptAt: string | null }) =>
      item.state === 'processing' && item.nextAttemptAt !== null && Date.parse(item.nextAttemptAt) - sync.clock.now() > 30 * 60_000;
    await expect.poll(() => store.list().filter((item) => PENDING_STATES.has(item.state) && !told(item)).length, { timeout: 15_000, interval: 50 }).toBe(0);
    sync.stop();
    await client.close();
    const waiting = store.list().filter(told);
    expect(waiting).toHaveLength(2);
    for (const item of waiting) {
      expect(Date.parse(item.nextAttemptAt!) - sync.clock.now()).toBeLessThanOrEqual(60 * 60_000);
      expect(item.problem).toMatch(/wait 60 minutes|busy|problem/);
    }
    for (const item of items) {
      const manifest = store.get(item.id)!;
      if (told(manifest)) continue;
      expect(['completed', 'partial', 'failed']).toContain(manifest.state);
      if (manifest.problem !== null) expect(manifest.problem.length).toBeLessThanOrEqual(1_000);
      const result = store.readResult(item.id);
      if (manifest.state !== 'failed') expect(result?.state).toMatch(/completed|partial/);
      if (result) expect(result.state).not.toBe('unreadable');
    }
    expect(store.list().some((item) => item.state === 'failed')).toBe(true);
  });
});
