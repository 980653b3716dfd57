/**
 * Issue 27.7: what the service says about a patient's dictation or report is patient data.
 * After failed and partial results, no file of the data folder holds the service's words in
 * clear; the app still shows them, also after a restart.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { voiceUploadKind } from '../../../main/dictation-sending/voice-upload-kind';
import { DictationStore } from '../../../main/dictations/dictation-store';
import { labReportKind } from '../../../main/lab-reports/lab-report-kind';
import { OutboxHost } from '../../../main/outbox/outbox-host';
import { LabReportStore } from '../../../main/lab-reports/lab-report-store';
import { ServiceHealth } from '../../../main/service/service-health';
import { ItemKeyring } from '../../../main/storage/item-keyring';
import { unreadableReportPdf } from '../../fixtures/documents';
import { useSandbox } from '../../support/sandbox-fixture';
import { recorded, uploadAudioOf } from '../../support/store-fixture';
import { tempFolder } from '../../support/temp-folder';
import { clearTextIn } from '../../support/clear-text';
import { systemClock } from '../../../main/core/clock';

const env = useSandbox();

/** Outboxes a test started, stopped after it, passed or failed (its clients are closed by useSandbox). */
const outboxes: Array<{ stop(): void }> = [];
afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
});

const SERVICE_SAID = 'Audio of Test Patient Zed rejected by reviewer';
/** What the sandbox says of a report it cannot read (sandbox-lab-reports.ts). */
const REPORT_SAID = 'No lab values could be read from this document';

const stores = (folder: string, masterKey: Buffer) => ({
  dictations: new DictationStore(join(folder, 'dictations'), new ItemKeyring(join(folder, 'keys', 'dictations.sealed'), masterKey), systemClock),
  labReports: new LabReportStore(join(folder, 'records'), new ItemKeyring(join(folder, 'keys', 'records.sealed'), masterKey), systemClock),
});

describe('the service\'s words at rest', () => {
  it('are kept sealed after a refused lookup, a failed and a partial result, and a report the service could not read', async () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const { dictations, labReports } = stores(folder, masterKey);
    const client = env.client();
    const health = new ServiceHealth();
    const schedule = { baseMs: 20, capMs: 60, patienceMs: 60_000, slowMs: 1_000, notFoundRetries: 3 };
    // Each kind on an outbox host of its own, started when the test comes to it.
    const voice = new OutboxHost({ health, isOnline: () => true, autoSync: () => true, backoff: { baseMs: 20, capMs: 60 }, clock: systemClock });
    voice.register(voiceUploadKind({ store: dictations, client, clock: voice.clock, prepareAudio: uploadAudioOf(dictations), pollSchedule: schedule, firstLookupDelay: () => 0 }));
    const reports = new OutboxHost({ health, isOnline: () => true, random: () => 0, clock: systemClock });
    reports.register(labReportKind({ store: labReports, client, clock: reports.clock, encrypting: () => false, firstLookupMs: 50, pollSchedule: { ...schedule, baseMs: 100, capMs: 300 } }));
    outboxes.push(voice, reports);

    env.sandbox.setFaults({ processingMs: 60_000 });
    const refused = recorded(dictations, 'Test Patient Zed');
    voice.start();
    await expect.poll(() => dictations.get(refused.id)?.state, { timeout: 10_000 }).toBe('processing');
    env.sandbox.setFaults({ rawNext: [{ status: 400, headers: {}, contentType: 'application/json', body: JSON.stringify({ error: { code: 'audio_rejected', msg: SERVICE_SAID } }) }] });
    await expect.poll(() => dictations.get(refused.id)?.state, { timeout: 10_000 }).toBe('failed');
    expect(dictations.get(refused.id)?.problem).toContain(SERVICE_SAID);

    env.sandbox.setFaults({ processingMs: 0, nextOutcomes: ['partial', 'failed'] });
    const partial = recorded(dictations, 'Test Patient Partial');
    voice.wake();
    await expect.poll(() => dictations.get(partial.id)?.state, { timeout: 10_000 }).toBe('partial');
    const failed = recorded(dictations, 'Test Patient Failed');
    voice.wake();
    await expect.poll(() => dictations.get(failed.id)?.state, { timeout: 10_000 }).toBe('failed');

    env.sandbox.setFaults({ recordProcessingMs: 0 });
    const report = labReports.enqueue({ fileName: 'test-report.pdf', label: 'Test Patient Zed', kind: 'pdf', bytes: await unreadableReportPdf(), tasks: ['smart'], batch: false });
    reports.start();
    await expect.poll(() => labReports.get(report.id)?.state, { timeout: 10_000 }).toBe('failed');
    expect(labReports.get(report.id)?.problem).toContain(REPORT_SAID);
    // Nothing is written while the folder is read.
    voice.stop();
    reports.stop();

    const failedProblem = dictations.get(failed.id)!.problem!;
    expect(failedProblem).toBeTruthy();
    const shown = [SERVICE_SAID, REPORT_SAID, failedProblem, 'Test Patient'];
    expect(clearTextIn(folder, shown)).toEqual([]);

    // The next start opens them again.
    const again = stores(folder, masterKey);
    again.dictations.load();
    again.labReports.load();
    expect(again.dictations.get(refused.id)?.problem).toContain(SERVICE_SAID);
    expect(again.dictations.get(failed.id)?.problem).toBe(failedProblem);
    expect(again.labReports.get(report.id)?.problem).toContain(REPORT_SAID);
  });

  it('a problem an earlier version kept in clear is sealed at the next start', () => {
    const folder = tempFolder();
    const masterKey = randomBytes(32);
    const first = stores(folder, masterKey);
    const item = recorded(first.dictations, 'Test Patient Old');
    const manifestFile = join(folder, 'dictations', item.id, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, state: 'failed', problem: SERVICE_SAID, sealedProblem: null }));
    expect(clearTextIn(folder, [SERVICE_SAID])).toHaveLength(1);
    const again = stores(folder, masterKey);
    again.dictations.load();
    expect(again.dictations.get(item.id)?.problem).toBe(SERVICE_SAID);
    expect(clearTextIn(folder, [SERVICE_SAID])).toEqual([]);
  });
});
