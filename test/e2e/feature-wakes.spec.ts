/**
 * Features wake when first asked (main/shell/feature-wakes.ts): a feature that cannot wake is
 * named to the doctor and Record still works. The fault is a real one an installation can have:
 * a copy of the built app with one code file missing (the lab reports', or the service's
 * operations, which the client loads at its first call), as a half-copied install or a
 * quarantined file leaves it; nothing in the app is told to fail.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { bridgeValue, closeApps, expect, test } from '../support/e2e/fixtures';
import { ROOT, TEST_PATIENT, launchElectron, newDataFolder, screenshot, visitFor, type LaunchedApp } from '../support/e2e/launch-app';
import { READY, speakFor, startConsultation } from '../support/e2e/recording';

/** The built app copied, but for the file of main's code whose name begins with `chunk` (one of the bundler's chunks). */
function appWithout(chunk: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'scribe-e2e-app-'));
  cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
  cpSync(join(ROOT, 'out'), join(copy, 'out'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  const chunks = join(copy, 'out', 'main', 'chunks');
  const named = readdirSync(chunks).filter((name) => name.startsWith(chunk));
  expect(named).toHaveLength(1);
  rmSync(join(chunks, named[0]!));
  return copy;
}

/**
 * The built app without the chunk named `chunk`, started on a new data folder under an empty
 * policy, its first screen up and a visit begun; `use` drives it; the app and the copy are gone
 * after.
 */
async function withAppWithout(chunk: string, use: (page: Page) => Promise<void>): Promise<void> {
  const copy = appWithout(chunk);
  const userDataDir = newDataFolder();
  const policyFile = join(mkdtempSync(join(tmpdir(), 'scribe-policy-')), 'policy.json');
  writeFileSync(policyFile, '{}');
  const args = [copy, `--user-data-dir=${userDataDir}`, `--policy=${policyFile}`, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])];
  const app = await launchElectron(args, { ...(process.env as Record<string, string>), SCRIBE_LOG_CONSOLE: '0' });
  const launched: LaunchedApp = { app, page: await app.firstWindow(), userDataDir, policyFile };
  try {
    await launched.page.getByTestId('service-badge').waitFor();
    await visitFor(launched.page, TEST_PATIENT);
    await use(launched.page);
  } finally {
    await closeApps([launched]);
    rmSync(copy, { recursive: true, force: true });
  }
}

test('a feature that cannot wake is named where the doctor asks for it, and Record still works', async ({ microphone: _microphone }) => {
  await withAppWithout('lab-reports-feature-', async (page) => {
    // The first screen asked for the lab reports as it opened, and the health record's links (which
    // read them) woke as the visit began: the doctor is told which part is unavailable, the cause
    // and not what depends on it, and that Record is not.
    const told = page.getByRole('alert').filter({ hasText: /^Lab reports could not start: this part of the app is unavailable for now\. Recording and the rest of the app still work/ });
    await expect(told.first()).toBeVisible({ timeout: 15_000 });
    await screenshot(page, 'feature-that-cannot-wake');

    await startConsultation(page);
    await speakFor(page, 1_500);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByTestId('recorder-state')).toHaveText(READY);
    const dictations = await bridgeValue(page, 'listDictations');
    expect(dictations).toHaveLength(1);
    // Asked again, it is tried again, and named again.
    const again = await page.evaluate(() => (window as unknown as { scribe: { listLabReports(): Promise<{ ok: boolean; error?: { message: string } }> } }).scribe.listLabReports());
    expect(again.ok).toBe(false);
    expect(again.error?.message).toMatch(/^Lab reports could not start/);
  });
});

test('the service’s operations that cannot load: Record works, the dictation is kept, and the doctor is told why it was not sent', async ({ microphone: _microphone }) => {
  await withAppWithout('service-operations-', async (page) => {
    await startConsultation(page);
    await speakFor(page, 1_500);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByTestId('recorder-state')).toHaveText(READY);
    // Sent whole instead, which fails the same way: the dictation waits for a Retry, and says why.
    const row = page.getByRole('listbox', { name: 'Dictation list' }).getByRole('option', { selected: true });
    await expect(row).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    await expect(page.getByTestId('detail-problem')).toContainText('could not load its code for talking to the service');
    await expect(page.getByTestId('detail-problem')).toContainText('Nothing waiting to be sent is lost');
    await screenshot(page, 'service-code-missing');
    // The recording is still on disk, to be sent once the app is mended.
    expect(await bridgeValue(page, 'listDictations')).toHaveLength(1);
  });
});

test('a sleeping feature’s first operation, asked before it wakes, is answered once and in full', async ({ launch }) => {
  const { page } = await launch();
  // Registration sleeps until asked (it does nothing by itself): several first asks at once share its one wake.
  const answers = await page.evaluate(async () => {
    const scribe = (window as unknown as { scribe: { getRegistration(): Promise<{ ok: boolean; value?: { step: string } }> } }).scribe;
    return Promise.all([scribe.getRegistration(), scribe.getRegistration(), scribe.getRegistration()]);
  });
  expect(answers.map((answer) => (answer.ok ? answer.value?.step : 'refused'))).toEqual(['aadhaar', 'aadhaar', 'aadhaar']);
});
