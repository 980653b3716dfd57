/**
 * A service that answers badly never blanks the window: over two hundred hostile answers
 * (sandbox `hostileNext`) through real dictations, lab reports and registrations, each item
 * then opened in the window; a part that cannot be drawn is contained to its card; a renderer
 * that dies is reloaded, says so, and has lost nothing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElectronApplication, Page } from '@playwright/test';
import type { DictationSummary } from '../../contract/dictation';
import { SANDBOX_AADHAAR, SANDBOX_MOBILE, SANDBOX_OTP } from '../../main/sandbox/sandbox-people';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { labReportPdf } from '../fixtures/documents';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { SCREENSHOTS, newDataFolder, screenshot } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { mainNavigation, showScreen } from '../support/e2e/screens';
import { seedRecordedDictations } from '../support/e2e/seed-dictations';
import { dropFiles } from '../support/e2e/drop-files';

/** Hostile answers the sandbox gave to an operation, all kinds together. */
function served(sandbox: SandboxServer, operation: string): number {
  return Object.entries(sandbox.hostileServed())
    .filter(([key]) => key.startsWith(`${operation}/`))
    .reduce((sum, [, count]) => sum + count, 0);
}

/** The window still has its frame: the navigation and a screen, not a blank page. */
async function expectWindowIntact(page: Page) {
  await expect(mainNavigation(page)).toBeVisible();
  await expect(page.getByTestId('service-badge')).toBeVisible();
  await expect(page.getByTestId('contained-failure')).toHaveCount(0);
}

/** Each message is there, readable and bounded (the service's words cut to a readable length). */
function expectReadable(texts: string[]) {
  for (const text of texts) {
    expect(text.trim().length).toBeGreaterThan(0);
    expect(text.length).toBeLessThanOrEqual(1_100);
  }
}

/** Every message shown in `scope` is readable and bounded. */
async function expectReadableMessages(scope: ReturnType<Page['locator']>, selector: string) {
  expectReadable(await scope.locator(selector).allInnerTexts());
}


const DICTATIONS = 130;
const LAB_REPORTS = 40;
const INITS = 30;
const RESENDS = 10;

