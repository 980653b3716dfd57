/**
 * The one outbox host, with real kinds (the voice upload, lab reports) against the sandbox
 * over loopback, on a clock the test moves: every kind started, woken and stopped together;
 * after an outage of half an hour, everything waiting reaches the service within seconds of
 * its return, however long each item's own wait had grown; what the page is told.
 */
import { describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../../contract/ipc';
import { ServiceClient } from '../../../main/api/service-client';
import { voiceUploadKind } from '../../../main/dictation-sending/voice-upload-kind';
import { summaryOf } from '../../../main/dictations/dictation-manifest';
import type { DictationStore } from '../../../main/dictations/dictation-store';
import { labReportKind, labReportPending } from '../../../main/lab-reports/lab-report-kind';
import { LabReportStore, labReportSummaryOf } from '../../../main/lab-reports/lab-report-store';
import { OutboxHost, type OutboxHostOptions } from '../../../main/outbox/outbox-host';
import { ServiceHealth } from '../../../main/service/service-health';
import { staticToken } from '../../../main/api/token-source';
import { labReportPdf } from '../../fixtures/documents';
import { useSandbox } from '../../support/sandbox-fixture';
import { recorded, testKeyring, testStore, uploadAudioOf } from '../../support/store-fixture';
import { FakeClock } from '../../support/fake-clock';
import { tempFolder } from '../../support/temp-folder';
import { join } from 'node:path';
import { systemClock } from '../../../main/core/clock';

const env = useSandbox({ recordProcessingMs: 0 });
/** Nothing listens here: connections to it are refused at once, as to a service that is down. */
const DOWN = 'http://127.0.0.1:9';

/** What the page was told: a window cannot exist here, so the host is given one that writes events down. */
function recordingWindow() {
  const events: Array<{ name: EventName; payload: unknown }> = [];
  return {
    events,
    send<K extends EventName>(name: K, payload: EventPayload<K>) {
      events.push({ name, payload });
    },
  };
}

/** A host with dictations by the voice upload and lab reports registered and shown, against a service at `address()`. */
function twoKinds(address: () => string, options: Partial<OutboxHostOptions> = {}) {
  const folder = tempFolder();
  const dictations = testStore(folder);
  const labReports = new LabReportStore(join(folder, 'records'), testKeyring(folder), systemClock);
  const client = new ServiceClient(() => ({ baseUrl: address(), auth: staticToken(env.sandbox.token) }), systemClock);
  const clock = new FakeClock();
  const window = recordingWindow();
  const health = new ServiceHealth();
  const host = new OutboxHost({ health, isOnline: () => true, clock, window, ...options });
  const voice = host.register(voiceUploadKind({ store: dictations, client, clock, prepareAudio: uploadAudioOf(dictations), firstLookupDelay: () => 0 }));
  const reports = host.register(labReportKind({ store: labReports, client, clock, encrypting: () => false, firstLookupMs: 50 }));
  host.show({ items: dictations, uploads: voice, changed: 'dictationChanged', summary: (manifest, progress) => summaryOf(manifest, progress, 0), removed: 'dictationRemoved', pending: () => true });
  host.show({ items: labReports, uploads: reports, changed: 'labReportChanged', summary: labReportSummaryOf, removed: 'labReportRemoved', pending: labReportPending });
  return { host, health, clock, client, window, dictations, labReports, voice, reports };
}

const arrived = (operation: string) => env.sandbox.received.filter((request) => request.operation === operation && request.status === 200).length;

async function queueBoth(dictations: DictationStore, labReports: LabReportStore) {
  recorded(dictations, 'Outage bed 1');
  labReports.enqueue({ fileName: 'cbc.pdf', kind: 'pdf', bytes: await labReportPdf(), tasks: ['smart'], batch: false });
}

describe('the outbox host', () => {
  it('after half an hour unreachable, every kind sends within 15 s of the service coming back: the probe finds it and wakes them all', async () => {
    let address = DOWN;
    const { host, health, clock, client, dictations, labReports } = twoKinds(() => address, { probe: (signal) => client.reach(signal), random: () => 0.5 });
    await queueBoth(dictations, labReports);
    host.start();
    await clock.pass(30 * 60_000, 10_000, () => host.idle());
    expect(health.current().reachable).toBe(false);
    // Each item's own wait has grown to minutes by now.
    const waits = [...dictations.list(), ...labReports.list()].map((item) => Date.parse(item.nextAttemptAt!) - clock.now());
    expect(Math.max(...waits)).toBeGreaterThan(60_000);

    address = env.sandbox.url;
    const cameBack = clock.now();
    for (let step = 0; step < 60 && arrived('voiceUpload') + arrived('recordUpload') < 2; step += 1) await clock.pass(250, 250, () => host.idle());
    expect([arrived('voiceUpload'), arrived('recordUpload')]).toEqual([1, 1]);
    expect(clock.now() - cameBack).toBeLessThanOrEqual(15_000);
    expect(env.sandbox.received.filter((request) => request.operation === 'sessionDiscovery').length).toBeGreaterThanOrEqual(1);
    host.stop();
    await client.close();
  });

  it('asks nothing of a service it has not found unreachable, and nothing at all once stopped', async () => {
    const { host, clock, client } = twoKinds(() => env.sandbox.url, { probe: (signal) => client.reach(signal) });
    host.start();
    await clock.pass(60_000, 5_000, () => host.idle());
    host.stop();
    await clock.pass(60_000, 5_000, () => host.idle());
    expect(env.sandbox.received).toEqual([]);
    await client.close();
  });

  it('asks at once when a recording begins (or as sending starts, after one began): a service that is down is known unreachable, one that answers is known reached; nothing while sending is off', async () => {
    let address = DOWN;
    let autoSync = true;
    const { host, health, client } = twoKinds(() => address, { probe: (signal) => client.reach(signal), autoSync: () => autoSync });
    // A recording that began in the app's first moments, before sending starts, is asked for as it starts.
    host.probeNow();
    const asked = Date.now();
    host.start();
    await expect.poll(() => health.current()).toMatchObject({ reachable: false, reached: false });
    expect(Date.now() - asked).toBeLessThan(1_000);
    expect(health.current().problem).toMatch(/\S/);

    address = env.sandbox.url;
    host.probeNow();
    await expect.poll(() => health.current()).toMatchObject({ reachable: true, reached: true, problem: null });
    expect(env.sandbox.received.map((request) => request.operation)).toEqual(['sessionDiscovery']);

    autoSync = false;
    host.probeNow();
    host.stop();
    host.probeNow();
    expect(env.sandbox.received).toHaveLength(1);
    await client.close();
  });

  it('holds every kind while automatic sending is off, except what is sent regardless', async () => {
    let autoSync = false;
    const { host, clock, client, dictations, labReports } = twoKinds(() => env.sandbox.url, { autoSync: () => autoSync });
    await queueBoth(dictations, labReports);
    host.start();
    await expect.poll(() => (clock.tick(100), labReports.list()[0]?.state)).toBe('ready');
    // Lab reports go whatever automatic sending says; the dictation waits for it.
    expect(dictations.list()[0]?.state).toBe('recorded');
    autoSync = true;
    host.wake();
    await expect.poll(() => (clock.tick(100), dictations.list()[0]?.state)).toBe('completed');
    host.stop();
    await client.close();
  });

  it('tells the page each change of an item shown and each one deleted, and counts those waiting for the status bar', async () => {
    const { host, clock, client, window, dictations, labReports, voice } = twoKinds(() => env.sandbox.url);
    let changes = 0;
    host.onChange(() => (changes += 1));
    await queueBoth(dictations, labReports);
    expect(host.pendingCount()).toBe(2);
    host.start();
    await expect.poll(() => (clock.tick(100), labReports.list()[0]?.state)).toBe('ready');
    await expect.poll(() => (clock.tick(100), dictations.list()[0]?.state)).toBe('completed');
    expect(host.pendingCount()).toBe(1);
    const dictation = dictations.list()[0]!;
    const changedBefore = changes;
    voice.remove(dictation.id);
    expect(changes).toBe(changedBefore + 1);
    expect(host.pendingCount()).toBe(0);
    const told = (name: EventName) => window.events.filter((event) => event.name === name).map((event) => event.payload);
    expect(told('dictationChanged').map((summary) => (summary as { state: string }).state)).toEqual(expect.arrayContaining(['uploading', 'processing', 'completed']));
    expect(told('labReportChanged').map((summary) => (summary as { state: string }).state)).toEqual(expect.arrayContaining(['uploading', 'reading', 'ready']));
    expect(told('dictationRemoved')).toEqual([{ id: dictation.id }]);
    // The upload's progress was told while its bytes moved.
    const summaries = told('dictationChanged') as Array<{ state: string; uploadProgress: number | null }>;
    expect(summaries.some((summary) => summary.state === 'uploading' && (summary.uploadProgress ?? 0) > 0)).toBe(true);
    host.stop();
    await client.close();
  });
});
