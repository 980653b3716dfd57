import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { failClosedLines } from '../../main/settings/fail-closed';
import { callBridge, expect, test } from '../support/e2e/fixtures';
import { newDataFolder, screenshot } from '../support/e2e/launch-app';
import { showScreen } from '../support/e2e/screens';
import { CLINIC_SIZES, resize } from '../support/e2e/window-size';

test('settings set by the policy are applied and shown locked', async ({ launch }) => {
  const { app, page, policyFile } = await launch({
    policy: { service: 'production', userOid: 'clinic-oid-17', uploadAudioFormat: 'wav', accessToken: 'policy-issued-token' },
  });
  await expect(page.getByTestId('service-badge')).toHaveText('Production');
  await showScreen(page, 'Settings');
  await expect(page.getByTestId('policy-info')).toContainText(policyFile);
  await expect(page.getByLabel(/Transcription service/)).toBeDisabled();
  await expect(page.getByLabel(/Transcription service/)).toHaveValue('production');
  await expect(page.getByLabel(/User OID/)).toHaveValue('clinic-oid-17');
  await expect(page.getByLabel(/User OID/)).toBeDisabled();
  await expect(page.getByLabel(/Upload audio format/)).toBeDisabled();
  await expect(page.getByLabel(/Partner user id/)).toBeEnabled();
  await expect(page.getByTestId('accessToken-state')).toHaveText('Set');
  await expect(page.getByText('Managed by your administrator', { exact: true })).toHaveCount(4);
  await screenshot(page, 'settings-policy');

  const attempt = await callBridge(page, 'updateSettings', { service: 'sandbox' });
  expect(attempt).toMatchObject({ ok: false, error: { kind: 'invalid-input', fields: { service: 'Set by your administrator; it cannot be changed here.' } } });
  expect(await page.content()).not.toContain('policy-issued-token');
  await app.close();
});

test('a malformed policy file is reported once per screen, with its button, and the app still starts, failing closed: the sandbox only, the safety settings at their strictest', async ({
  launch,
}) => {
  // The doctor had saved settings a broken policy must not leave standing: pasting into other programs, recordings kept for ever, updates on.
  const userDataDir = newDataFolder();
  writeFileSync(join(userDataDir, 'settings.json'), JSON.stringify({ insertCopiedNote: true, audioRetentionDays: 0, updatesEnabled: true, updateUrl: 'https://updates.clinic.example/' }));
  const { app, page } = await launch({ policy: '{ "service": "production", ', userDataDir, patient: null });
  await expect(page.getByTestId('service-badge')).toContainText('Sandbox');
  const banner = page.getByTestId('policy-banner');
  for (const screen of ['Dictation', 'Records', 'Registration', 'Patients', 'Settings'] as const) {
    await showScreen(page, screen);
    // One message on each screen, the same words everywhere, with the button that can be pressed there.
    await expect(banner).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Use the sandbox (test data) until then' })).toHaveCount(1);
    await expect(banner).toContainText('Your administrator’s policy file cannot be used.');
    await expect(banner).toContainText('was ignored: it is not valid JSON');
    await expect(banner).toContainText('Until it is mended, the safest settings apply:');
    // Every key held at its safest is listed (main/settings/fail-closed.ts), not only the service and review.
    await expect(banner.getByRole('list', { name: 'Until it is mended, the safest settings apply:' }).getByRole('listitem')).toHaveText(failClosedLines());
    await expect(banner).toContainText('Nothing is sent meanwhile.');
    await expect(banner.getByRole('button', { name: 'Use the sandbox (test data) until then' })).toBeVisible();
  }
  await expect(page.getByLabel(/Transcription service/)).toBeDisabled();
  await expect(page.getByLabel(/Transcription service/)).toHaveValue('sandbox');
  await expect(page.getByText('Locked at its safest until the policy file is mended').first()).toBeVisible();
  await screenshot(page, 'settings-policy-malformed');
  for (const size of CLINIC_SIZES) {
    await resize(app, page, size);
    await screenshot(page, `settings-policy-malformed-${size.width}x${size.height}`);
  }
  // Choosing the sandbox, from the banner on any screen, lifts the hold on sending, never the lock on the service.
  await showScreen(page, 'Records');
  await banner.getByRole('button', { name: 'Use the sandbox (test data) until then' }).click();
  await expect(banner).toContainText('You chose the built-in sandbox until then: every result is TEST DATA, never a real prescription.');
  await expect(banner.getByRole('button')).toHaveCount(0);
  await screenshot(page, 'records-policy-sandbox-chosen');
  for (const service of ['production', 'custom']) {
    const attempt = await callBridge(page, 'updateSettings', { service, customServiceUrl: 'https://elsewhere.example' } as never);
    expect(attempt).toMatchObject({ ok: false, error: { kind: 'invalid-input', fields: { service: expect.stringContaining('policy file cannot be used') } } });
  }
  const settings = await callBridge(page, 'getSettings');
  expect(settings).toMatchObject({
    ok: true,
    value: { values: { service: 'sandbox', requireReview: true, clearCopiedNote: true, insertCopiedNote: false, updatesEnabled: false, audioRetentionDays: 30, sendPatientDetails: false } },
  });
  // And they hold: the updater checks nothing, and Settings shows them locked.
  expect(await callBridge(page, 'getUpdateStatus')).toMatchObject({ ok: true, value: { state: 'off' } });
  for (const name of ['insertCopiedNote', 'updatesEnabled', 'audioRetentionDays'] as const) expect(settings.ok && settings.value.locked).toContain(name);
  await app.close();
});
