import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { bridgeValue, callBridge, expect, test } from '../support/e2e/fixtures';
import { filesContaining } from '../support/e2e/data-folder';
import { startKeyring } from '../support/e2e/keyring';
import { screenshot } from '../support/e2e/launch-app';
import { expectStill } from '../support/e2e/positions';
import { mainNavigation, showScreen } from '../support/e2e/screens';
import { CLINIC_SIZES, resize } from '../support/e2e/window-size';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.e2e-token-body-4f1c9a.signature-77ab';

async function saveToken(page: Page, token: string) {
  const form = page.getByRole('form', { name: 'Access token' });
  await form.getByLabel(/Access token/).fill(token);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('accessToken-state')).toHaveText('Set');
}

test('without a keyring (basic_text), a saved token stays in memory, unreadable by the page, and the screen says so', async ({ launch }) => {
  const { app, page, userDataDir } = await launch();
  await showScreen(page, 'Settings');
  await expect(page.getByTestId('secret-warning')).toContainText('not protected');
  await saveToken(page, TOKEN);
  await screenshot(page, 'settings-basic-text');

  expect(await page.content()).not.toContain(TOKEN);
  const bridgeView = await bridgeValue(page, 'getSettings');
  expect(JSON.stringify(bridgeView)).not.toContain(TOKEN);
  expect(bridgeView.secrets.accessToken).toBe('set');
  const inputValue = await page.getByRole('form', { name: 'Access token' }).getByLabel(/Access token/).inputValue();
  expect(inputValue).toBe('');

  await app.close();
  expect(filesContaining(userDataDir, TOKEN)).toEqual([]);
  expect(filesContaining(userDataDir, 'e2e-token-body')).toEqual([]);
  expect(existsSync(join(userDataDir, 'secrets.json'))).toBe(false);

  const again = await launch({ userDataDir });
  await showScreen(again.page, 'Settings');
  await expect(again.page.getByTestId('accessToken-state')).toHaveText('Not set');
  await again.app.close();
});

test('with the GNOME keyring, a token is stored encrypted and survives a restart', async ({ launch }) => {
  const keyring = startKeyring();
  try {
    const { app, page, userDataDir } = await launch({ env: keyring.env, args: keyring.args });
    const backend = await app.evaluate(({ safeStorage }) => safeStorage.getSelectedStorageBackend());
    expect(backend).toBe('gnome_libsecret');
    await showScreen(page, 'Settings');
    await expect(page.getByTestId('secret-warning')).toHaveCount(0);
    await saveToken(page, TOKEN);
    await screenshot(page, 'settings-keyring');
    await app.close();

    const stored = readFileSync(join(userDataDir, 'secrets.json'), 'utf8');
    expect(JSON.parse(stored)).toHaveProperty('accessToken');
    expect(filesContaining(userDataDir, TOKEN)).toEqual([]);
    expect(filesContaining(userDataDir, 'e2e-token-body')).toEqual([]);

    const again = await launch({ userDataDir, env: keyring.env, args: keyring.args });
    await showScreen(again.page, 'Settings');
    await expect(again.page.getByTestId('accessToken-state')).toHaveText('Set');
    expect(await again.page.content()).not.toContain(TOKEN);
    await again.app.close();
  } finally {
    keyring.stop();
  }
});

test('invalid values get a clear message and are not saved', async ({ launch }) => {
  const { app, page } = await launch();
  await showScreen(page, 'Settings');
  await page.getByLabel('Transcription service').selectOption('custom');
  await page.getByLabel('Custom service address').fill('ftp://files.clinic.example');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(/Only https:\/\/ addresses can be used/)).toBeVisible();

  const keyForm = page.getByRole('form', { name: 'Encryption client key' });
  await keyForm.getByLabel(/Encryption client key/).fill('too-short');
  await keyForm.getByRole('button', { name: 'Save' }).click();
  await expect(keyForm.getByRole('alert')).toHaveText('The encryption client key must be exactly 16 bytes; this one is 9.');
  await screenshot(page, 'settings-invalid');

  const saved = await bridgeValue(page, 'getSettings');
  expect(saved.values.service).toBe('sandbox');
  expect(saved.values.customServiceUrl).toBe('');
  expect(saved.secrets.jweClientKey).toBe('not set');
  await expect(page.getByTestId('service-badge')).toContainText('Sandbox');

  await page.getByLabel('Custom service address').fill('https://scribe.clinic.example');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('service-badge')).toHaveText('Custom address');
  await app.close();
});

