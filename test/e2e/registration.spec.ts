import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElectronApplication, Page } from '@playwright/test';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { choosePatient } from '../support/e2e/recording';
import { patientLine } from '../../contract/patients';
import { SANDBOX_AADHAAR, SANDBOX_MOBILE, SANDBOX_OTP } from '../../main/sandbox/sandbox-people';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { filesContaining } from '../support/e2e/data-folder';
import { screenshot } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { showScreen } from '../support/e2e/screens';
import { TestClock } from '../support/test-clock';
import { CLINIC_SIZES, resize } from '../support/e2e/window-size';
import { expectStill } from '../support/e2e/positions';

test.setTimeout(120_000);

/** Sandbox patients (README, Sandbox): a new one, one with an ABHA, one with two addresses. */
const { new: NEW_PATIENT, 'has-abha': HAS_ABHA, 'has-addresses': HAS_ADDRESSES } = SANDBOX_AADHAAR;
const { linked: LINKED_MOBILE, other: OTHER_MOBILE } = SANDBOX_MOBILE;
const OTP = SANDBOX_OTP;
const HEADERS = { userOid: 'clinic-oid-5', partnerUserId: 'frontdesk-2', partnerHipId: 'hip-city-clinic' };

const registrationCalls = (sandbox: SandboxServer) => sandbox.received.filter((request) => request.operation.startsWith('registration'));

const aadhaarField = (page: Page) => page.getByLabel("Patient's Aadhaar number");

async function enterNumber(page: Page, digits: string) {
  const input = aadhaarField(page);
  await input.click();
  await input.pressSequentially(digits);
  return input;
}

/** Clears the field as a person does: focus (which unmasks it), then delete. */
async function clearNumber(page: Page) {
  const input = aadhaarField(page);
  await input.click();
  await input.fill('');
}

async function submitNumber(page: Page, number: string) {
  await enterNumber(page, number);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
}

async function sendOtp(page: Page, number: string) {
  await submitNumber(page, number);
  await expect(page.getByTestId('otp-sent')).toBeVisible();
}

async function verifyOtp(page: Page, otp: string, mobile: string) {
  await page.getByLabel('OTP received by the patient').fill(otp);
  await page.getByLabel("Patient's mobile number").fill(mobile);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
}

/** Selects all of `selector`'s text as a script can (user-select aside), then presses Ctrl+C. */
async function copySelection(page: Page, selector: string) {
  await page.evaluate((css) => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector(css)!);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  }, selector);
  await page.keyboard.press('ControlOrMeta+C');
}

/**
 * Ctrl+C takes nothing from the registration screen: neither a selection inside it nor a
 * select-all started outside it. Text outside the screen still copies, so a refusal is the
 * screen's doing and not a keyboard that copies nothing.
 */
async function refusesCopy(app: ElectronApplication, page: Page, patientData: string[]) {
  const clipboard = () => app.evaluate(({ clipboard }) => clipboard.readText());
  await copySelection(page, '.nav .brand');
  expect(await clipboard()).toBe('Scribe Desk');

  await app.evaluate(({ clipboard }) => clipboard.writeText('unchanged'));
  await copySelection(page, 'section.registration');
  expect(await clipboard()).toBe('unchanged');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ControlOrMeta+A');
  expect(await page.evaluate(() => document.getSelection()!.toString())).toContain('Scribe Desk');
  await page.keyboard.press('ControlOrMeta+C');
  const copied = await clipboard();
  for (const secret of patientData) expect(copied).not.toContain(secret);
  expect(copied).toBe('unchanged');
  await page.evaluate(() => document.getSelection()!.removeAllRanges());
}

