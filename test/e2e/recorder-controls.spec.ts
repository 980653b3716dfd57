import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { killSoundSystem } from '../support/e2e/virtual-microphone';
import { forPatient } from '../support/e2e/recording';

test.setTimeout(120_000);

const elapsed = (page: Page) => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs);
const dictations = (page: Page) => bridgeValue(page, 'listDictations');

test('pause stops the clock and the file, resume continues, discard throws the recording away after confirmation', async ({ launch, microphone: _microphone }) => {
  const { app, page } = await launch({ policy: { autoSync: false } });
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
  await expect.poll(() => elapsed(page)).toBeGreaterThanOrEqual(1000);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Paused');
  const pausedAt = await elapsed(page);
  await page.waitForTimeout(1500);
  expect(await elapsed(page)).toBe(pausedAt);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => elapsed(page)).toBeGreaterThan(pausedAt + 500);

  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('group', { name: 'Throw this recording away?' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep it' }).click();
  expect(await dictations(page)).toHaveLength(1);
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('button', { name: 'Discard recording' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');
  expect(await dictations(page)).toEqual([]);
  await app.close();
});

test('the global shortcut starts and stops recording while another window has focus', async ({ launch, microphone: _microphone }) => {
  const { app, page } = await launch({ policy: { autoSync: false, recordShortcut: 'CommandOrControl+Alt+R' } });
  await expect(page.getByText('Shortcut:')).toContainText('Ctrl+Alt+R');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.state), { timeout: 15_000 }).toBe('recording');
  await expect.poll(() => elapsed(page)).toBeGreaterThanOrEqual(1500);
  execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.state)).toBe('idle');
  expect(await dictations(page)).toMatchObject([{ state: 'recorded' }]);
  await app.close();
});

test('holding the toggle shortcut a little long starts one recording and does not stop it (key repeats are ignored)', async ({ launch, microphone: _microphone }) => {
  const { app, page } = await launch({ policy: { autoSync: false, recordShortcut: 'CommandOrControl+Alt+R' } });
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const changes: string[] = [];
  await page.exposeFunction('noteRecorderState', (state: string) => changes.push(state));
  await page.evaluate(() => window.scribe.on.recorderChanged((status) => (window as unknown as { noteRecorderState(state: string): void }).noteRecorderState(status.state)));
  execFileSync('xdotool', ['keydown', 'ctrl+alt+r']);
  // The X server repeats a held key after its delay; the repeats reach the shortcut as presses.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  execFileSync('xdotool', ['keyup', 'ctrl+alt+r']);
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.state)).toBe('recording');
  expect(changes).not.toContain('stopping');
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.state)).toBe('idle');
  expect(await dictations(page)).toHaveLength(1);
  await app.close();
});

test('a microphone chosen in settings but not connected gets a clear message and nothing is recorded', async ({ launch, microphone: _microphone }) => {
  const { app, page } = await launch({ policy: { microphone: 'USB Headset (Jabra)' } });
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-message')).toHaveText(
    'The microphone "USB Headset (Jabra)" chosen in Settings is not connected. Connect it, or choose another microphone in Settings.',
  );
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');
  expect(await dictations(page)).toEqual([]);
  await app.close();
});

test('when the microphone disappears mid-recording, the recording so far is kept and the doctor is told', async ({ launch, microphone: _microphone }) => {
  const { app, page } = await launch({ policy: { autoSync: false } });
  await forPatient(page, 'Headset pulled');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
  await expect.poll(() => elapsed(page)).toBeGreaterThanOrEqual(3000);
  const before = await elapsed(page);
  killSoundSystem();
  await expect(page.getByTestId('recorder-message')).toContainText('The microphone stopped sending sound', { timeout: 15_000 });
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');
  const [item] = await dictations(page);
  expect(item).toMatchObject({ label: 'Headset pulled', state: 'recorded' });
  expect(item!.durationMs).toBeGreaterThanOrEqual(before);
  await screenshot(page, 'dictation-microphone-lost');
  await app.close();
});
