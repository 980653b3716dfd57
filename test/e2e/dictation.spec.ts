/**
 * Dictation by the voice upload (the seed's API: the whole recording after Stop, then its
 * result looked up by txn id): every test here sends by it; sessions.spec.ts covers the
 * sessions API, which new installs use.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { DictationSummary } from '../../contract/dictation';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { newDataFolder, screenshot, type LaunchedApp } from '../support/e2e/launch-app';
import { waitForExit } from '../support/e2e/process-exit';
import { compactCopy, recordingWav } from '../support/e2e/sealed-data';
import { analyseMp3, analyseWav } from '../support/e2e/wav-analysis';
import { seenTexts, watchTexts } from '../support/e2e/seen-texts';
import { forPatient } from '../support/e2e/recording';

test.setTimeout(150_000);

/** Records through the UI for about `seconds` of speech; returns the elapsed time the app showed. */
async function record(page: Page, label: string, seconds: number): Promise<number> {
  await forPatient(page, label);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs), { timeout: 30_000 }).toBeGreaterThanOrEqual(seconds * 1000);
  const elapsed = await bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');
  return elapsed;
}

async function dictations(page: Page): Promise<DictationSummary[]> {
  return bridgeValue(page, 'listDictations');
}

async function openDictation(page: Page, label: string) {
  await page.getByRole('option').filter({ hasText: label }).click();
  await expect(page.getByRole('region', { name: 'Dictation details' }).getByRole('heading', { name: label })).toBeVisible();
}

/** Sends by the voice upload. */
const VOICE = { transcriptionApi: 'voice-upload' } as const;

function customService(sandbox: SandboxServer, token = true) {
  return { ...VOICE, service: 'custom', customServiceUrl: sandbox.url, ...(token ? { accessToken: sandbox.token } : {}) };
}

test('records speech from the microphone, sends it to the sandbox and shows the prescription', async ({ launch, microphone: _microphone }) => {
  const { app, page, userDataDir } = await launch({ policy: VOICE });
  await forPatient(page, 'Bed 12 follow-up');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });

  const updates = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const levels: number[] = [];
        const off = window.scribe.on.recorderChanged((status) => levels.push(status.level));
        setTimeout(() => {
          off();
          resolve(levels);
        }, 1000);
      }),
  );
  // The meter moves about 8 times a second (every 128 ms of sound), smoothed on screen.
  expect(updates.length).toBeGreaterThanOrEqual(6);
  expect(Math.max(...updates)).toBeGreaterThan(0.3);
  await screenshot(page, 'dictation-recording');
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs), { timeout: 20_000 }).toBeGreaterThanOrEqual(4000);
  const shown = await bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');

  const [item] = await dictations(page);
  expect(item).toMatchObject({ label: 'Bed 12 follow-up', mode: 'dictation' });
  const audio = analyseWav(await recordingWav(userDataDir, item!.id));
  expect(audio.sampleRate).toBe(16_000);
  expect(audio.rms).toBeGreaterThan(0.02);
  expect(Math.abs(audio.durationMs - item!.durationMs)).toBeLessThan(50);
  expect(audio.durationMs).toBeGreaterThanOrEqual(shown);
  expect(audio.durationMs - shown).toBeLessThan(1000);

  await openDictation(page, 'Bed 12 follow-up');
  await expect(page.getByTestId('detail-state')).toHaveText('Completed', { timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Medications' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await expect(table.getByRole('columnheader')).toHaveText(['Medicine', 'Dose', 'Frequency', 'Duration', 'Instructions']);
  await expect(page.getByRole('article', { name: 'Clinical notes (FHIR)' })).toContainText('FHIR Bundle (document) with 1 composition');
  await screenshot(page, 'dictation-completed');

  // FHIR export: the OS save dialog cannot be driven here, so it answers with a path.
  const exportPath = join(newDataFolder(), `${item!.id}-fhir.json`);
  await app.evaluate(({ dialog }, path) => {
    const asked: unknown[] = [];
    (globalThis as unknown as { asked: unknown[] }).asked = asked;
    dialog.showSaveDialog = async (...args: unknown[]) => {
      asked.push(args.at(-1));
      return { canceled: false, filePath: path };
    };
  }, exportPath);
  await page.getByRole('article', { name: 'Clinical notes (FHIR)' }).getByRole('button', { name: 'Export FHIR .json (service’s original)' }).click();
  await expect(page.getByText(`Saved to ${exportPath}`)).toBeVisible();
  const exported = JSON.parse((await import('node:fs')).readFileSync(exportPath, 'utf8'));
  expect(exported.resourceType).toBe('Bundle');
  // The FHIR is the service's: its name and the dialog say so, and the name carries the label and time.
  const [asked] = await app.evaluate(() => (globalThis as unknown as { asked: Array<{ title: string; defaultPath: string }> }).asked);
  expect(asked!.title).toContain("service's original");
  expect(asked!.defaultPath).toMatch(/^Bed-12-follow-up-\d{4}-\d{2}-\d{2}-\d{4}-fhir-service-original-TEST-DATA\.json$/);

  await page.getByRole('article', { name: 'Transcript' }).getByRole('button', { name: 'Copy text' }).click();
  expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toContain('Sandbox transcript');

  const served = await app.evaluate(async ({ net }, id) => {
    const response = await net.fetch(`app://scribe/recordings/${id}.wav`);
    return { status: response.status, type: response.headers.get('content-type'), size: (await response.arrayBuffer()).byteLength };
  }, item!.id);
  expect(served).toMatchObject({ status: 200, type: 'audio/wav' });
  expect(served.size).toBe(44 + Math.round((audio.durationMs / 1000) * 32_000));
  await app.close();
});