test('over two hundred hostile answers through dictations, lab reports and registrations: every item opens readably', async ({ launch, startSandbox }) => {
  test.setTimeout(240_000);
  const sandbox = await startSandbox({
    faults: { processingMs: 0, hostileNext: { resultLookup: DICTATIONS, recordUpload: LAB_REPORTS, registrationInit: INITS, registrationResend: RESENDS } },
  });
  const userDataDir = newDataFolder();
  const labels = Array.from({ length: DICTATIONS }, (_, i) => `Hostile ${String(i + 1).padStart(3, '0')}`);
  seedRecordedDictations(userDataDir, labels);
  const { page } = await launch({ userDataDir, policy: { ...customService(sandbox), uploadAudioFormat: 'wav', otpResendSeconds: 5 } });

  // Records: forty lab reports, each answered with a hostile answer.
  await showScreen(page, 'Records');
  const pdf = await labReportPdf();
  for (let batch = 0; batch < LAB_REPORTS / 20; batch += 1) {
    await dropFiles(page, Array.from({ length: 20 }, (_, i) => ({ name: `report-${batch * 20 + i + 1}.pdf`, bytes: pdf })));
    await page.getByRole('button', { name: 'Upload 20 reports together' }).click();
    await expect(page.getByTestId('staged-file')).toHaveCount(0);
  }
  await expect.poll(() => served(sandbox, 'recordUpload'), { timeout: 60_000 }).toBe(LAB_REPORTS);
  const rows = page.getByTestId('document-row');
  await expect(rows).toHaveCount(LAB_REPORTS);
  await expect.poll(async () => (await bridgeValue(page, 'listLabReports')).filter((labReport) => labReport.problem === null).length, { timeout: 30_000 }).toBe(0);
  for (let i = 0; i < LAB_REPORTS; i += 1) {
    const row = rows.nth(i);
    await row.scrollIntoViewIfNeeded();
    await expect(row.locator('.field-error, .warning-text')).toBeVisible();
    await expectReadableMessages(row, '.field-error, .warning-text');
  }
  await expectWindowIntact(page);
  await screenshot(page, 'robustness-records');

  // Registrations: thirty starts and ten resends, each answered with a hostile answer.
  await showScreen(page, 'Registration');
  const number = page.getByLabel("Patient's Aadhaar number");
  await number.click();
  await number.pressSequentially(SANDBOX_AADHAAR.new);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  const error = page.getByTestId('registration-error');
  for (let i = 1; i <= INITS; i += 1) {
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect.poll(() => served(sandbox, 'registrationInit')).toBe(i);
    await expect(page.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
    await expect(error).toBeVisible();
    await expectReadableMessages(error, 'p:first-child');
    await expectWindowIntact(page);
    if (i === 1) await screenshot(page, 'robustness-registration');
  }
  // The hostile starts are used up: this one is answered as usual, then every resend is hostile.
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const sent = page.getByTestId('otp-sent');
  await expect(sent).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Resend OTP' })).toBeEnabled({ timeout: 10_000 });
  for (let i = 1; i <= RESENDS; i += 1) {
    await sent.getByRole('button', { name: 'Resend OTP' }).click();
    await expect.poll(() => served(sandbox, 'registrationResend')).toBe(i);
    await expect(sent.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
    await expect(error).toBeVisible();
    await expectReadableMessages(error, 'p:first-child');
    await expectWindowIntact(page);
  }

  // Dictations: every result lookup of the first hundred and thirty was hostile.
  await expect.poll(() => served(sandbox, 'resultLookup'), { timeout: 90_000 }).toBe(DICTATIONS);
  const settled = (item: DictationSummary) => ['completed', 'partial', 'failed'].includes(item.state) || item.problem !== null;
  await expect.poll(async () => (await bridgeValue(page, 'listDictations')).filter((item) => !settled(item)).length, { timeout: 60_000 }).toBe(0);
  await showScreen(page, 'Dictation');
  const search = page.getByRole('searchbox', { name: 'Search by patient or label' });
  const detail = page.getByRole('region', { name: 'Dictation details' });
  const states = new Map<string, number>();
  for (const label of labels) {
    await search.fill(label);
    await page.getByRole('option').filter({ hasText: label }).click();
    await expect(detail.getByRole('heading', { name: label })).toBeVisible();
    const state = (await detail.getByTestId('detail-state').innerText()).trim();
    states.set(state, (states.get(state) ?? 0) + 1);
    if (state === 'Failed') await expect(detail.getByTestId('detail-problem')).toBeVisible();
    await expectReadableMessages(detail, '[data-testid=detail-problem], [data-testid=result-problem] > p:first-child, [data-testid=output-problem]');
    await expectWindowIntact(page);
    if (label === labels[4]) await screenshot(page, 'robustness-dictation-huge');
    if (label === labels[1]) await screenshot(page, 'robustness-dictation-fhir');
  }
  // The hostile answers were of every kind: some results drawn with parts that could not be read, some failed.
  expect(states.get('Failed') ?? 0).toBeGreaterThan(0);
  expect((states.get('Completed') ?? 0) + (states.get('Partial result') ?? 0)).toBeGreaterThan(0);
  expect(served(sandbox, 'resultLookup') + served(sandbox, 'recordUpload') + served(sandbox, 'registrationInit') + served(sandbox, 'registrationResend')).toBeGreaterThanOrEqual(200);
});

const RESULTS = 20;
const VERIFIES = 14;

/** Back to the Aadhaar OTP step with a fresh OTP sent, from wherever the last answer left the screen. */
async function toOtpStep(page: Page) {
  const otp = page.getByLabel('OTP received by the patient');
  if (await otp.isVisible()) return;
  await page.getByRole('button', { name: /^(Start over|Register another patient)$/ }).first().click();
  const number = page.getByLabel("Patient's Aadhaar number");
  await number.click();
  await number.press('ControlOrMeta+a');
  await number.pressSequentially(SANDBOX_AADHAAR.new);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(otp).toBeVisible();
}

test('hostile lab report results and OTP verification answers: every report opens readably, every step reads', async ({ launch, startSandbox }) => {
  test.setTimeout(180_000);
  const sandbox = await startSandbox({ faults: { recordProcessingMs: 0, hostileNext: { recordResult: RESULTS, registrationVerify: VERIFIES } } });
  const { page } = await launch({ policy: { ...customService(sandbox), otpResendSeconds: 5 } });

  // Registration: every answer to the Aadhaar OTP is hostile; whatever step it leads to reads, bounded.
  await showScreen(page, 'Registration');
  await page.getByRole('button', { name: 'Start over' }).or(page.getByRole('button', { name: 'Send OTP' })).first().waitFor();
  const number = page.getByLabel("Patient's Aadhaar number");
  await number.click();
  await number.pressSequentially(SANDBOX_AADHAAR.new);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const panel = page.locator('section.registration');
  for (let i = 1; i <= VERIFIES; i += 1) {
    await toOtpStep(page);
    await page.getByLabel('OTP received by the patient').fill(SANDBOX_OTP);
    await page.getByLabel("Patient's mobile number").fill(SANDBOX_MOBILE.linked);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect.poll(() => served(sandbox, 'registrationVerify')).toBe(i);
    await expect(page.getByRole('button', { name: 'Verify OTP' }).or(page.getByRole('button', { name: /^(Start over|Register another patient)$/ })).first()).toBeEnabled();
    for (const line of (await panel.innerText()).split('\n')) expect(line.length).toBeLessThanOrEqual(1_100);
    await expectWindowIntact(page);
    if (i === 3) await screenshot(page, 'robustness-registration-verify');
  }

  // Records: twenty lab reports whose results are hostile; each opens as a report or says what went wrong.
  await showScreen(page, 'Records');
  const pdf = await labReportPdf();
  await dropFiles(page, Array.from({ length: RESULTS }, (_, i) => ({ name: `result-${i + 1}.pdf`, bytes: pdf })));
  await page.getByRole('button', { name: `Upload ${RESULTS} reports together` }).click();
  await expect.poll(() => served(sandbox, 'recordResult'), { timeout: 90_000 }).toBe(RESULTS);
  const settledLabReport = (labReport: { state: string; problem: string | null }) => labReport.state === 'ready' || labReport.state === 'failed' || labReport.problem !== null;
  await expect.poll(async () => (await bridgeValue(page, 'listLabReports')).filter((labReport) => !settledLabReport(labReport)).length, { timeout: 60_000 }).toBe(0);
  const documents = page.locator('tbody.document');
  await expect(documents).toHaveCount(RESULTS);
  const states = new Map<string, number>();
  for (let i = 0; i < RESULTS; i += 1) {
    const row = documents.nth(i);
    await row.scrollIntoViewIfNeeded();
    // One look at the row: a report still being read says why (an unreadable answer is asked again
    // after a back-off, and may turn ready at any moment, so its toggle and problem are read together).
    const seen = await row.evaluate((element) => ({
      ready: element.querySelector('[data-testid=result-toggle]') !== null,
      problems: Array.from(element.querySelectorAll<HTMLElement>('[data-testid=lab-report-problem]'), (problem) => problem.innerText),
    }));
    if (!seen.ready) {
      states.set('not ready', (states.get('not ready') ?? 0) + 1);
      expect(seen.problems).toHaveLength(1);
      expectReadable(seen.problems);
      continue;
    }
    const toggle = row.getByTestId('result-toggle');
    states.set('ready', (states.get('ready') ?? 0) + 1);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const report = row.getByTestId('lab-report');
    await expect(report.getByTestId('report-summary').or(report.getByTestId('result-problem'))).toBeVisible();
    for (const line of (await report.innerText()).split('\n')) expect(line.length).toBeLessThanOrEqual(1_100);
    await expectWindowIntact(page);
    if (states.get('ready') === 1) await screenshot(page, 'robustness-lab-result');
  }
  // Some answers could be read in part (shown as reports with notices), some not at all.
  expect(states.get('ready') ?? 0).toBeGreaterThan(0);
  expect(states.get('not ready') ?? 0).toBeGreaterThan(0);
});

test('while recording, the selected dictation gets a result with prototype-named statuses: shown as text, recording goes on', async ({
  launch,
  startSandbox,
  microphone: _microphone,
}) => {
  const sandbox = await startSandbox({ faults: { processingMs: 600_000 } });
  const userDataDir = newDataFolder();
  seedRecordedDictations(userDataDir, ['Changes underneath']);
  const { page } = await launch({ userDataDir, policy: { ...customService(sandbox), uploadAudioFormat: 'wav' } });
  await page.getByRole('option').filter({ hasText: 'Changes underneath' }).click();
  await expect(page.getByTestId('detail-state')).toHaveText('Processing', { timeout: 15_000 });
  // The same visit's patient records again (another patient chosen would take the dictation off the screen).
  await page.getByLabel('Label (optional)').fill('Next patient');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });

  // The result arrives while recording and the detail view is drawn again underneath.
  sandbox.setFaults({ hostileNext: { resultLookup: 1 }, hostileKinds: ['prototype-names'] });
  await expect(page.getByTestId('detail-state')).toHaveText('Completed', { timeout: 30_000 });
  for (const name of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
    await expect(page.getByRole('article', { name }).locator('.status-pill')).toHaveText(name);
  }
  await expectWindowIntact(page);
  await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now');
  await screenshot(page, 'robustness-prototype-statuses');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText('Ready to record');
  await expect(page.getByRole('option').filter({ hasText: 'Next patient' })).toBeVisible();
});