/** The OS dialogs cannot be driven here: the save dialog answers with a path, the printer accepts every job. */
async function answerDialogs(app: ElectronApplication, savePath: string) {
  await app.evaluate(({ app: electronApp, dialog }, path) => {
    const seen = globalThis as unknown as { saveDialogTitles: string[]; saveDialogNames: string[]; printJobs: string[] };
    seen.saveDialogTitles = [];
    seen.saveDialogNames = [];
    seen.printJobs = [];
    dialog.showSaveDialog = (async (...args: unknown[]) => {
      seen.saveDialogTitles.push(String((args.at(-1) as { title?: string }).title));
      seen.saveDialogNames.push(String((args.at(-1) as { defaultPath?: string }).defaultPath));
      return { canceled: false, filePath: path };
    });
    electronApp.on('web-contents-created', (_event, contents) => {
      contents.print = ((_options: unknown, callback?: (success: boolean, reason: string) => void) => {
        seen.printJobs.push(contents.getURL());
        callback?.(true, '');
      });
    });
  }, savePath);
}

/** Aadhaar and consent, the OTP sent, a wrong one said in place, the right one after the resend cool-down. */
async function wrongOtpThenTheRightOne(page: Page) {
  await enterNumber(page, NEW_PATIENT);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await screenshot(page, 'registration-1-aadhaar');
  const askedAt = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByTestId('otp-sent')).toContainText(/OTP sent successfully to the patient's mobile number ending in \d{4}/);
  await expect(page.getByLabel('OTP received by the patient')).toBeFocused();
  // The OTP cannot be sent again before the cool-down the policy sets (5 s here); the button says how long.
  const resend = page.getByTestId('otp-sent').getByRole('button', { name: /^Resend OTP/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend OTP in [1-5] s$/);
  await screenshot(page, 'registration-2-otp');

  // A wrong OTP is said in the hint's place under the field: Verify OTP stays under the pointer.
  const otpError = page.locator('#otp-error');
  const verify = page.getByRole('button', { name: 'Verify OTP' });
  await verify.scrollIntoViewIfNeeded();
  await expectStill([verify, resend], async () => {
    await verifyOtp(page, '111111', LINKED_MOBILE);
    await expect(otpError).toContainText('The OTP is not correct. Check it with the patient and type it again (2 attempts left).');
  });
  await expect(page.getByLabel('OTP received by the patient')).toHaveValue('');
  await expect(page.getByLabel('OTP received by the patient')).toBeFocused();
  await screenshot(page, 'registration-3-wrong-otp');
  await expect(resend).toBeEnabled({ timeout: 10_000 });
  expect(Date.now() - askedAt).toBeGreaterThanOrEqual(4_500);
  await expect(resend).toHaveText('Resend OTP');
  // Pasted in two groups, as patients read it out.
  await page.getByLabel('OTP received by the patient').fill('123 456');
  await expect(page.getByLabel('OTP received by the patient')).toHaveValue(OTP);
  await page.getByRole('button', { name: 'Verify OTP' }).click();

}

/** The suggestions, a taken and a short address refused in words, a free one created; the patient's name as the step shows it. */
async function anAddressTakenThenAFreeOne(page: Page): Promise<string> {
  const create = page.getByTestId('create-address');
  await expect(create.getByRole('heading', { name: 'Choose an ABHA address' })).toBeVisible();
  const name = (await create.locator('.patient-line strong').textContent())!;
  const suggestions = create.getByRole('group', { name: 'Suggested ABHA addresses' }).getByRole('button');
  await expect(suggestions.first()).toHaveText(/@abdm$/);
  await screenshot(page, 'registration-4-address-suggestions');

  const address = page.getByLabel('ABHA address', { exact: true });
  await address.fill('taken.address');
  await expect(page.getByTestId('address-status')).toHaveText('taken.address@abdm is already taken. Choose another one.');
  await screenshot(page, 'registration-5-address-taken');
  // Said once, and Create waits for another address.
  await expect(page.getByRole('button', { name: 'Create ABHA address' })).toBeDisabled();
  await expect(page.getByText('is already taken')).toHaveCount(1);
  await address.fill('ab');
  await expect(page.getByTestId('address-status')).toHaveText('An ABHA address has 8 to 18 characters before @abdm; this one has 2.');
  await address.fill('front.desk_2024');
  await expect(page.getByTestId('address-status')).toHaveText('front.desk_2024@abdm is available.');
  await screenshot(page, 'registration-6-address-available');
  await page.getByRole('button', { name: 'Create ABHA address' }).click();

  return name;
}

/** The ABHA with its card: copied by its buttons only, saved and printed; the ABHA number shown. */
async function theAbhaWithItsCard(app: ElectronApplication, page: Page, name: string, saveFolder: string): Promise<string> {
  const summary = page.getByTestId('abha-summary');
  await expect(summary.getByRole('heading', { name: 'ABHA created' })).toBeFocused();
  await expect(summary.getByTestId('abha-name')).toHaveText(name);
  const abhaNumber = (await summary.getByTestId('abha-number').textContent())!;
  expect(abhaNumber).toMatch(/^\d{2}-\d{4}-\d{4}-\d{4}$/);
  await expect(summary.getByTestId('abha-address')).toHaveText('front.desk_2024@abdm');
  const card = summary.getByRole('img', { name: `ABHA card of ${name}` });
  await expect(card).toBeVisible();
  expect(await card.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
  await expect(page.getByRole('list', { name: 'Registration steps' }).locator('[aria-current="step"]')).toContainText('Done');
  await screenshot(page, 'registration-7-done');

  await summary.getByRole('button', { name: 'Copy ABHA number' }).click();
  await expect(summary.getByRole('status')).toHaveText('ABHA number copied.');
  expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe(abhaNumber);
  await summary.getByRole('button', { name: 'Copy ABHA address' }).click();
  expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe('front.desk_2024@abdm');
  // Only the buttons copy.
  await refusesCopy(app, page, [name, abhaNumber, abhaNumber.replace(/-/g, ''), 'front.desk_2024']);

  await summary.getByRole('button', { name: 'Save card as PNG' }).click();
  await expect(summary.getByRole('status')).toHaveText(`Card saved to ${join(saveFolder, 'card.png')}`);
  const saved = readFileSync(join(saveFolder, 'card.png'));
  expect(saved.subarray(1, 4).toString('latin1')).toBe('PNG');
  await summary.getByRole('button', { name: 'Print card' }).click();
  await expect(summary.getByRole('status')).toHaveText('The card was sent to the printer.');
  const seen = await app.evaluate(() => globalThis as unknown as { saveDialogTitles: string[]; saveDialogNames: string[]; printJobs: string[] });
  expect(seen.saveDialogTitles).toEqual(['Save the ABHA card as PNG (the file you choose is the only copy written on this computer)']);
  // Another service than the built-in sandbox: nothing says test data.
  expect(seen.saveDialogNames).toEqual(['abha-card.png']);
  await expect(page.getByTestId('test-data-mark')).toHaveCount(0);
  expect(seen.printJobs).toHaveLength(1);
  expect(Buffer.from(seen.printJobs[0]!.replace(/^data:text\/html;base64,/, ''), 'base64').toString('utf8')).toContain(`data:image/png;base64,${saved.toString('base64')}`);

  return abhaNumber;
}

/** The service got each step once, with the clinic's headers, and keeps nothing of the patient. */
function expectTheServiceKeptNothing(sandbox: SandboxServer, name: string, abhaNumber: string) {
  const calls = registrationCalls(sandbox);
  expect(calls.map((call) => [call.operation, call.status])).toEqual([
    ['registrationInit', 200],
    ['registrationVerify', 400],
    ['registrationVerify', 200],
    ['registrationSuggest', 200],
    ['registrationAddressCheck', 200],
    ['registrationAddressCheck', 200],
    ['registrationCreateAddress', 200],
    ['registrationCard', 200],
  ]);
  for (const call of calls) expect(call.headers).toMatchObject({ 'x-pt-id': HEADERS.userOid, 'x-partner-pt-id': HEADERS.partnerUserId, 'x-hip-id': HEADERS.partnerHipId });
  // What the sandbox keeps: no Aadhaar number (last four digits), OTP, mobile number, name or address.
  expect(calls[2]?.json).toMatchObject({ otp: 'XXXXXX', mobile: 'XXXXXX3210' });
  const kept = JSON.stringify(calls);
  for (const secret of [NEW_PATIENT, OTP, LINKED_MOBILE, name, name.split(' ')[0]!, abhaNumber, abhaNumber.replace(/-/g, ''), 'front.desk_2024']) expect(kept).not.toContain(secret);

}

test('a new patient: wrong OTP then the right one, an address taken then a free one, the ABHA with its card, and nothing kept on disk', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page, userDataDir } = await launch({ policy: { ...customService(sandbox, HEADERS), otpResendSeconds: 5 } });
  const saveFolder = mkdtempSync(join(tmpdir(), 'scribe-card-'));
  await answerDialogs(app, join(saveFolder, 'card.png'));
  await showScreen(page, 'Registration');
  await expect(page.getByRole('list', { name: 'Registration steps' }).locator('[aria-current="step"]')).toContainText('Aadhaar and consent');
  await wrongOtpThenTheRightOne(page);
  const name = await anAddressTakenThenAFreeOne(page);
  const abhaNumber = await theAbhaWithItsCard(app, page, name, saveFolder);
  expectTheServiceKeptNothing(sandbox, name, abhaNumber);

  const summary = page.getByTestId('abha-summary');
  await summary.getByRole('button', { name: 'Register another patient' }).click();
  await expect(aadhaarField(page)).toHaveValue('');
  await expect(aadhaarField(page)).toBeFocused();
  await expect(page.getByTestId('abha-summary')).toHaveCount(0);
  await app.close();

  // Nothing of the patient in the data folder (settings, logs, Chromium's own files) or the logs.
  const secrets = [NEW_PATIENT, '2341 2341 2346', OTP, LINKED_MOBILE, name, abhaNumber, abhaNumber.replace(/-/g, ''), 'front.desk_2024'];
  for (const secret of secrets) expect(filesContaining(userDataDir, secret), secret).toEqual([]);
  expect(filesContaining(join(userDataDir, 'logs'), NEW_PATIENT.slice(-4))).toEqual([]);
  rmSync(saveFolder, { recursive: true, force: true });
});