test('after Stop the dictation just recorded is in view, moves from saved to its result, and shows it without a click', async ({ launch, startSandbox, microphone: _microphone }) => {
  // Latency makes the upload last long enough to be seen.
  const sandbox = await startSandbox({ faults: { processingMs: 2_000, latencyMs: 400 } });
  const { app, page } = await launch({ policy: customService(sandbox) });
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await expect(detail).toContainText('No dictation of Test patient is open. Press Record, or choose one in the list.');
  // Every state the detail view shows, in order, as a person would see them change.
  await watchTexts(page, 'detail-state');

  await forPatient(page, 'Ward round, bed 4');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
  // While it records, the detail says so (not "Press Record"), and neither its row nor its detail shows a length of 0:00 beside the running clock.
  await expect(detail).toContainText('Recording for Ward round, bed 4. This dictation opens here when you press Stop.');
  const row = page.getByTestId('dictation-list').getByRole('option', { name: /Ward round, bed 4/ });
  await expect(row).toContainText('Recording');
  await expect(row).not.toContainText('· 0:00');
  await row.click();
  await expect(detail.getByRole('heading', { name: 'Ward round, bed 4' })).toBeVisible();
  await expect(detail.getByTestId('detail-state')).toHaveText('Recording');
  await expect(detail).not.toContainText('· 0:00');
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs), { timeout: 20_000 }).toBeGreaterThanOrEqual(2500);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(detail.getByRole('heading', { name: 'Ward round, bed 4' })).toBeVisible();
  await expect(row).toContainText(/ · 0:0[2-9]/);

  await expect(detail.getByTestId('detail-state')).toHaveText('Completed', { timeout: 40_000 });
  await expect(detail.getByRole('table', { name: 'Medications' })).toBeVisible();
  // Finished, the steps make room for the note: its actions come first.
  await expect(detail.getByTestId('sync-steps')).toHaveCount(0);
  await expect(detail.getByRole('group', { name: 'Dictation actions' }).getByRole('button', { name: 'Copy note' })).toBeVisible();
  const seen = await seenTexts(page, 'detail-state');
  const expected = ['Uploading', 'Processing', 'Completed'];
  expect(seen.filter((state) => expected.includes(state))).toEqual(expected);
  expect(seen.every((state) => ['Recording', ...expected, 'Saved, waiting to send'].includes(state))).toBe(true);
  await screenshot(page, 'dictation-just-recorded');
  await app.close();
  await sandbox.stop();
});

test('offline: two dictations wait on disk, then go when the service is back', async ({ launch, startSandbox, microphone: _microphone }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300 } });
  const { port } = new URL(sandbox.url);
  const token = sandbox.token;
  const { app, page } = await launch({ policy: customService(sandbox) });
  await sandbox.stop();

  await record(page, 'Offline one', 2);
  await record(page, 'Offline two', 2);
  await expect(page.getByTestId('connection')).toHaveText('Service unreachable', { timeout: 20_000 });
  await expect(page.getByTestId('pending-sync')).toHaveText('2 waiting to sync');
  expect((await dictations(page)).map((d) => d.state)).toEqual(['recorded', 'recorded']);
  await openDictation(page, 'Offline two');
  await expect(page.getByTestId('detail-problem')).toContainText('cannot be reached');
  await screenshot(page, 'dictation-offline');

  const back = await startSandbox({ port: Number(port), token, faults: { processingMs: 300 } });
  await expect.poll(async () => (await dictations(page)).map((d) => d.state), { timeout: 60_000 }).toEqual(['completed', 'completed']);
  await expect(page.getByTestId('connection')).toHaveText('Online');
  await expect(page.getByTestId('pending-sync')).toHaveText('Nothing waiting to sync');
  for (const item of await dictations(page)) expect(back.uploadsFor(item.txnId)).toBe(1);
  await app.close();
  await back.stop();
});

test('killed mid-upload and relaunched, it finishes with exactly one upload per txn id', async ({ launch, startSandbox, microphone: _microphone }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300, latencyMs: 4000 } });
  const first = await launch({ policy: customService(sandbox) });
  await record(first.page, 'Killed during upload', 2);
  await expect.poll(async () => (await dictations(first.page))[0]?.state, { timeout: 20_000 }).toBe('uploading');
  const [item] = await dictations(first.page);
  first.app.process().kill('SIGKILL');
  await waitForExit(first.app.process());

  sandbox.setFaults({ latencyMs: 0 });
  const second = await launch({ userDataDir: first.userDataDir, policy: customService(sandbox) });
  await expect.poll(async () => (await dictations(second.page))[0]?.state, { timeout: 60_000 }).toBe('completed');
  expect((await dictations(second.page))[0]?.txnId).toBe(item!.txnId);
  expect(sandbox.uploadsFor(item!.txnId)).toBe(1);
  expect(sandbox.received.filter((request) => request.operation === 'voiceUpload' && request.status === 200)).toHaveLength(1);
  await second.app.close();
  await sandbox.stop();
});