test('the page cannot point the service or the updates at a plain http:// address elsewhere than this computer', async ({ launch }) => {
  const { app, page } = await launch();
  try {
    const refused = await callBridge(page, 'updateSettings', {
      service: 'custom',
      customServiceUrl: 'http://scribe.attacker.example',
      updateUrl: 'http://updates.attacker.example/',
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid-input',
        fields: { customServiceUrl: expect.stringMatching(/^Plain http:\/\/ is not allowed/), updateUrl: expect.stringMatching(/^Plain http:\/\/ is not allowed/) },
      },
    });
    expect((await bridgeValue(page, 'getSettings')).values).toMatchObject({ service: 'sandbox', customServiceUrl: '', updateUrl: '' });

    // Through the form, as a person would: the message is shown and nothing is saved.
    await showScreen(page, 'Settings');
    await page.getByLabel('Transcription service').selectOption('custom');
    await page.getByLabel('Custom service address').fill('http://scribe.attacker.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(/Plain http:\/\/ is not allowed: patient data and credentials would travel unencrypted/)).toBeVisible();
    await screenshot(page, 'settings-http-refused');
    expect((await bridgeValue(page, 'getSettings')).values.service).toBe('sandbox');
  } finally {
    await app.close();
  }
});

test('leaving Settings with changes not saved asks, whichever way; "Settings saved." never stays beside unsaved changes; Save never moves when it speaks', async ({ launch }) => {
  const { app, page } = await launch();
  await resize(app, page, CLINIC_SIZES[0]);
  await showScreen(page, 'Settings');
  const save = page.getByRole('button', { name: 'Save settings' });
  const formStatus = page.getByTestId('settings-status');
  const dialog = page.getByRole('dialog', { name: 'Leave Settings without saving?' });

  // Nothing changed: the screen is left without a question.
  await showScreen(page, 'Records');
  await showScreen(page, 'Settings');

  await page.getByLabel('Wait before an OTP can be sent again (seconds)').fill('45');
  await expect(formStatus).toHaveText('1 change not saved yet.');
  await mainNavigation(page).getByRole('button', { name: 'Records', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('OTP wait: saved with “Save settings”');
  // Stay is the answer the keyboard is on, and Esc gives it too.
  await expect(dialog.getByRole('button', { name: 'Stay in Settings' })).toBeFocused();
  await screenshot(page, 'settings-leave-asks-1024x640');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByLabel('Wait before an OTP can be sent again (seconds)')).toHaveValue('45');

  // The keyboard's screen shortcut asks too; "Leave without saving" leaves, and the change is gone.
  await page.keyboard.press('Control+1');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Leave without saving/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dictation');
  await showScreen(page, 'Settings');
  await expect(page.getByLabel('Wait before an OTP can be sent again (seconds)')).toHaveValue('60');
  expect((await bridgeValue(page, 'getSettings')).values.otpResendSeconds).toBe(60);

  // Saved: said beside Save, which stays where the pointer is; the next change takes the word away at once.
  await page.getByLabel('Wait before an OTP can be sent again (seconds)').fill('45');
  await save.scrollIntoViewIfNeeded();
  await expectStill([save, page.getByRole('button', { name: 'Undo changes' })], async () => {
    await save.click();
    await expect(formStatus).toHaveText('Settings saved.');
  });
  await screenshot(page, 'settings-saved-1024x640');
  await page.getByLabel('Wait before an OTP can be sent again (seconds)').fill('50');
  await expect(formStatus).toHaveText('1 change not saved yet.');
  await expect(page.getByText('Settings saved.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo changes' }).click();
  await expect(formStatus).toHaveText('');
  await showScreen(page, 'Records');

  // A secret typed and not saved counts as a change not saved; once saved it does not.
  await showScreen(page, 'Settings');
  const tokenForm = page.getByRole('form', { name: 'Access token' });
  await tokenForm.getByLabel(/Access token/).fill(TOKEN);
  await expect(tokenForm.getByRole('status')).toHaveText('Not saved yet.');
  await mainNavigation(page).getByRole('button', { name: 'Patients', exact: true }).click();
  await expect(dialog).toContainText('The access token: saved with its Save button');
  await dialog.getByRole('button', { name: 'Stay in Settings' }).click();
  await tokenForm.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
  await expectStill([tokenForm.getByRole('button', { name: 'Save' })], async () => {
    await tokenForm.getByRole('button', { name: 'Save' }).click();
    await expect(tokenForm.getByRole('status')).toHaveText('Saved securely.');
  });
  await resize(app, page, CLINIC_SIZES[1]);
  await screenshot(page, 'settings-secret-saved-1366x768');
  await showScreen(page, 'Patients');
  await expect(dialog).toBeHidden();
  await app.close();
});
