import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServiceClient, type ServiceConfig } from '../../../main/api/service-client';
import { ServiceHealth } from '../../../main/service/service-health';
import { RecordOutbox } from '../../../main/records/record-outbox';
import { RecordStore } from '../../../main/records/record-store';
import { labReportPdf } from '../../fixtures/documents';
import { CLIENT_KEY, KID, useSandbox } from '../api/sandbox-fixture';
import { tempFolder } from '../temp-folder';
import { testKeyring } from '../dictations/store-fixture';
import { staticToken } from '../../../main/service/token-source';

const env = useSandbox();

function setup(config: () => Partial<ServiceConfig> = () => ({}), online: () => boolean = () => true) {
  const folder = tempFolder();
  const masterKey = randomBytes(32);
  const store = new RecordStore(join(folder, 'records'), testKeyring(folder, masterKey));
  const health = new ServiceHealth();
  const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token), ...config() }));
  const outbox = new RecordOutbox({ store, client, health, isOnline: online, encrypting: () => Boolean(config().jwe), random: () => 0 });
  return { store, health, client, outbox, folder, masterKey };
}

const settle = (store: RecordStore, id: string, state: string) => expect.poll(() => store.get(id)?.state, { timeout: 10_000, interval: 20 }).toBe(state);

describe('RecordOutbox against the sandbox', () => {
  it('uploads a batch with its tasks and keeps the document ids', async () => {
    const { store, outbox, client } = setup();
    const pdf = await labReportPdf();
    const a = store.enqueue({ fileName: 'cbc.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart', 'pii'], batch: true });
    const b = store.enqueue({ fileName: 'lipid.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart', 'pii'], batch: true });
    outbox.start();
    await settle(store, a.id, 'uploaded');
    await settle(store, b.id, 'uploaded');
    outbox.stop();
    await client.close();
    expect(store.get(a.id)?.documentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(env.sandbox.received.map((request) => request.query)).toEqual([
      { dt: ['lr'], task: ['smart', 'pii'], batch: ['true'] },
      { dt: ['lr'], task: ['smart', 'pii'], batch: ['true'] },
    ]);
  });

  it('waits offline and after a restart, then sends', async () => {
    const pdf = await labReportPdf();
    let online = false;
    let asked = 0;
    const first = setup(undefined, () => {
      asked += 1;
      return online;
    });
    const queued = first.store.enqueue({ fileName: 'cbc.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart'], batch: false });
    first.outbox.start();
    // The outbox has looked, found the network down, and sent nothing.
    await expect.poll(() => asked).toBeGreaterThanOrEqual(1);
    first.outbox.stop();
    await first.client.close();
    expect(env.sandbox.received).toEqual([]);

    online = true;
    // Keys read back from disk, as the next start does.
    const store = new RecordStore(first.store.root, testKeyring(first.folder, first.masterKey));
    expect(store.load()).toEqual({ loaded: 1, unreadable: 0 });
    const health = new ServiceHealth();
    const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }));
    const outbox = new RecordOutbox({ store, client, health, isOnline: () => true, encrypting: () => false });
    outbox.start();
    await settle(store, queued.id, 'uploaded');
    outbox.stop();
    await client.close();
  });

  it('encrypts when a key is set, fails clearly on 403, and holds on 401', async () => {
    const pdf = await labReportPdf();
    const encrypted = setup(() => ({ jwe: { clientKey: CLIENT_KEY, kid: KID } }));
    const record = encrypted.store.enqueue({ fileName: 'x.pdf', kind: 'pdf', bytes: pdf, tasks: ['classification'], batch: false });
    encrypted.outbox.start();
    await settle(encrypted.store, record.id, 'uploaded');
    expect(encrypted.store.get(record.id)?.encrypted).toBe(true);
    expect(env.sandbox.received.at(-1)).toMatchObject({ encrypted: true, status: 200 });
    encrypted.outbox.stop();
    await encrypted.client.close();

    env.sandbox.setFaults({ forbidRecords: true });
    const forbidden = setup();
    const refused = forbidden.store.enqueue({ fileName: 'y.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart'], batch: false });
    forbidden.outbox.start();
    await settle(forbidden.store, refused.id, 'failed');
    expect(forbidden.store.get(refused.id)?.problem).toMatch(/may not upload records/);
    forbidden.outbox.stop();
    await forbidden.client.close();

    const stale = setup(() => ({ auth: staticToken('stale') }));
    const held = stale.store.enqueue({ fileName: 'z.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart'], batch: false });
    stale.outbox.start();
    await expect.poll(() => stale.health.current().signInProblem).not.toBeNull();
    expect(stale.store.get(held.id)?.state).toBe('queued');
    stale.outbox.stop();
    await stale.client.close();
  });
});
