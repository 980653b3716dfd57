import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { filesContaining } from './support/data-folder';
import { screenshot } from './support/launch-app';

test.setTimeout(120_000);

const NUMBER = '234123412346';
const HEADERS = { userOid: 'clinic-oid-5', partnerUserId: 'frontdesk-2', partnerHipId: 'hip-city-clinic' };

const customService = (sandbox: SandboxServer) => ({ service: 'custom', customServiceUrl: sandbox.url, accessToken: sandbox.token, ...HEADERS });
const registrationCalls = (sandbox: SandboxServer) => sandbox.received.filter((request) => request.operation.startsWith('registration'));

async function openRegistration(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Registration' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registration');
}

async function enterNumber(page: Page, digits: string) {
  const input = page.getByLabel("Patient's Aadhaar number");
  await input.click();
  await input.pressSequentially(digits);
  return input;
}

/** Clears the field as a person does: focus (which unmasks it), then delete. */
async function clearNumber(page: Page) {
  const input = page.getByLabel("Patient's Aadhaar number");
  await input.click();
  await input.fill('');
}

test('a valid number gets the hint, resend works after the countdown, and the number is never stored', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page, userDataDir } = await launch({ policy: { ...customService(sandbox), otpResendSeconds: 5 } });
  await openRegistration(page);
  const input = await enterNumber(page, '2341-2341 2346');
  await expect(input).toHaveValue('2341 2341 2346');
  await page.getByText("Patient's Aadhaar number").click();
  await input.blur();
  await expect(input).toHaveValue('XXXX XXXX 2346');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(input).toHaveValue('2341 2341 2346');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(input).toHaveValue('XXXX XXXX 2346');

  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText("Record the patient's consent before sending the OTP.");
  expect(registrationCalls(sandbox)).toEqual([]);

  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const sent = page.getByTestId('otp-sent');
  await expect(sent).toContainText(/OTP sent successfully to your mobile number \*{6}\d{5}/);
  await expect(sent.getByRole('button', { name: /Resend OTP in \d s/ })).toBeDisabled();
  await screenshot(page, 'registration-otp-sent');
  await expect(sent.getByRole('button', { name: 'Resend OTP' })).toBeEnabled({ timeout: 10_000 });
  await sent.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(sent).toContainText(/OTP sent again to your mobile number/);
  await expect(page.getByTestId('resends-left')).toHaveText('2 resends left');

  const calls = registrationCalls(sandbox);
  expect(calls.map((call) => call.operation)).toEqual(['registrationInit', 'registrationResend']);
  for (const call of calls) {
    expect(call.headers).toMatchObject({ 'x-pt-id': HEADERS.userOid, 'x-partner-pt-id': HEADERS.partnerUserId, 'x-hip-id': HEADERS.partnerHipId });
  }
  // The sandbox keeps only the last four digits of what it received.
  expect(calls[0]?.json).toEqual({ aadhaar_number: `XXXXXXXX${NUMBER.slice(-4)}` });

  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('otp-sent')).toHaveCount(0);
  await app.close();

  for (const form of [NUMBER, '2341 2341 2346', '2341-2341-2346']) {
    expect(filesContaining(userDataDir, form)).toEqual([]);
  }
  expect(filesContaining(join(userDataDir, 'logs'), '2346')).toEqual([]);
  await sandbox.stop();
});

test('a wrong check digit is refused before any request; an upstream error is explained with its source', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page } = await launch({ policy: customService(sandbox) });
  await openRegistration(page);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await enterNumber(page, '234123412345');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText('This is not a valid Aadhaar number (the check digit does not match). Check each digit.');
  await clearNumber(page);
  await enterNumber(page, '1234');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText('An Aadhaar number has 12 digits; this one has 4.');
  await screenshot(page, 'registration-invalid');
  expect(registrationCalls(sandbox)).toEqual([]);

  await clearNumber(page);
  await enterNumber(page, '999941057058');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const error = page.getByTestId('registration-error');
  await expect(error).toContainText('Something went wrong. The national health system said: "You have requested multiple OTPs');
  await expect(error).toContainText('(ABDM-1100)');
  await screenshot(page, 'registration-upstream-error');
  await app.close();
  await sandbox.stop();
});

test('a network failure can be retried, and the encrypted variant works', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ jweKeys: { 'kid-frontdesk': 'frontdesk-key-16' } });
  const { port } = new URL(sandbox.url);
  const { app, page } = await launch({ policy: { ...customService(sandbox), jweKid: 'kid-frontdesk', jweClientKey: 'frontdesk-key-16', otpResendSeconds: 5 } });
  await sandbox.stop();
  await openRegistration(page);
  await enterNumber(page, NUMBER);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByTestId('registration-error')).toContainText('cannot be reached');

  const back = await startSandbox({ port: Number(port), token: sandbox.token, jweKeys: { 'kid-frontdesk': 'frontdesk-key-16' } });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('otp-sent')).toContainText(/\*{6}\d{5}/);
  await expect(page.getByTestId('registration-error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeEnabled({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByTestId('resends-left')).toHaveText('2 resends left');
  expect(registrationCalls(back).map((call) => [call.operation, call.encrypted, call.status])).toEqual([
    ['registrationInit', true, 200],
    ['registrationResend', true, 200],
  ]);
  await app.close();
  await back.stop();
});
