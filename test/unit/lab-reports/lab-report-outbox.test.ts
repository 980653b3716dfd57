import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceClient, type ServiceConfig } from '../../../main/api/service-client';
import { ServiceHealth } from '../../../main/service/service-health';
import { labReportKind, labReportPending, type LabReportDeps } from '../../../main/lab-reports/lab-report-kind';
import { LabReportStore, labReportSummaryOf } from '../../../main/lab-reports/lab-report-store';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import { systemClock } from '../../../main/core/clock';
import { labReportPdf } from '../../fixtures/documents';
import { CLIENT_KEY, KID, useSandbox } from '../../support/sandbox-fixture';
import { FakeClock } from '../../support/fake-clock';
import { tempFolder } from '../../support/temp-folder';
import { testKeyring } from '../../support/store-fixture';
import { staticToken } from '../../../main/api/token-source';
import { ConnectAuthApi } from '../../../main/api/connect-auth';
import { HttpTransport } from '../../../main/api/http-transport';
import { ClientCredentialsSignIn } from '../../../main/service/client-credentials-sign-in';
import { memoryGrantStore } from '../../../main/service/grant-store';

/** The sandbox's clock, when a test gives it one (the real one otherwise). */
let sandboxClock: FakeClock | null = null;
const env = useSandbox({}, { clock: () => sandboxClock ?? systemClock });
/** The clock of the test under way, when it moves its own (the real one otherwise). */
let clock: FakeClock | null = null;
afterEach(() => {
  clock = null;
  sandboxClock = null;
});

/** The one outbox host with lab reports registered, and shown (for the count of those waiting). */
function outboxFor(deps: Omit<LabReportDeps, 'clock'>, health: ServiceHealth, online: () => boolean) {
  // The test's clock when it moves its own; else one whose waits pass at once whenever nothing is in flight.
  const host: OutboxHost = new OutboxHost({ health, isOnline: online, random: () => 0, clock: clock ?? FakeClock.driven(() => host.idle()) });
  const outbox = host.register(labReportKind({ ...deps, clock: host.clock }));
  host.show({ items: deps.store, uploads: outbox, changed: 'labReportChanged', summary: labReportSummaryOf, removed: 'labReportRemoved', pending: labReportPending });
  return { host, outbox };
}

/** Lookups close together, so that a test waits for the sandbox, not for the schedule. */
const QUICK_LOOKUPS = { firstLookupMs: 50, pollSchedule: { baseMs: 100, capMs: 300, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 } };

function setup(
  config: () => Partial<ServiceConfig> = () => ({}),
  online: () => boolean = () => true,
  keys?: { folder: string; masterKey: Buffer },
  extra: Partial<LabReportDeps> = {},
) {
  const folder = keys?.folder ?? tempFolder();
  const masterKey = keys?.masterKey ?? randomBytes(32);
  const store = new LabReportStore(join(folder, 'records'), testKeyring(folder, masterKey), systemClock);
  const health = new ServiceHealth();
  const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token), ...config() }), systemClock);
  const { host, outbox } = outboxFor({ store, client, encrypting: () => Boolean(config().jwe), ...QUICK_LOOKUPS, ...extra }, health, online);
  return { store, health, client, host, outbox, folder, masterKey };
}

const requests = (operation: string) => env.sandbox.received.filter((request) => request.operation === operation);

/** Waits for the report's state; a test's own clock moves on a little at each look (result lookups wait on it). */
const settle = (store: LabReportStore, id: string, state: string) => expect.poll(() => (clock?.tick(100), store.get(id)?.state), { timeout: 10_000, interval: 20 }).toBe(state);