test('a patient who already has an ABHA: the profile found, with the addresses and the card', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { page } = await launch({ policy: customService(sandbox, HEADERS) });
  await showScreen(page, 'Registration');
  await sendOtp(page, HAS_ABHA);
  await verifyOtp(page, OTP, LINKED_MOBILE);
  const summary = page.getByTestId('abha-summary');
  await expect(summary.getByRole('heading', { name: 'The patient already has an ABHA' })).toBeFocused();
  await expect(summary.getByTestId('abha-number')).toHaveText(/^91-\d{4}-\d{4}-\d{4}$/);
  await expect(summary.getByTestId('abha-address')).toHaveText(/^[a-z]+\.[a-z]+\d{4}@abdm$/);
  await expect(summary.getByRole('img', { name: /^ABHA card of / })).toBeVisible();
  await expect(summary.getByRole('img', { name: "The patient's photo, as on their Aadhaar" })).toBeVisible();
  await screenshot(page, 'registration-found');
  expect(registrationCalls(sandbox).map((call) => call.operation)).toEqual(['registrationInit', 'registrationVerify', 'registrationCard']);
});

test('another mobile number gets its own OTP (resent up to the limit), then one of the patient’s addresses is chosen', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page } = await launch({ policy: { ...customService(sandbox, HEADERS), otpResendSeconds: 5 } });
  await showScreen(page, 'Registration');
  await sendOtp(page, HAS_ADDRESSES);
  await verifyOtp(page, OTP, `+91 ${OTHER_MOBILE.slice(0, 5)} ${OTHER_MOBILE.slice(5)}`);

  const mobileStep = page.getByTestId('mobile-otp');
  await expect(mobileStep).toContainText('OTP sent to the mobile number ending in 5678');
  await expect(page.getByLabel('OTP received on the new mobile number')).toBeFocused();
  await screenshot(page, 'registration-mobile-otp');
  for (const left of ['2 resends left', '1 resend left', 'No more resends for this registration.']) {
    await expect(mobileStep.getByRole('button', { name: 'Resend OTP' })).toBeEnabled({ timeout: 10_000 });
    await mobileStep.getByRole('button', { name: 'Resend OTP' }).click();
    await expect(page.getByTestId('resends-left')).toHaveText(left);
  }
  await expect(mobileStep.getByRole('button', { name: /Resend OTP/ })).toBeDisabled();
  await page.getByLabel('OTP received on the new mobile number').fill(OTP);
  await page.getByRole('button', { name: 'Verify mobile number' }).click();

  const choose = page.getByTestId('choose-address');
  await expect(choose.getByRole('heading', { name: 'The patient already has an ABHA' })).toBeVisible();
  const choices = choose.getByRole('radio');
  await expect(choices).toHaveCount(2);
  const addresses = [(await choices.nth(0).getAttribute('value'))!, (await choices.nth(1).getAttribute('value'))!];
  await screenshot(page, 'registration-choose-address');
  await refusesCopy(app, page, addresses);
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.locator('#address-error')).toHaveText('Choose one of the addresses first.');
  const second = (await choices.nth(1).getAttribute('value'))!;
  await choices.nth(1).check();
  await page.getByRole('button', { name: 'Use this address' }).click();
  const summary = page.getByTestId('abha-summary');
  await expect(summary.getByRole('heading', { name: "The patient's ABHA is ready" })).toBeFocused();
  await expect(summary.getByTestId('abha-address')).toHaveText(second);
  await expect(summary.getByRole('heading', { name: 'Other ABHA addresses of this patient' })).toBeVisible();
  await expect(summary.locator('.other-accounts li')).toHaveText([addresses[0]!]);
  await refusesCopy(app, page, addresses);
  await screenshot(page, 'registration-chosen');
  expect(registrationCalls(sandbox).map((call) => call.operation)).toEqual([
    'registrationInit',
    'registrationVerify',
    'registrationMobileResend',
    'registrationMobileResend',
    'registrationMobileResend',
    'registrationMobileVerify',
    'registrationCreateAddress',
    'registrationCard',
  ]);
});

