/**
 * The doctor's words on screen while speaking: real speech from the virtual microphone, the
 * real app, a sandbox of the test's own over loopback that serves each part's words a while
 * after the part arrives. One launch tells the whole story: dictated with no connection (the
 * line says the words follow after Stop), the service back before Stop (the parts go, in Ogg
 * Opus, and the words of several parts show before Stop, marked as heard so far), the note
 * taking their place; then a service that refuses the per-part words (501), where the line says
 * so and the dictation is sent and ended as ever.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { DictationSummary } from '../../contract/dictation';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { READY, speakFor, startRecording } from '../support/e2e/recording';

test.setTimeout(180_000);

const dictations = (page: Page): Promise<DictationSummary[]> => bridgeValue(page, 'listDictations');
const manifestOf = (userDataDir: string, id: string): { partFormat: string; chunkCount: number | null; session: { id: string } | null } =>
  JSON.parse(readFileSync(join(userDataDir, 'dictations', id, 'manifest.json'), 'utf8'));
const accepted = (sandbox: SandboxServer, operation: string) => sandbox.received.filter((request) => request.operation === operation && (request.status ?? 0) < 300);

test('words of the parts show while speaking, after an outage too, and give way to the note; a service without them says so in one line', async ({
  launch,
  startSandbox,
  microphone: _microphone,
}) => {
  const sandbox = await startSandbox({ faults: { processingMs: 1_500 } });
  const { port } = new URL(sandbox.url);
  const token = sandbox.token;
  const { app, page, userDataDir } = await launch({ policy: customService(sandbox) });
  // What the service takes is known before Record (the Dictation screen asks it as it opens).
  await bridgeValue(page, 'getTranscriptionChoices');
  const recorder = page.getByRole('region', { name: 'Recorder' });
  const heardSoFar = recorder.getByRole('region', { name: /Heard so far/ });
  const notice = heardSoFar.getByTestId('live-words-notice');
  const heardParts = heardSoFar.getByRole('listitem').and(page.locator('.heard'));

  // No connection: the recording goes on, and one line says the words follow after Stop. The app
  // asks the service as the recording begins, so the doctor knows within seconds, not when the
  // first part (cut at a pause, or after 19.5 s of unbroken speech) fails to go.
  await sandbox.stop();
  await startRecording(page, 'Live words, bed 5');
  await expect(notice).toHaveText('No connection: the words follow after Stop.', { timeout: 5_000 });
  await screenshot(page, 'live-words-offline');

  // Back before Stop: the parts go (Ogg Opus), and the words of at least two show while the doctor still speaks.
  const back = await startSandbox({ port: Number(port), token, faults: { processingMs: 1_500, partWordsDelayMs: 800 } });
  await expect(heardParts.nth(1)).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now');
  await expect(notice).toBeHidden();
  await expect(heardParts.first()).toHaveText(/^Sandbox heard part 1: \d+\.\d s of sound \(test words, not a transcription\)\.$/);
  await expect(heardSoFar).toContainText('not the note');
  await screenshot(page, 'live-words-heard');
  const partsBeforeStop = accepted(back, 'sessionPart').length;
  expect(partsBeforeStop).toBeGreaterThanOrEqual(2);
  // Polite: never two asks for one part within 1.5 s.
  const asks = accepted(back, 'partWords').concat(back.received.filter((request) => request.operation === 'partWords' && request.status === 404));
  for (const path of new Set(asks.map((request) => request.path))) {
    const times = asks.filter((request) => request.path === path).map((request) => request.at).sort((a, b) => a - b);
    for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(1_490);
  }

  // Stop: the words stay until the note comes, which takes their place.
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(READY);
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await expect(detail.getByTestId('detail-state')).toHaveText('Completed', { timeout: 30_000 });
  await expect(heardSoFar).toBeHidden();
  const [first] = await dictations(page);
  const manifest = manifestOf(userDataDir, first!.id);
  expect(manifest.partFormat).toBe('ogg');
  expect(back.transcriptionSession(manifest.session!.id)).toMatchObject({ ended: true, format: 'ogg', parts: Array.from({ length: manifest.chunkCount! }, (_, n) => n) });

  // A service without per-part words: one line says so; recording and sending are untouched.
  back.setFaults({ partWords: 'not-implemented' });
  await startRecording(page, 'No words endpoint, bed 6');
  await expect(notice).toHaveText('The words follow after Stop: this service does not send them while you speak.', { timeout: 30_000 });
  await expect(heardParts).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await screenshot(page, 'live-words-refused');
  await speakFor(page, 9_000);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(detail.getByTestId('detail-state')).toHaveText('Completed', { timeout: 30_000 });
  await expect(heardSoFar).toBeHidden();
  expect(accepted(back, 'sessionEnd')).toHaveLength(2);
  await app.close();
});
