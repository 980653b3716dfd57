/**
 * Dictation by the sessions API, as new installs send it: the audio goes in parts while the
 * doctor speaks, End at Stop, then the transcript and the notes. Real speech from the virtual
 * microphone, the real app, a sandbox of the test's own over loopback (its switches make
 * expiry, presigned forms and a service without sessions).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { DictationSummary } from '../../contract/dictation';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { recordFor, speakFor, startRecording } from '../support/e2e/recording';
import { showScreen } from '../support/e2e/screens';
import { waitForExit } from '../support/e2e/process-exit';

test.setTimeout(180_000);

const dictations = (page: Page): Promise<DictationSummary[]> => bridgeValue(page, 'listDictations');

/** The dictation's manifest as the app keeps it (what it says of the session is in clear: ids and numbers, no patient data). */
function manifestOf(userDataDir: string, id: string): { api: string; chunkCount: number | null; partFormat: string; session: { id: string } | null; previousSessionIds: string[] } {
  return JSON.parse(readFileSync(join(userDataDir, 'dictations', id, 'manifest.json'), 'utf8'));
}

const accepted = (sandbox: SandboxServer, operation: string) => sandbox.received.filter((request) => request.operation === operation && (request.status ?? 0) < 300);

/** One session ended, holding parts 0…n-1 of the dictation, none missing. */
function expectOneWholeSession(sandbox: SandboxServer, manifest: ReturnType<typeof manifestOf>): void {
  expect(manifest.api).toBe('sessions');
  expect(manifest.chunkCount).toBeGreaterThan(0);
  const held = sandbox.transcriptionSession(manifest.session!.id);
  // Ogg Opus, as the sandbox's discovery lists it; MP3 when the recording began before the app had read that list.
  expect(['ogg', 'mp3']).toContain(manifest.partFormat);
  expect(held).toMatchObject({ ended: true, format: manifest.partFormat, parts: Array.from({ length: manifest.chunkCount! }, (_, n) => n) });
  for (const previous of manifest.previousSessionIds) expect(sandbox.transcriptionSession(previous)?.ended ?? false).toBe(false);
  expect(accepted(sandbox, 'sessionEnd')).toHaveLength(1);
}

test('a 50 s dictation goes in parts while it is spoken; End follows Stop within a second; the transcript and note show without a click; a correction is saved as the session’s document', async ({
  launch,
  startSandbox,
  microphone: _microphone,
}) => {
  const sandbox = await startSandbox({ faults: { processingMs: 1_500 } });
  const { app, page, userDataDir } = await launch({ policy: customService(sandbox) });
  await startRecording(page, 'Anil Kumar, OPD 3');
  await speakFor(page, 50_000);
  const partsBeforeStop = accepted(sandbox, 'sessionPart').length;
  const stoppedAt = Date.now();
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect.poll(() => accepted(sandbox, 'sessionEnd').length, { timeout: 10_000 }).toBe(1);
  const endAfterStopMs = accepted(sandbox, 'sessionEnd')[0]!.at - stoppedAt;
  console.log(`parts before Stop: ${partsBeforeStop}; End ${endAfterStopMs} ms after Stop`);
  expect(partsBeforeStop).toBeGreaterThanOrEqual(2);
  expect(endAfterStopMs).toBeLessThanOrEqual(1_000);

  // The dictation just recorded is in view: its result shows without a click.
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await expect(detail.getByRole('heading', { name: 'Anil Kumar, OPD 3' })).toBeVisible();
  await expect(detail.getByTestId('detail-state')).toHaveText('Completed', { timeout: 30_000 });
  await expect(detail.getByRole('table', { name: 'Medications' })).toBeVisible();
  await expect(detail.getByRole('article', { name: 'Clinical notes' }).getByRole('heading', { name: 'Complaints' })).toBeVisible();
  await expect(detail.getByTestId('transcript')).toContainText('Sandbox transcript');
  await screenshot(page, 'sessions-completed');
  const [item] = await dictations(page);
  expectOneWholeSession(sandbox, manifestOf(userDataDir, item!.id));

  // The doctor corrects the first medicine: the service gets the corrected note as a document of the session.
  await detail.getByRole('button', { name: 'Edit note' }).click();
  const name = detail.getByRole('textbox', { name: 'Medicine, row 1' });
  await name.fill('Azithromycin 500 mg tablet');
  await page.keyboard.press('Enter');
  await expect(detail.getByTestId('correction-line')).toBeVisible();
  const sessionId = manifestOf(userDataDir, item!.id).session!.id;
  await expect.poll(() => sandbox.sessionDocuments(sessionId)[0]?.markdown ?? '', { timeout: 15_000 }).toContain('Azithromycin 500 mg tablet');
  const document = sandbox.sessionDocuments(sessionId)[0]!;
  expect(document.markdown).not.toContain('Anil Kumar');
  // A later correction updates the same document.
  await detail.getByRole('button', { name: 'Edit note' }).click();
  await detail.getByRole('textbox', { name: 'Medicine, row 1' }).fill('Azithromycin 250 mg tablet');
  await page.keyboard.press('Enter');
  await expect.poll(() => sandbox.sessionDocuments(sessionId)[0]?.markdown ?? '', { timeout: 15_000 }).toContain('Azithromycin 250 mg tablet');
  expect(sandbox.sessionDocuments(sessionId)).toHaveLength(1);
  await app.close();
});