test('correcting the Aadhaar number with the keyboard: Tab in and type; click, Ctrl+A and type; Backspace', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { page } = await launch({ policy: customService(sandbox, HEADERS) });
  await showScreen(page, 'Registration');
  const input = await enterNumber(page, '234123412345');
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.locator('#aadhaarNumber-error')).toHaveText('This is not a valid Aadhaar number (the check digit does not match). Check each digit.');
  // A number found wrong is not masked: each digit can be checked.
  await expect(input).toHaveValue('2341 2341 2345');

  // Tab back into the field (Send → consent → Show → number) and type the right number.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(input).toBeFocused();
  await page.keyboard.type(NEW_PATIENT);
  await expect(input).toHaveValue('2341 2341 2346');

  // Click in, select all, type.
  await page.getByRole('checkbox', { name: /The patient agrees/ }).focus();
  await expect(input).toHaveValue('XXXX XXXX 2346');
  await input.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('234123412345');
  await expect(input).toHaveValue('2341 2341 2345');

  // Backspace from the end, digit by digit.
  await page.keyboard.press('End');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('2341 2341');
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('2341 234');
  await page.keyboard.type('12346');
  await expect(input).toHaveValue('2341 2341 2346');
  // Backspace just after a group's space removes the digit before it, and the caret stays there.
  await page.keyboard.press('Home');
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('2342 3412 346');
  await page.keyboard.type('1');
  await expect(input).toHaveValue('2341 2341 2346');
  await screenshot(page, 'registration-corrected-number');

  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByTestId('otp-sent')).toBeVisible();
  expect(registrationCalls(sandbox).map((call) => call.json)).toEqual([{ aadhaar_number: 'XXXXXXXX2346' }]);
});