test('killed mid-recording, the next launch recovers the recording, missing at most the last second', async ({ launch, microphone: _microphone }) => {
  const first = await launch({ policy: { ...VOICE, autoSync: false } });
  await forPatient(first.page, 'Power cut');
  await first.page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(first.page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
  await expect.poll(() => bridgeValue(first.page, 'getRecorder').then((r) => r.elapsedMs), { timeout: 20_000 }).toBeGreaterThanOrEqual(5000);
  const recordedMs = await bridgeValue(first.page, 'getRecorder').then((r) => r.elapsedMs);
  const pids = await first.app.evaluate(({ app }) => app.getAppMetrics().map((metric) => metric.pid));
  first.app.process().kill('SIGKILL');
  await waitForExit(first.app.process());
  // Every other process of the app ends with main, the recorder and its microphone among them.
  await expect.poll(() => pids.filter((pid) => existsSync(`/proc/${pid}`)), { timeout: 10_000 }).toEqual([]);

  const second = await launch({ userDataDir: first.userDataDir, policy: { ...VOICE, autoSync: false } });
  const [item] = await dictations(second.page);
  expect(item).toMatchObject({ label: 'Power cut', state: 'recorded', recovered: true });
  expect(item!.durationMs).toBeGreaterThanOrEqual(recordedMs - 1000);
  expect(item!.durationMs).toBeLessThanOrEqual(recordedMs + 1000);
  const folder = join(first.userDataDir, 'dictations', item!.id);
  const audio = analyseWav(await recordingWav(first.userDataDir, item!.id));
  expect(Math.abs(audio.durationMs - item!.durationMs)).toBeLessThan(50);
  expect(audio.rms).toBeGreaterThan(0.02);
  // The compact copy being written when the app died is rebuilt from the recording: whole frames, the whole recording.
  await expect.poll(() => existsSync(join(folder, 'upload.mp3.sealed')), { timeout: 20_000 }).toBe(true);
  expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([]);
  expect(Math.abs(analyseMp3(await compactCopy(first.userDataDir, item!.id)).durationMs - audio.durationMs)).toBeLessThan(300);
  await openDictation(second.page, 'Power cut');
  await expect(second.page.getByText('Recovered', { exact: true })).toBeVisible();
  await screenshot(second.page, 'dictation-recovered');
  await second.app.close();
});

test('a partial (206) and a failed (500) result are shown as such, with a retry', async ({ launch, startSandbox, microphone: _microphone }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300, nextOutcomes: ['partial', 'failed'] } });
  const { app, page } = await launch({ policy: customService(sandbox) });
  await record(page, 'Partial case', 2);
  await expect.poll(async () => (await dictations(page))[0]?.state, { timeout: 30_000 }).toBe('partial');
  await record(page, 'Failed case', 2);
  await expect.poll(async () => (await dictations(page))[0]?.state, { timeout: 30_000 }).toBe('failed');

  await openDictation(page, 'Partial case');
  await expect(page.getByTestId('detail-state')).toHaveText('Partial result');
  const emr = page.getByRole('article', { name: 'Prescription' });
  await expect(emr.getByRole('list', { name: 'Errors' })).toHaveText('Error: Unable to extract medication dosage');
  await expect(emr.getByRole('list', { name: 'Warnings' })).toHaveText('Warning: Low confidence in diagnosis section');
  await expect(emr).toContainText('Partly complete');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await screenshot(page, 'dictation-partial');

  await openDictation(page, 'Failed case');
  await expect(page.getByTestId('detail-state')).toHaveText('Failed');
  await expect(page.getByTestId('detail-problem')).toHaveText(/could not process this dictation/);
  await screenshot(page, 'dictation-failed');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('detail-state')).toHaveText('Completed', { timeout: 30_000 });
  await app.close();
  await sandbox.stop();
});

test('a rejected token puts sending on hold until a new token is saved, losing nothing', async ({ launch, startSandbox, microphone: _microphone }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300 } });
  const launched: LaunchedApp = await launch({ policy: customService(sandbox, false) });
  const { app, page } = launched;
  await record(page, 'Needs token', 2);
  await expect(page.getByTestId('needs-sign-in')).toBeVisible({ timeout: 20_000 });
  expect((await dictations(page))[0]?.state).toBe('recorded');
  await screenshot(page, 'dictation-needs-sign-in');

  await page.getByTestId('needs-sign-in').getByRole('button', { name: 'Open Settings' }).click();
  const form = page.getByRole('form', { name: 'Access token' });
  await form.getByLabel(/Access token/).fill(sandbox.token);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await dictations(page))[0]?.state, { timeout: 30_000 }).toBe('completed');
  await app.close();
  await sandbox.stop();
});