test('killed while recording and while sending, each dictation ends in one session with every part once', async ({ launch, startSandbox, microphone: _microphone }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300 } });
  const first = await launch({ policy: customService(sandbox) });
  await startRecording(first.page, 'Killed while recording');
  await speakFor(first.page, 24_000);
  await expect.poll(() => accepted(sandbox, 'sessionPart').length).toBeGreaterThanOrEqual(1);
  first.app.process().kill('SIGKILL');
  await waitForExit(first.app.process());

  // Relaunched: the recording is recovered, its last parts cut from it, and all go to the same session.
  const second = await launch({ userDataDir: first.userDataDir, policy: customService(sandbox) });
  await expect.poll(async () => (await dictations(second.page))[0]?.state, { timeout: 60_000 }).toBe('completed');
  const [recovered] = await dictations(second.page);
  expect(recovered).toMatchObject({ recovered: true, label: 'Killed while recording' });
  expectOneWholeSession(sandbox, manifestOf(first.userDataDir, recovered!.id));
  expect(accepted(sandbox, 'sessionCreate')).toHaveLength(1);

  // Killed while its last parts are on their way (each request takes 3 s to be answered).
  sandbox.setFaults({ latencyMs: 3_000 });
  await recordFor(second.page, 'Killed while sending', 24_000);
  // A part is on its way: the sandbox has it and holds its answer back.
  await expect.poll(() => sandbox.received.some((request) => request.operation.startsWith('session') && request.status === undefined)).toBe(true);
  second.app.process().kill('SIGKILL');
  await waitForExit(second.app.process());
  sandbox.setFaults({ latencyMs: 0 });
  const third = await launch({ userDataDir: first.userDataDir, policy: customService(sandbox) });
  await expect.poll(async () => (await dictations(third.page)).map((item) => item.state), { timeout: 60_000 }).toEqual(['completed', 'completed']);
  const [sent] = await dictations(third.page);
  const manifest = manifestOf(first.userDataDir, sent!.id);
  expect(sandbox.transcriptionSession(manifest.session!.id)).toMatchObject({ ended: true, parts: Array.from({ length: manifest.chunkCount! }, (_, n) => n) });
  for (const previous of manifest.previousSessionIds) expect(sandbox.transcriptionSession(previous)?.ended ?? false).toBe(false);
  expect(accepted(sandbox, 'sessionEnd')).toHaveLength(2);
  await third.app.close();
});

test('dictated offline, sent when the service is back; an expired session is made again; a presigned form gets the parts without the sign-in', async ({
  launch,
  startSandbox,
  microphone: _microphone,
}) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300 } });
  const { port } = new URL(sandbox.url);
  const token = sandbox.token;
  const { app, page, userDataDir } = await launch({ policy: customService(sandbox) });
  await sandbox.stop();
  await recordFor(page, 'Offline, bed 2', 14_000);
  await expect(page.getByTestId('pending-sync')).toHaveText('1 waiting to sync', { timeout: 20_000 });
  await screenshot(page, 'sessions-offline');

  // Back, with parts going to a presigned form; the first session made expires before End.
  const back = await startSandbox({ port: Number(port), token, faults: { processingMs: 300, sessionUploadUrl: 'form', sessionLifetimeSeconds: 2, latencyMs: 1_200 } });
  await expect.poll(() => back.received.some((request) => request.status === 410), { timeout: 60_000 }).toBe(true);
  back.setFaults({ sessionLifetimeSeconds: 3_600, latencyMs: 0 });
  await expect.poll(async () => (await dictations(page))[0]?.state, { timeout: 60_000 }).toBe('completed');
  const [item] = await dictations(page);
  const manifest = manifestOf(userDataDir, item!.id);
  expect(manifest.previousSessionIds.length).toBeGreaterThanOrEqual(1);
  expectOneWholeSession(back, manifest);
  const forms = back.received.filter((request) => request.operation === 'sessionPartForm');
  expect(forms.every((request) => request.headers.authorization === undefined)).toBe(true);
  expect(accepted(back, 'sessionPart')).toHaveLength(0);
  await app.close();
});

test('a service without sessions gets the dictation by the voice upload, nothing lost, and Settings says so', async ({ launch, startSandbox, microphone: _microphone }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 300, sessionsApi: 'off' } });
  const { app, page } = await launch({ policy: customService(sandbox) });
  await recordFor(page, 'Old service, bed 5', 12_000);
  await expect.poll(async () => (await dictations(page))[0]?.state, { timeout: 60_000 }).toBe('completed');
  expect(accepted(sandbox, 'voiceUpload')).toHaveLength(1);
  expect(accepted(sandbox, 'sessionEnd')).toHaveLength(0);
  await showScreen(page, 'Settings');
  await expect(page.getByText('This service offers no transcription sessions', { exact: false })).toBeVisible();
  await screenshot(page, 'sessions-not-offered');
  await app.close();
});