test('a part of a result that cannot be drawn says so in its card; the rest of the result keeps working', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 0 } });
  const userDataDir = newDataFolder();
  seedRecordedDictations(userDataDir, ['Card check']);
  const { app, page } = await launch({ userDataDir, policy: { ...customService(sandbox), uploadAudioFormat: 'wav' } });
  await page.getByRole('option').filter({ hasText: 'Card check' }).click();
  await expect(page.getByTestId('detail-state')).toHaveText('Completed', { timeout: 30_000 });
  // A fault in main that hands the page a shape it cannot draw: a prescription without its medications.
  const [item] = await bridgeValue(page, 'listDictations');
  const detail = await bridgeValue(page, 'getDictation', { id: item!.id });
  const broken = JSON.parse(JSON.stringify(detail)) as typeof detail;
  if (broken.result && 'outputs' in broken.result) {
    for (const output of broken.result.outputs) if (output.content.kind === 'prescription') (output.content as { prescription: unknown }).prescription = null;
  }
  await app.evaluate(({ ipcMain }, value) => {
    ipcMain.removeHandler('scribe:op:getDictation');
    ipcMain.handle('scribe:op:getDictation', () => ({ ok: true, value }));
  }, broken);
  await page.getByRole('option').filter({ hasText: 'Card check' }).click();
  const emr = page.getByRole('article', { name: 'Prescription' });
  await expect(emr.getByTestId('contained-failure')).toContainText('This part of the result could not be shown.', { timeout: 30_000 });
  await expect(emr.getByTestId('failure-reason')).toContainText('TypeError');
  await expect(page.getByRole('article', { name: 'Transcript' })).toContainText('Sandbox transcript');
  await expect(mainNavigation(page)).toBeVisible();
  await screenshot(page, 'robustness-card-contained');
});

