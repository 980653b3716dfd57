/**
 * The one outbox when things go wrong: everything waiting goes as soon as the service answers
 * again (except what the service itself asked to wait), and a disk that cannot take a single
 * write never turns into a loop of requests or an unhandled rejection.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { voiceUploadKind } from '../../../main/dictation-sending/voice-upload-kind';
import { labReportKind } from '../../../main/lab-reports/lab-report-kind';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import { LabReportStore, type LabReportManifest } from '../../../main/lab-reports/lab-report-store';
import { ServiceHealth } from '../../../main/service/service-health';
import { staticToken } from '../../../main/api/token-source';
import { labReportPdf } from '../../fixtures/documents';
import { useSandbox } from '../../support/sandbox-fixture';
import { recorded, testKeyring, testStore, uploadAudioOf } from '../../support/store-fixture';
import { FakeClock } from '../../support/fake-clock';
import { tempFolder } from '../../support/temp-folder';
import { systemClock } from '../../../main/core/clock';

const env = useSandbox();

/** The error a write to a full disk throws (the end-to-end full-disk test uses a real one). */
function diskFull(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
}

describe('the outbox after failures', () => {
  it("sends everything waiting as soon as the service answers again, without each item's long back-off", async () => {
    const store = testStore(tempFolder());
    const a = recorded(store, 'a');
    const b = recorded(store, 'b');
    const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }), systemClock);
    const health = new ServiceHealth();
    // Without the wake-up, each dictation would wait at least a minute after its failure.
    const outbox = new OutboxHost({ health, isOnline: () => true, autoSync: () => true, backoff: { baseMs: 60_000, capMs: 120_000 }, random: () => 1, clock: systemClock });
    outbox.register(
      voiceUploadKind({
        store,
        client,
        clock: outbox.clock,
        prepareAudio: uploadAudioOf(store),
        firstLookupDelay: () => 0,
        pollSchedule: { baseMs: 20, capMs: 60, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 },
      }),
    );
    env.sandbox.setFaults({ dropRate: 1 });
    outbox.start();
    await expect.poll(() => [a, b].map((item) => store.get(item.id)?.nextAttemptAt !== null)).toEqual([true, true]);
    expect(health.current().reachable).toBe(false);

    // The service is back; a third dictation is recorded and sent at once: its success wakes the others.
    env.sandbox.setFaults({ dropRate: 0 });
    const c = recorded(store, 'c');
    outbox.wake();
    await expect.poll(() => [a, b, c].map((item) => store.get(item.id)?.state), { timeout: 10_000, interval: 20 }).toEqual(['completed', 'completed', 'completed']);
    outbox.stop();
    await client.close();
  });

  it('a lab report whose result cannot be stored on a full disk is held, not asked for again and again', async () => {
    // The result is ready at the first look: the sandbox's real processing time is not what this test is about.
    env.sandbox.setFaults({ recordProcessingMs: 0 });
    const folder = tempFolder();
    /** A store on a disk that fills up once the report has been read: nothing more can be written. */
    class FullDiskStore extends LabReportStore {
      full = false;
      override update(id: string, patch: Partial<LabReportManifest>): LabReportManifest {
        if (this.full) throw diskFull();
        return super.update(id, patch);
      }
      override saveReport(): void {
        this.full = true;
        throw diskFull();
      }
    }
    const store = new FullDiskStore(join(folder, 'records'), testKeyring(folder), systemClock);
    const client = new ServiceClient(() => ({ baseUrl: env.sandbox.url, auth: staticToken(env.sandbox.token) }), systemClock);
    const faults: unknown[] = [];
    const clock = new FakeClock();
    const outbox = new OutboxHost({ health: new ServiceHealth(), isOnline: () => true, clock, onFault: (error) => faults.push(error) });
    outbox.register(
      labReportKind({
        store,
        client,
        clock,
        encrypting: () => false,
        firstLookupMs: 20,
        pollSchedule: { baseMs: 20, capMs: 60, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 },
      }),
    );
    const labReport = store.enqueue({ fileName: 'cbc.pdf', kind: 'pdf', bytes: await labReportPdf(), tasks: ['smart'], batch: false });
    outbox.start();
    // Time moves only here, a little at each look: the report is sent, then its result looked up.
    await expect.poll(() => (clock.tick(20), store.full), { timeout: 10_000 }).toBe(true);
    const lookups = () => env.sandbox.received.filter((request) => request.operation === 'recordResult').length;
    const atFailure = lookups();
    await clock.advance(1_500);
    // Held for a later try (kept in memory until the disk has room), never a tight loop of requests.
    expect(lookups() - atFailure).toBe(0);
    expect(store.get(labReport.id)).toMatchObject({ state: 'reading', problem: expect.stringContaining('The disk is full'), nextAttemptAt: expect.any(String) });
    expect(faults).toEqual([]);
    outbox.stop();
    await client.close();
  });
});