test('fields are checked before anything is sent; expired OTP, mobile already linked, too many OTPs and a blocked account say what to do', async ({ launch, startSandbox }) => {
  // The service's clock: the OTP's life passes when the test says.
  const clock = new TestClock();
  const sandbox = await startSandbox({ clock });
  const { page } = await launch({ policy: { ...customService(sandbox, HEADERS), otpResendSeconds: 5 } });
  await showScreen(page, 'Registration');

  // Consent missing: said under the consent box; the valid number is not marked wrong.
  const number = await enterNumber(page, NEW_PATIENT);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.locator('#consent-error')).toHaveText("Record the patient's consent before sending the OTP.");
  await expect(page.getByRole('checkbox', { name: /The patient agrees/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(number).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#aadhaarNumber-error')).toHaveCount(0);
  await clearNumber(page);

  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await expect(page.locator('#consent-error')).toHaveCount(0);
  await enterNumber(page, '1234');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.locator('#aadhaarNumber-error')).toHaveText('An Aadhaar number has 12 digits; this one has 4.');
  await clearNumber(page);
  await sendOtp(page, NEW_PATIENT);

  await verifyOtp(page, '12345', '5123456789');
  await expect(page.locator('#otp-error')).toHaveText('An OTP has 6 digits; this one has 5.');
  await expect(page.locator('#mobile-error')).toHaveText('An Indian mobile number starts with 6, 7, 8 or 9.');
  await verifyOtp(page, '12a456', '98765');
  await expect(page.locator('#otp-error')).toHaveText('An OTP has digits only.');
  await expect(page.locator('#mobile-error')).toHaveText('A mobile number has 10 digits; this one has 5.');
  await screenshot(page, 'registration-input-rules');
  expect(registrationCalls(sandbox).map((call) => call.operation)).toEqual(['registrationInit']);

  await verifyOtp(page, OTP, SANDBOX_MOBILE.claimed);
  await expect(page.locator('#mobile-error')).toContainText('This mobile number is already linked to another account. Enter another mobile number of the patient.');
  await expect(page.locator('#mobile-error')).toContainText('(EKA-1002)');
  await expect(page.getByLabel("Patient's mobile number")).toBeFocused();
  await screenshot(page, 'registration-mobile-linked');

  sandbox.setFaults({ otpLifetimeSeconds: 1 });
  clock.advance(1_001);
  await verifyOtp(page, OTP, LINKED_MOBILE);
  await expect(page.locator('#otp-error')).toContainText('This OTP has expired. Send a new OTP with "Resend OTP", then enter the new one.');
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveClass(/primary/);
  await screenshot(page, 'registration-otp-expired');
  sandbox.setFaults({ otpLifetimeSeconds: 600 });
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByTestId('otp-sent')).toContainText('OTP sent again');
  await verifyOtp(page, OTP, LINKED_MOBILE);
  await expect(page.getByTestId('create-address')).toBeVisible();
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(aadhaarField(page)).toHaveValue('');
  await expect(aadhaarField(page)).toBeFocused();

  await submitNumber(page, SANDBOX_AADHAAR['too-many-otps']);
  const error = page.getByTestId('registration-error');
  await expect(error).toContainText('Too many OTPs were requested, or too many wrong OTPs entered, for this patient. The national health system asks to wait 30 minutes before trying again; then start over.');
  await expect(error).toContainText('(ABDM-1100)');
  await screenshot(page, 'registration-too-many-otps');
  await error.getByRole('button', { name: 'Start over' }).click();
  await expect(error).toHaveCount(0);
  await expect(aadhaarField(page)).toBeFocused();
  await submitNumber(page, SANDBOX_AADHAAR.blocked);
  await expect(error).toContainText("The national health system has blocked this patient's account for 24 hours");
  await expect(error.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await screenshot(page, 'registration-blocked');
});

test('a network failure can be retried, and the whole flow works encrypted', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ jweKeys: { 'kid-frontdesk': 'frontdesk-key-16' } });
  const { port } = new URL(sandbox.url);
  const { app, page } = await launch({ policy: { ...customService(sandbox, HEADERS), jweKid: 'kid-frontdesk', jweClientKey: 'frontdesk-key-16', otpResendSeconds: 5 } });
  await sandbox.stop();
  await showScreen(page, 'Registration');
  await enterNumber(page, NEW_PATIENT);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByTestId('registration-error')).toContainText('cannot be reached');

  const back = await startSandbox({ port: Number(port), token: sandbox.token, jweKeys: { 'kid-frontdesk': 'frontdesk-key-16' } });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('otp-sent')).toContainText(/ending in \d{4}/);
  await expect(page.getByTestId('registration-error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeEnabled({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByTestId('resends-left')).toHaveText('2 resends left');
  await verifyOtp(page, OTP, LINKED_MOBILE);
  await page.getByTestId('create-address').getByRole('group', { name: 'Suggested ABHA addresses' }).getByRole('button').first().click();
  await expect(page.getByTestId('address-status')).toHaveText(/is available\.$/);
  await page.getByRole('button', { name: 'Create ABHA address' }).click();
  await expect(page.getByTestId('abha-summary')).toBeVisible();
  expect(registrationCalls(back).map((call) => [call.operation, call.encrypted, call.status])).toEqual([
    ['registrationInit', true, 200],
    ['registrationResend', true, 200],
    ['registrationVerify', true, 200],
    ['registrationSuggest', false, 200],
    ['registrationAddressCheck', true, 200],
    ['registrationCreateAddress', true, 200],
    ['registrationCard', false, 200],
  ]);
  await app.close();
});