/**
 * Runs a script in the window's page from main. After a renderer crash Playwright keeps its
 * page object marked as crashed, though the window has a new, working page.
 */
function inPage<T>(app: ElectronApplication, script: string): Promise<T | null> {
  // A script sent while the page is being replaced never answers: give up after a second.
  return app.evaluate(
    ({ BrowserWindow }, code) =>
      Promise.race([
        BrowserWindow.getAllWindows()[0]!.webContents.executeJavaScript(code) as Promise<T>,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000)),
      ]),
    script,
  );
}

const textOf = (selector: string) => `document.querySelector(${JSON.stringify(selector)})?.innerText ?? null`;

test('when the page process dies, the window is reloaded, says so once, and nothing is lost', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ faults: { processingMs: 0 } });
  const userDataDir = newDataFolder();
  seedRecordedDictations(userDataDir, ['Before the crash']);
  const { app, page } = await launch({ userDataDir, policy: { ...customService(sandbox), uploadAudioFormat: 'wav' } });
  await page.getByRole('option').filter({ hasText: 'Before the crash' }).click();
  await expect(page.getByTestId('detail-state')).toHaveText('Completed', { timeout: 30_000 });
  await expect(page.getByTestId('reload-notice')).toHaveCount(0);

  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.forcefullyCrashRenderer());
  await expect.poll(() => inPage(app, textOf('[data-testid=reload-notice] span')).catch(() => null), { timeout: 20_000 }).toBe(
    'The window was reloaded after a problem; nothing was lost.',
  );
  expect(await inPage(app, textOf('nav[aria-label=Main]'))).toContain('Dictation');
  expect(await inPage(app, textOf('[data-testid=dictation-list]'))).toContain('Before the crash');
  await inPage(app, `document.querySelector('[role=option]').click()`);
  await expect.poll(() => inPage(app, textOf('[data-testid=detail-state]'))).toBe('Completed');
  await expect.poll(() => inPage(app, `document.querySelector('table[aria-label=Medications]') !== null`)).toBe(true);
  const png = await app.evaluate(async ({ BrowserWindow }) => (await BrowserWindow.getAllWindows()[0]!.webContents.capturePage()).toPNG().toString('base64'));
  writeFileSync(join(SCREENSHOTS, 'robustness-reloaded.png'), Buffer.from(png, 'base64'));

  // Said once: a later load of the page does not repeat it.
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.reload());
  await expect.poll(() => inPage(app, textOf('nav[aria-label=Main]')).catch(() => null), { timeout: 20_000 }).toContain('Dictation');
  expect(await inPage(app, textOf('[data-testid=reload-notice]'))).toBeNull();
});