describe('LabReportOutbox against the sandbox', () => {
  it('uploads a batch with its tasks and keeps the document ids', async () => {
    const { store, host, client } = setup();
    const pdf = await labReportPdf();
    const a = store.enqueue({ fileName: 'cbc.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart', 'pii'], batch: true });
    const b = store.enqueue({ fileName: 'lipid.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart', 'pii'], batch: true });
    host.start();
    await settle(store, a.id, 'reading');
    await settle(store, b.id, 'reading');
    host.stop();
    await client.close();
    expect(store.get(a.id)?.documentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests('recordUpload').map((request) => request.query)).toEqual([
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
    first.host.start();
    // The outbox has looked, found the network down, and sent nothing.
    await expect.poll(() => asked).toBeGreaterThanOrEqual(1);
    first.host.stop();
    await first.client.close();
    expect(env.sandbox.received).toEqual([]);

    online = true;
    // Keys read back from disk, as the next start does.
    const store = new LabReportStore(first.store.root, testKeyring(first.folder, first.masterKey), systemClock);
    expect(store.load()).toEqual({ loaded: 1, unreadable: 0 });
    const health = new ServiceHealth();
    const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }), systemClock);
    const { host } = outboxFor({ store, client, encrypting: () => false }, health, () => true);
    host.start();
    await settle(store, queued.id, 'reading');
    host.stop();
    await client.close();
  });

  it('encrypts when a key is set, fails clearly on 403, and holds on 401', async () => {
    const pdf = await labReportPdf();
    const encrypted = setup(() => ({ jwe: { clientKey: CLIENT_KEY, kid: KID } }));
    const labReport = encrypted.store.enqueue({ fileName: 'x.pdf', kind: 'pdf', bytes: pdf, tasks: ['classification'], batch: false });
    encrypted.host.start();
    await settle(encrypted.store, labReport.id, 'reading');
    expect(encrypted.store.get(labReport.id)?.encrypted).toBe(true);
    expect(requests('recordUpload').at(-1)).toMatchObject({ encrypted: true, status: 200 });
    encrypted.host.stop();
    await encrypted.client.close();

    env.sandbox.setFaults({ forbidRecords: true });
    const forbidden = setup();
    const refused = forbidden.store.enqueue({ fileName: 'y.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart'], batch: false });
    forbidden.host.start();
    await settle(forbidden.store, refused.id, 'failed');
    expect(forbidden.store.get(refused.id)?.problem).toMatch(/may not upload records/);
    forbidden.host.stop();
    await forbidden.client.close();

    const stale = setup(() => ({ auth: staticToken('stale') }));
    const held = stale.store.enqueue({ fileName: 'z.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart'], batch: false });
    stale.host.start();
    await expect.poll(() => stale.health.current().signInProblem).not.toBeNull();
    expect(stale.store.get(held.id)?.state).toBe('queued');
    stale.host.stop();
    await stale.client.close();
  });

  it('reads the report back: queued and in progress, then ready with flagged tests, kept encrypted', async () => {
    env.sandbox.setFaults({ recordProcessingMs: 900 });
    // The sandbox's processing passes on the outbox's clock, moved to the next lookup whenever nothing is in flight.
    clock = sandboxClock = FakeClock.driven(() => host.idle());
    const { store, host, client } = setup();
    const labReport = store.enqueue({ fileName: 'Sunita CBC.pdf', kind: 'pdf', bytes: await labReportPdf(), tasks: ['smart', 'pii'], batch: false });
    host.start();
    await settle(store, labReport.id, 'ready');
    host.stop();
    await client.close();
    const lookups = requests('recordResult');
    expect(lookups.length).toBeGreaterThanOrEqual(3);
    expect(lookups.every((request) => request.path === `/mr/api/v1/docs/${store.get(labReport.id)!.documentId}/result`)).toBe(true);
    expect(host.pendingCount()).toBe(0);
    const stored = store.readReport(labReport.id);
    if (!stored?.ok) throw new Error('no report');
    expect(stored.report.tests).toHaveLength(12);
    expect(stored.report.tests.find((test) => test.name === 'Haemoglobin')).toMatchObject({ flag: 'low', unit: 'gm/dL' });
    expect(stored.report.tests.filter((test) => test.flag === 'high').length).toBeGreaterThanOrEqual(3);
    expect(stored.report.details).toMatchObject({ patientName: 'Sunita Sharma (test patient)', age: '54 years' });
    expect(JSON.parse(stored.report.fhir!)).toMatchObject({ resourceType: 'Bundle' });
    // Patient data at rest: nothing of the report is readable in the folder.
    for (const file of readdirSync(store.folderOf(labReport.id))) {
      const bytes = readFileSync(join(store.folderOf(labReport.id), file));
      for (const secret of ['Sunita', 'Haemoglobin', 'Bundle']) expect(bytes.includes(secret)).toBe(false);
    }
  });

  it('marks a report test data when it is sent to the built-in sandbox, as each upload finds the service', async () => {
    let sandbox = true;
    const { store, host, client } = setup(undefined, undefined, undefined, { sendsToSandbox: () => sandbox });
    const pdf = await labReportPdf();
    const first = store.enqueue({ fileName: 'a.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart'], batch: false });
    expect(store.get(first.id)?.testData).toBe(false);
    host.start();
    await settle(store, first.id, 'reading');
    sandbox = false;
    const second = store.enqueue({ fileName: 'b.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart'], batch: false });
    host.wake();
    await settle(store, second.id, 'reading');
    host.stop();
    await client.close();
    expect([store.get(first.id)?.testData, store.get(second.id)?.testData]).toEqual([true, false]);
  });

  it('after a restart while the service reads, it looks the result up without sending the file again', async () => {
    env.sandbox.setFaults({ recordProcessingMs: 60_000 });
    const first = setup();
    const labReport = first.store.enqueue({ fileName: 'lipid.pdf', kind: 'pdf', bytes: await labReportPdf(), tasks: ['smart'], batch: false });
    first.host.start();
    await settle(first.store, labReport.id, 'reading');
    await expect.poll(() => requests('recordResult').length).toBeGreaterThanOrEqual(1);
    first.host.stop();
    await first.client.close();

    env.sandbox.setFaults({ recordProcessingMs: 0 });
    const again = setup(undefined, undefined, first);
    expect(again.store.load()).toEqual({ loaded: 1, unreadable: 0 });
    expect(again.store.get(labReport.id)?.state).toBe('reading');
    again.host.start();
    await settle(again.store, labReport.id, 'ready');
    again.host.stop();
    await again.client.close();
    expect(requests('recordUpload')).toHaveLength(1);
  });

  it('a report the service cannot read fails with its reason; Retry sends it again', async () => {
    env.sandbox.setFaults({ recordProcessingMs: 0 });
    const { store, host, outbox, client } = setup();
    const unreadable = Buffer.concat([await labReportPdf(), Buffer.from('\n% SANDBOX-UNREADABLE\n')]);
    const labReport = store.enqueue({ fileName: 'blurred.pdf', kind: 'pdf', bytes: unreadable, tasks: ['smart'], batch: false });
    host.start();
    await settle(store, labReport.id, 'failed');
    expect(store.get(labReport.id)?.problem).toBe('The service could not read this document: No lab values could be read from this document (code 4001).');
    expect(store.readReport(labReport.id)).toBeNull();
    outbox.retry(labReport.id);
    await expect.poll(() => requests('recordUpload').length).toBe(2);
    await settle(store, labReport.id, 'failed');
    host.stop();
    await client.close();
  });

  it('an unreadable answer to an upload is not sent again unasked (the service may hold it already); Retry does', async () => {
    env.sandbox.setFaults({ recordProcessingMs: 0, hostileNext: { recordUpload: 1 }, hostileKinds: ['html'] });
    clock = new FakeClock();
    const { store, host, outbox, client } = setup();
    const labReport = store.enqueue({ fileName: 'cbc.pdf', kind: 'pdf', bytes: await labReportPdf(), tasks: ['smart'], batch: false });
    host.start();
    await settle(store, labReport.id, 'failed');
    // Ten minutes pass (any back-off would have come due); whatever started meanwhile has ended.
    await clock.advance(10 * 60_000);
    await expect.poll(() => host.idle()).toBe(true);
    expect(requests('recordUpload')).toHaveLength(1);
    expect(store.get(labReport.id)?.problem).toMatch(/\S/);
    outbox.retry(labReport.id);
    await settle(store, labReport.id, 'ready');
    expect(requests('recordUpload')).toHaveLength(2);
    host.stop();
    await client.close();
  });

  it('keeps looking through 503s and Retry-After, holds on a refused token, and loses nothing', async () => {
    env.sandbox.setFaults({ recordProcessingMs: 0 });
    let token = env.sandbox.token;
    // Held until the report is seen reading (its first lookup waits for it); then driven through the 503s and Retry-After.
    let held = true;
    clock = FakeClock.driven(() => !held && host.idle());
    const { store, host, client, health } = setup(() => ({ auth: staticToken(token) }));
    const labReport = store.enqueue({ fileName: 'tsh.pdf', kind: 'pdf', bytes: await labReportPdf(), tasks: ['smart'], batch: false });
    token = 'revoked';
    host.start();
    await expect.poll(() => health.current().signInProblem).not.toBeNull();
    expect(store.get(labReport.id)?.state).toBe('queued');
    token = env.sandbox.token;
    health.credentialsChanged();
    host.wake();
    await settle(store, labReport.id, 'reading');
    host.stop();
    env.sandbox.setFaults({ failNext: 2, rateLimitNext: 1 });
    held = false;
    host.start();
    await settle(store, labReport.id, 'ready');
    host.stop();
    await client.close();
    const statuses = requests('recordResult').map((request) => request.status);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(200);
    expect(requests('recordUpload').filter((request) => request.status === 200)).toHaveLength(1);
  });

  it('looks up through expiring tokens: a lookup met by 401 is renewed and replayed, never held', async () => {
    env.sandbox.setFaults({ recordProcessingMs: 3_000, tokenLifetimeSeconds: 1 });
    // One clock for the sandbox (its processing, its tokens' lives) and the outbox, moved to the next timer whenever nothing is in flight.
    const shared = (clock = sandboxClock = FakeClock.driven(() => host.idle()));
    // The session's clock runs 10 s late, so its tokens expire at the sandbox before it renews them itself.
    const session = new ClientCredentialsSignIn({
      credentials: env.sandbox.clientCredentials,
      api: new ConnectAuthApi(new HttpTransport(), () => env.sandbox.url, systemClock),
      store: memoryGrantStore(),
      clock: { now: () => shared.now() - 10_000 },
    });
    const { store, host, client, health } = setup(() => ({ auth: session }));
    const labReport = store.enqueue({ fileName: 'hba1c.pdf', kind: 'pdf', bytes: await labReportPdf(), tasks: ['smart'], batch: false });
    host.start();
    await settle(store, labReport.id, 'ready');
    host.stop();
    await client.close();
    expect(env.sandbox.authStats().expiredTokenRequests).toBeGreaterThanOrEqual(1);
    expect(env.sandbox.authStats().renewals + env.sandbox.authStats().signIns).toBeGreaterThanOrEqual(2);
    expect(health.current().signInProblem).toBeNull();
    expect(requests('recordUpload').filter((request) => request.status === 200)).toHaveLength(1);
  });

  it('a block of the kept copy that no longer opens stops its upload midway: failed with the reason, nothing counted as sent, the service not taken for unreachable', async () => {
    const { store, host, client, health } = setup();
    // Large enough for several blocks; the damage is in the last, so the upload has begun when it is found.
    const pdf = Buffer.concat([await labReportPdf(), Buffer.alloc(300_000, 0x20)]);
    const queued = store.enqueue({ fileName: 'cbc.pdf', kind: 'pdf', bytes: pdf, tasks: ['smart'], batch: false });
    const path = join(store.folderOf(queued.id), 'document.sealed');
    const bytes = readFileSync(path);
    bytes[bytes.length - 40]! ^= 0xff;
    writeFileSync(path, bytes);
    host.start();
    await settle(store, queued.id, 'failed');
    host.stop();
    await client.close();
    expect(store.get(queued.id)).toMatchObject({ documentId: null, problem: expect.stringContaining('The copy of this document kept for sending is damaged on the disk') });
    expect(health.current().reachable).toBe(true);
    expect(requests('recordUpload').filter((request) => request.status === 200)).toEqual([]);
  });
});