test("registration with the built-in sandbox is test data: on the screen, on the card, on paper and in the file's name", async ({ launch }) => {
  const { app, page } = await launch();
  const saveFolder = mkdtempSync(join(tmpdir(), 'scribe-card-'));
  await answerDialogs(app, join(saveFolder, 'abha-card-TEST-DATA.png'));
  await showScreen(page, 'Registration');
  await expect(page.getByTestId('test-data-mark')).toHaveCount(0);
  await sendOtp(page, HAS_ABHA);
  await expect(page.getByTestId('test-data-mark')).toHaveText('Test data (sandbox): not a real patient');
  await verifyOtp(page, OTP, LINKED_MOBILE);
  const summary = page.getByTestId('abha-summary');
  await expect(summary.getByTestId('abha-name')).toHaveText(/^[A-Z][a-z]+ [A-Z][a-z]+ \(test patient\)$/);
  await expect(page.getByTestId('test-data-mark')).toHaveText(['Test data (sandbox): not a real patient', 'Test data (sandbox): not a real ABHA card']);
  for (const size of CLINIC_SIZES) {
    await resize(app, page, size);
    await screenshot(page, `registration-test-data-${size.width}x${size.height}`);
  }
  await summary.getByRole('img', { name: /^ABHA card of / }).scrollIntoViewIfNeeded();
  await screenshot(page, 'registration-test-data-card');

  await summary.getByRole('button', { name: 'Save card as PNG' }).click();
  await expect(summary.getByRole('status')).toHaveText(`Card saved to ${join(saveFolder, 'abha-card-TEST-DATA.png')}`);
  await summary.getByRole('button', { name: 'Print card' }).click();
  await expect(summary.getByRole('status')).toHaveText('The card was sent to the printer.');
  const seen = await app.evaluate(() => globalThis as unknown as { saveDialogNames: string[]; printJobs: string[] });
  expect(seen.saveDialogNames).toEqual(['abha-card-TEST-DATA.png']);
  const printed = Buffer.from(seen.printJobs[0]!.replace(/^data:text\/html;base64,/, ''), 'base64').toString('utf8');
  expect(printed).toContain('<body><p>Test data (sandbox): not a real ABHA card</p><img alt="ABHA card"');
  rmSync(saveFolder, { recursive: true, force: true });
});

test("registration follows the visit's patient: another patient chosen midway asks to start again; the Aadhaar holder is compared with the visit's patient; a patient already here who looks the same is pointed out", async ({
  launch,
  startSandbox,
}) => {
  const sandbox = await startSandbox();
  const { page } = await launch({ policy: customService(sandbox, HEADERS) });
  // The sandbox draws each Aadhaar holder at random (male or female, 22 to 76 years old, never a
  // Rao): a patient of 90 differs from any of them by name and age, and by sex from a man.
  const asha = await bridgeValue(page, 'savePatient', { patient: { label: '', name: 'Asha Rao', age: 90, sex: 'female', abhaNumber: null, abhaAddress: null }, choose: true });
  await showScreen(page, 'Registration');
  await sendOtp(page, HAS_ABHA);
  // The front desk is called to another patient, then comes back to the screen.
  await choosePatient(page, 'Bed 9 (test)');
  const changed = page.getByRole('group', { name: "The visit's patient changed" });
  await expect(changed).toContainText('This registration began for Asha Rao');
  await expect(changed).toContainText('the visit is now for Bed 9 (test). Start again for Bed 9 (test)?');
  await screenshot(page, 'registration-patient-changed');
  await changed.getByRole('button', { name: 'Start again' }).click();
  await expect(aadhaarField(page)).toBeVisible();
  await expect(changed).toBeHidden();

  // Begun again for Asha: the Aadhaar holder found is someone else by name.
  await choosePatient(page, patientLine(asha));
  await sendOtp(page, HAS_ABHA);
  await verifyOtp(page, OTP, LINKED_MOBILE);
  const summary = page.getByTestId('abha-summary');
  const holder = (await summary.getByTestId('abha-name').textContent())!;
  const holderGender = await summary.locator('dt:text-is("Gender") + dd').textContent();
  expect(['Female', 'Male']).toContain(holderGender);
  const differs = holderGender === 'Female' ? 'the name and age differ' : 'the name, age, and sex differ';
  await expect(page.getByTestId('registration-holder-differs')).toContainText(`The Aadhaar holder, ${holder}, does not look like the visit’s patient (${patientLine(asha)}): ${differs}.`);
  await screenshot(page, 'registration-holder-differs');

  // The holder is already on this computer without an ABHA: pointed out, one person on a deliberate click.
  const known = await bridgeValue(page, 'savePatient', { patient: { label: '', name: holder, age: null, sex: null, abhaNumber: null, abhaAddress: null } });
  await showScreen(page, 'Dictation');
  await showScreen(page, 'Registration');
  const lookalike = page.getByRole('group', { name: 'A patient who looks the same' });
  await expect(lookalike).toContainText(`${holder} is already on this computer and looks the same. Is this one person?`);
  await expect(summary.getByRole('button', { name: 'Use for this visit' })).toBeHidden();
  await lookalike.getByRole('button', { name: `Use ${holder}, adding this ABHA` }).click();
  await expect(page.getByTestId('use-for-visit')).toContainText(`${holder}`);
  const patients = await bridgeValue(page, 'listPatients');
  expect(patients.visitPatientId).toBe(known.id);
  expect(patients.patients.filter((patient) => patient.name === holder)).toHaveLength(1);
  expect(patients.patients.find((patient) => patient.id === known.id)?.abhaNumber).toMatch(/^91-\d{4}-\d{4}-\d{4}$/);
});
