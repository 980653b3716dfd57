import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { clipboardOf, setClipboard } from '../support/e2e/clipboard';
import { auditCommand } from '../support/e2e/audit-command';
import { mainLog } from '../support/e2e/data-folder';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { labReportPdf, scannedJpeg, unreadableReportPdf } from '../fixtures/documents';
import { dropFiles } from '../support/e2e/drop-files';
import { newDataFolder, screenshot, visitFor } from '../support/e2e/launch-app';
import { customService } from '../support/e2e/policies';
import { expectStill } from '../support/e2e/positions';
import { showScreen } from '../support/e2e/screens';
import { seenTexts, watchTexts } from '../support/e2e/seen-texts';
import { CLINIC_SIZES, resize } from '../support/e2e/window-size';
import { forPatient } from '../support/e2e/recording';

/** What the EMR's own clipboard held before the doctor copied anything. */
const EMR_TEXT = 'UHID 4711-2026';
/** How far off the app's next try must be for the service to come back and a press to be surely first. */
const CLEAR_OF_NEXT_TRY_MS = 3_000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test.setTimeout(120_000);

const uploads = (sandbox: SandboxServer) => sandbox.received.filter((request) => request.operation === 'recordUpload');
const resultLookups = (sandbox: SandboxServer) => sandbox.received.filter((request) => request.operation === 'recordResult');

/** Drops one file on the Records screen and uploads it with the tasks given. */
async function uploadOne(page: Page, name: string, bytes: Buffer, { withDetails = false, label = '' } = {}) {
  await dropFiles(page, [{ name, bytes }]);
  if (withDetails) await page.getByLabel('Patient details (name, age, IDs)').check();
  if (label) await forPatient(page, label);
  await page.getByRole('button', { name: 'Upload 1 report' }).click();
}

/** The rows the service has taken (being read, or read). */
const taken = (page: Page) => page.getByTestId('lab-report-state').filter({ hasText: /Reading the report|Ready/ });

/** One test's row in a report's table, by its exact name. */
const testRow = (page: Page, table: ReturnType<Page['getByRole']>, name: string) =>
  table.getByTestId('lab-test').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test('a PDF and a JPEG chosen in the file dialog upload as one batch and their document ids appear', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page } = await launch({ policy: customService(sandbox) });
  const folder = newDataFolder();
  const pdfPath = join(folder, 'CBC report.pdf');
  const jpegPath = join(folder, 'thyroid-page.jpg');
  writeFileSync(pdfPath, await labReportPdf());
  writeFileSync(jpegPath, scannedJpeg(1300, 1800));
  // The OS file dialog cannot be driven here; it answers with the two files.
  await app.evaluate(({ dialog }, paths) => {
    dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: paths }));
  }, [pdfPath, jpegPath]);

  await showScreen(page, 'Records');
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await expect(page.getByTestId('staged-file')).toHaveCount(2);
  await expect(page.getByTestId('staged-file').first()).toContainText('PDF');
  await page.getByLabel('Patient details (name, age, IDs)').check();
  await page.getByRole('button', { name: 'Upload 2 reports together' }).click();
  await expect(taken(page)).toHaveCount(2, { timeout: 20_000 });
  await screenshot(page, 'records-uploaded');

  expect(uploads(sandbox)).toHaveLength(2);
  for (const request of uploads(sandbox)) {
    expect(request.query).toEqual({ dt: ['lr'], task: ['smart', 'pii'], batch: ['true'] });
    expect(request.status).toBe(200);
  }
  // The sandbox keeps no file name (it may name the patient): the contents say which files went.
  expect(uploads(sandbox).map((request) => request.file?.sha256).sort()).toEqual([sha256(readFileSync(pdfPath)), sha256(readFileSync(jpegPath))].sort());
  expect(uploads(sandbox).map((request) => request.file?.name).sort()).toEqual(['.jpg', '.pdf']);
  // The service's document id is with the report's details, and can be copied from there.
  await expect(page.getByTestId('result-toggle')).toHaveCount(2, { timeout: 30_000 });
  await page.getByTestId('result-toggle').first().click();
  const id = (await page.getByTestId('document-id').textContent()) ?? '';
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  await page.getByRole('button', { name: /^Copy the document id of / }).click();
  expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe(id);
  await app.close();
  await sandbox.stop();
});

test('an 11 MB file, a renamed text file and an empty file are refused before any request', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page } = await launch({ policy: customService(sandbox) });
  await showScreen(page, 'Records');
  const big = Buffer.concat([await labReportPdf(), Buffer.alloc(11 * 1024 * 1024)]);
  await dropFiles(page, [
    { name: 'scan-archive.pdf', bytes: big },
    { name: 'results.pdf', bytes: Buffer.from('Haemoglobin 13.2 g/dL\nWBC 7400\n') },
    { name: 'blank.png', bytes: Buffer.alloc(0) },
  ]);
  const staged = page.getByTestId('staged-file');
  await expect(staged).toHaveCount(3);
  await expect(staged.nth(0)).toContainText('Refused: This file is 11.0 MB; the limit is 10.0 MB.');
  await expect(staged.nth(1)).toContainText('Refused: This is not a PDF, JPEG or PNG file');
  await expect(staged.nth(2)).toContainText('Refused: This file is empty.');
  await expect(page.getByRole('button', { name: 'Nothing to upload' })).toBeDisabled();
  await screenshot(page, 'records-refused');
  // Nothing of them went (the Dictation screen's language list, asked of the service at start, is no lab report).
  expect(sandbox.received.filter((request) => request.operation.startsWith('record'))).toEqual([]);
  await app.close();
  await sandbox.stop();
});

test('a low-resolution photo needs confirmation; encrypted uploads send the JWE envelope', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ jweKeys: { 'clinic-kid-1': 'clinic-key-0001!' } });
  const { app, page } = await launch({ policy: { ...customService(sandbox), jweKid: 'clinic-kid-1' } });
  await showScreen(page, 'Settings');
  const keyForm = page.getByRole('form', { name: 'Encryption client key' });
  await keyForm.getByLabel(/Encryption client key/).fill('clinic-key-0001!');
  await keyForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('jweClientKey-state')).toHaveText('Set');

  await showScreen(page, 'Records');
  await dropFiles(page, [{ name: 'phone-photo.jpg', bytes: scannedJpeg(400, 560) }]);
  await expect(page.getByTestId('staged-file')).toContainText('Warning: The image is 400 × 560 pixels');
  const upload = page.getByRole('button', { name: 'Upload 1 report' });
  await expect(upload).toBeDisabled();
  await page.getByLabel('Upload the low-resolution image anyway').check();
  await upload.click();
  await expect(taken(page)).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('document-row')).toContainText('encrypted');
  expect(uploads(sandbox)).toMatchObject([{ encrypted: true, status: 200, query: { dt: ['lr'], task: ['smart', 'pii'] }, headers: { 'x-encryption': 'JWE' } }]);

  await dropFiles(page, [{ name: 'summary.pdf', bytes: await labReportPdf() }]);
  await page.getByRole('button', { name: 'Upload 1 report' }).click();
  await expect(taken(page)).toHaveCount(2, { timeout: 20_000 });
  expect(uploads(sandbox).map((request) => request.encrypted)).toEqual([true, true]);
  await app.close();
  await sandbox.stop();
});

test('an upload made offline completes after the service returns', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { port } = new URL(sandbox.url);
  const { app, page } = await launch({ policy: customService(sandbox) });
  await sandbox.stop();
  await showScreen(page, 'Records');
  await dropFiles(page, [{ name: 'offline.pdf', bytes: await labReportPdf() }]);
  await page.getByRole('button', { name: 'Upload 1 report' }).click();
  await expect(page.getByTestId('document-row')).toContainText('cannot be reached', { timeout: 20_000 });
  await expect(page.getByTestId('document-row')).toContainText('Waiting to send');
  await expect(page.getByTestId('pending-sync')).toHaveText('1 waiting to sync');
  await screenshot(page, 'records-offline');

  const back = await startSandbox({ port: Number(port), token: sandbox.token });
  await expect(taken(page)).toHaveCount(1, { timeout: 60_000 });
  expect(uploads(back)).toHaveLength(1);
  await app.close();
  await back.stop();
});

test('"Send now" always answers for a lab report: trying, tried and still unreachable, sent; nothing moves when the screen speaks', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { port } = new URL(sandbox.url);
  const { app, page } = await launch({ policy: customService(sandbox), patient: null });
  await sandbox.stop();
  await resize(app, page, CLINIC_SIZES[0]);
  await showScreen(page, 'Records');
  await dropFiles(page, [{ name: 'offline.pdf', bytes: await labReportPdf() }]);

  // With no patient chosen, Upload says why beside it; once chosen, for whom: it does not move.
  const upload = page.getByRole('button', { name: 'Upload 1 report' });
  await expect(page.getByText('Choose the patient these reports are for (above).')).toBeVisible();
  await expect(upload).toBeDisabled();
  await screenshot(page, 'records-choose-the-patient-1024x640');
  await expectStill([upload], async () => {
    await visitFor(page, 'Bed 3');
    await expect(page.getByText('For Bed 3', { exact: true })).toBeVisible();
  });
  await upload.click();

  const row = page.getByTestId('document-row');
  const answer = row.getByTestId('send-now-answer');
  const sendNow = row.getByRole('button', { name: 'Send now: offline.pdf' });
  await expect(row.getByTestId('lab-report-problem')).toContainText('cannot be reached', { timeout: 20_000 });
  // Every answer the row gives, in order, as a person would see them come (the first lasts a moment only).
  await watchTexts(page, 'send-now-answer');
  // Pressed while the service is away: at once "Trying now…", then what came of it (never nothing); Delete stays where it was.
  const remove = row.getByRole('button', { name: 'Delete' });
  await expectStill([remove], async () => {
    await sendNow.click();
    await expect(answer).toContainText('Tried just now:', { timeout: 20_000 });
  });
  await expect(answer).toContainText('cannot be reached');
  expect((await seenTexts(page, 'send-now-answer')).slice(0, 2)).toEqual(['Trying now…', expect.stringMatching(/^Tried just now: .*cannot be reached/)]);
  // The app's own next try meanwhile (it sets the one after) does not take the answer away.
  const nextTry = async () => (await bridgeValue(page, 'listLabReports'))[0]?.nextAttemptAt ?? null;
  const triedBy = await nextTry();
  await expect.poll(nextTry, { timeout: 60_000 }).not.toBe(triedBy);
  await expect.poll(nextTry).not.toBeNull();
  await expect(answer).toContainText('Tried just now:');
  await screenshot(page, 'records-send-now-tried-1024x640');

  // The service back: pressed again, the report is on its way. The press must come first: the service comes back
  // only while the app's own next try (full jitter) is seconds off, and answers slowly, so that its first answer
  // to the app's probe (which asks every few seconds, and wakes every waiting item) comes after the press.
  await expect
    .poll(async () => {
      const next = await nextTry();
      return next !== null && Date.parse(next) - Date.now() >= CLEAR_OF_NEXT_TRY_MS;
    }, { timeout: 60_000, intervals: [250] })
    .toBe(true);
  const back = await startSandbox({ port: Number(port), token: sandbox.token, faults: { recordProcessingMs: 4_000, latencyMs: 1_500 } });
  await sendNow.click();
  await expect(answer).toHaveText('Sent: it is on its way.', { timeout: 20_000 });
  await resize(app, page, CLINIC_SIZES[1]);
  await screenshot(page, 'records-send-now-sent-1366x768');
  // Once read, the row says its state alone again.
  await expect(taken(page).filter({ hasText: 'Ready' })).toHaveCount(1, { timeout: 30_000 });
  await expect(answer).toHaveText('');

  // The screen's word on an action keeps its line: the rows under it stay where they are (seen from the top of the screen,
  // where the browser's scroll anchoring cannot hide a move).
  const copyId = page.getByRole('button', { name: 'Copy the document id of offline.pdf' });
  await page.locator('main.screen').evaluate((screen) => screen.scrollTo(0, 0));
  await expectStill([remove, page.getByRole('button', { name: 'Result of offline.pdf' })], async () => {
    await copyId.dispatchEvent('click');
    await expect(page.getByTestId('lab-reports-message')).toHaveText('Document id copied.');
  });
  expect(uploads(back)).toHaveLength(1);
  await app.close();
});

test('a report queued offline survives a restart and is sent by the next start', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { port } = new URL(sandbox.url);
  const first = await launch({ policy: customService(sandbox) });
  await sandbox.stop();
  await showScreen(first.page, 'Records');
  const pdf = await labReportPdf();
  await dropFiles(first.page, [{ name: 'before-restart.pdf', bytes: pdf }]);
  await first.page.getByRole('button', { name: 'Upload 1 report' }).click();
  await expect(first.page.getByTestId('document-row')).toContainText('Waiting to send', { timeout: 20_000 });
  await first.app.close();

  const back = await startSandbox({ port: Number(port), token: sandbox.token });
  const second = await launch({ userDataDir: first.userDataDir, policy: customService(back) });
  await showScreen(second.page, 'Records');
  await expect(second.page.getByTestId('document-row')).toContainText('before-restart.pdf');
  await expect(taken(second.page)).toHaveCount(1, { timeout: 60_000 });
  expect(uploads(back).map((request) => request.file?.sha256)).toEqual([sha256(pdf)]);
});

test('a lab report PDF is read back: its tests with Low and High flags, the details on request, and the FHIR export', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page } = await launch({ policy: customService(sandbox) });
  await showScreen(page, 'Records');
  await uploadOne(page, 'CBC report.pdf', await labReportPdf(), { withDetails: true });

  const row = page.getByTestId('document-row');
  // The state moves visibly while the service reads the report, then the result opens by itself.
  await expect(row).toContainText('Reading the report', { timeout: 20_000 });
  await expect(row.getByRole('progressbar', { name: 'The service is reading CBC report.pdf' })).toBeVisible();
  const report = page.getByRole('region', { name: 'Result of CBC report.pdf' });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Ready');
  const toggle = row.getByRole('button', { name: 'Result of CBC report.pdf' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const table = report.getByRole('table', { name: 'Tests in CBC report.pdf' });
  await expect(table.getByTestId('lab-test')).toHaveCount(12);
  await expect(report.getByTestId('report-summary')).toHaveText('6 of 12 outside the range (2 low, 4 high); 1 without a range.');
  await expect(testRow(page, table, 'Haemoglobin').locator('td')).toHaveText(['10.8', 'gm/dL', '12.0 - 15.0', '↓Low', '98%']);
  await expect(testRow(page, table, 'Total Cholesterol').locator('td')).toHaveText(['212', 'mg/dl', '< 200', '↑High', '99%']);
  await expect(testRow(page, table, 'Vitamin D (25-Hydroxy)').locator('td').nth(3)).toHaveText('↓Low');
  await expect(testRow(page, table, 'TSH (Thyroid Stimulating Hormone)').locator('td').nth(3)).toHaveText('Normal');
  await expect(testRow(page, table, 'Non-HDL Cholesterol').locator('td').nth(3)).toHaveText('No range');
  // Read with low confidence: marked for the doctor to check.
  await expect(testRow(page, table, 'Free T4').locator('td').nth(4)).toHaveText('62%⚠ check');
  await expect(report).toContainText('1 value was read with low confidence (below 70%): check it against the report.');

  // The patient details stay masked until asked for, and are forgotten again.
  const details = report.getByRole('region', { name: 'Patient details of CBC report.pdf' });
  await expect(details.getByTestId('report-details')).toContainText('Patient••••••hidden');
  await expect(page.locator('body')).not.toContainText('Sunita');
  await report.scrollIntoViewIfNeeded();
  await screenshot(page, 'records-lab-report');
  const documents = page.getByRole('table', { name: 'Uploaded documents' });
  const widthBefore = (await documents.boundingBox())?.width;
  await details.getByRole('button', { name: 'Show details' }).click();
  for (const text of ['Sunita Sharma (test patient)', '54 years', 'Female', 'Sandbox Diagnostics (test data), Pune', 'Dr. Anil Rao (sandbox)']) await expect(details).toContainText(text);
  // Shown in place: nothing around them moves.
  expect((await documents.boundingBox())?.width).toBe(widthBefore);
  await screenshot(page, 'records-lab-report-details');
  await details.getByRole('button', { name: 'Hide details' }).click();
  await expect(page.locator('body')).not.toContainText('Sunita');

  // Shown again, then the result closed and opened from the keyboard: the details are gone.
  await details.getByRole('button', { name: 'Show details' }).click();
  await expect(details).toContainText('Sunita Sharma');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(report).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('Sunita');
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(table.getByTestId('lab-test')).toHaveCount(12);
  await expect(page.locator('body')).not.toContainText('Sunita');

  // The FHIR bundle, saved where the (stubbed) save dialog says.
  const target = join(newDataFolder(), 'cbc-fhir.json');
  await app.evaluate(({ dialog }, path) => {
    dialog.showSaveDialog = (async () => ({ canceled: false, filePath: path }));
  }, target);
  await report.getByRole('button', { name: 'Export FHIR (.json)' }).click();
  await expect(report.getByTestId('export-note')).toHaveText(`Saved to ${target}`);
  const bundle = JSON.parse(readFileSync(target, 'utf8')) as { resourceType: string; entry: Array<{ resource: { resourceType: string } }> };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.entry.filter((entry) => entry.resource.resourceType === 'Observation')).toHaveLength(12);

  // The values into the EMR by the same copy path as a note: headed by whose they are, as text and as a table.
  await report.getByRole('button', { name: 'Copy values: CBC report.pdf' }).click();
  await expect(report.getByTestId('values-note')).toHaveText('Values copied: paste them into the EMR.');
  const copied = await clipboardOf(app);
  expect(copied.text.split('\n')[0]).toMatch(/^Test patient · Lab results of CBC report\.pdf, uploaded \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  expect(copied.text).toContain('Haemoglobin: 10.8 gm/dL (range 12.0 - 15.0) LOW');
  expect(copied.html).toContain('<td>Haemoglobin</td><td>10.8 gm/dL</td><td>12.0 - 15.0</td><td>Low</td>');
  await report.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(report.getByRole('button', { name: 'Copy values: CBC report.pdf' })).toBeFocused();

  expect(uploads(sandbox)).toMatchObject([{ status: 200, query: { dt: ['lr'], task: ['smart', 'pii'] } }]);
  expect(resultLookups(sandbox).length).toBeGreaterThan(0);
  expect(resultLookups(sandbox).every((request) => request.status === 200)).toBe(true);
  await app.close();
});

test('a report the service cannot read is marked Failed with its reason, and can be retried', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ faults: { recordProcessingMs: 1_000 } });
  const { app, page } = await launch({ policy: customService(sandbox) });
  await showScreen(page, 'Records');
  await uploadOne(page, 'faded-fax.pdf', await unreadableReportPdf());

  const row = page.getByTestId('document-row');
  await expect(row.getByTestId('lab-report-state')).toContainText('Failed', { timeout: 30_000 });
  await expect(row.getByTestId('lab-report-problem')).toHaveText('The service could not read this document: No lab values could be read from this document (code 4001).');
  await expect(row.getByRole('button', { name: 'Retry: faded-fax.pdf' })).toBeVisible();
  // Nothing to open: a failed report has no result.
  await expect(row.getByTestId('result-toggle')).toHaveCount(0);
  await screenshot(page, 'records-failed');
  expect(resultLookups(sandbox).length).toBeGreaterThan(0);

  // Retry sends the file again; the service refuses it again, with the same reason.
  await row.getByRole('button', { name: 'Retry: faded-fax.pdf' }).click();
  await expect.poll(() => uploads(sandbox).length, { timeout: 20_000 }).toBe(2);
  await expect(row.getByTestId('lab-report-state')).toContainText('Failed', { timeout: 30_000 });
  await expect(row.getByTestId('lab-report-problem')).toContainText('No lab values could be read from this document');
  await app.close();
});

test('a read report survives a restart: its result is shown from this computer, with no new request', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ faults: { recordProcessingMs: 1_000 } });
  const first = await launch({ policy: customService(sandbox) });
  await showScreen(first.page, 'Records');
  await uploadOne(first.page, 'kept.pdf', await labReportPdf());
  await expect(first.page.getByRole('table', { name: 'Tests in kept.pdf' }).getByTestId('lab-test')).toHaveCount(12, { timeout: 30_000 });
  await first.app.close();
  const requestsBefore = sandbox.received.length;
  expect(uploads(sandbox)).toHaveLength(1);

  const second = await launch({ userDataDir: first.userDataDir, policy: customService(sandbox) });
  await showScreen(second.page, 'Records');
  const row = second.page.getByTestId('document-row');
  await expect(row.getByTestId('lab-report-state')).toHaveText('Ready');
  const toggle = row.getByRole('button', { name: 'Result of kept.pdf' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const report = second.page.getByRole('region', { name: 'Result of kept.pdf' });
  await expect(report.getByRole('table', { name: 'Tests in kept.pdf' }).getByTestId('lab-test')).toHaveCount(12);
  await expect(report.getByTestId('report-summary')).toHaveText('6 of 12 outside the range (2 low, 4 high); 1 without a range.');
  // Read for its patient details, always: they are kept, masked until asked for.
  await expect(report.getByRole('region', { name: 'Patient details of kept.pdf' })).toContainText('Patient••••••hidden');
  expect(sandbox.received.slice(requestsBefore).filter((request) => request.operation === 'recordUpload' || request.operation === 'recordResult')).toEqual([]);
  expect(uploads(sandbox)).toHaveLength(1);
});

test('a report sent for patient details only says plainly that it has no tests', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ faults: { recordProcessingMs: 500 } });
  const { app, page } = await launch({ policy: customService(sandbox) });
  await showScreen(page, 'Records');
  await dropFiles(page, [{ name: 'details-only.pdf', bytes: await labReportPdf() }]);
  await page.getByLabel('Smart report (values and ranges)').uncheck();
  await page.getByLabel('Patient details (name, age, IDs)').check();
  await page.getByRole('button', { name: 'Upload 1 report' }).click();

  const report = page.getByRole('region', { name: 'Result of details-only.pdf' });
  await expect(report.getByTestId('report-summary')).toHaveText('No test values were asked for: this report was sent for patient details only.', { timeout: 30_000 });
  await expect(report.getByRole('table')).toHaveCount(0);
  await expect(report.getByRole('button', { name: 'Export FHIR (.json)' })).toHaveCount(0);
  await report.getByRole('button', { name: 'Show details' }).click();
  await expect(report.getByTestId('report-details')).toContainText('Sunita Sharma');
  expect(uploads(sandbox)).toMatchObject([{ query: { task: ['pii'] } }]);
  await app.close();
});

test('a lab report has a patient: the label given at upload leads its row with the date, kept encrypted, and the field is empty for the next', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page, userDataDir } = await launch({ policy: customService(sandbox) });
  await showScreen(page, 'Records');
  await uploadOne(page, 'scan-0042.pdf', await labReportPdf(), { label: 'Sunita Rao, OPD 3' });
  const row = page.getByTestId('document-row');
  await expect(row.getByRole('rowheader')).toContainText('Sunita Rao, OPD 3');
  await expect(row.getByRole('rowheader')).toContainText(/\d/);
  // The label comes before the file name.
  const texts = await row.locator('th, td').allTextContents();
  expect(texts.findIndex((text) => text.includes('Sunita Rao'))).toBeLessThan(texts.findIndex((text) => text.includes('scan-0042.pdf')));
  await expect(taken(page)).toHaveCount(1, { timeout: 20_000 });
  await screenshot(page, 'records-labelled');
  await dropFiles(page, [{ name: 'next.pdf', bytes: await labReportPdf() }]);
  await expect(page.getByLabel('Label (optional)')).toHaveValue('');
  expect(await bridgeValue(page, 'listLabReports')).toMatchObject([{ label: 'Sunita Rao, OPD 3' }]);
  await app.close();
  const files = readdirSync(userDataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const entry of files) {
    const bytes = readFileSync(join(entry.parentPath, entry.name));
    expect(bytes.toString('utf8') + bytes.toString('utf16le'), entry.name).not.toContain('Sunita');
  }
});

test('the original report opens in the computer\'s viewer from a private copy, removed when the app quits', async ({ launch }) => {
  const { app, page } = await launch();
  await showScreen(page, 'Records');
  const original = await labReportPdf();
  await uploadOne(page, 'CBC report.pdf', original, { label: 'Test Patient, OPD 4' });
  const report = page.getByRole('region', { name: 'Result of CBC report.pdf' });
  await expect(report).toBeVisible({ timeout: 30_000 });
  // No PDF viewer exists on this machine: the OS's "open with its viewer" is replaced by one that reads the file it is given.
  await app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as { openedOriginals?: string[] }).openedOriginals = opened;
    shell.openPath = async (path: string) => {
      opened.push(path);
      return '';
    };
  });
  await report.getByRole('button', { name: 'Open original: CBC report.pdf' }).click();
  await expect(report.getByTestId('original-note')).toHaveText('Opened in your viewer. The copy made for it is removed from this computer in 5 minutes.');
  const [opened] = await app.evaluate(() => (globalThis as unknown as { openedOriginals: string[] }).openedOriginals);
  // Named for what it is and when it was added, never after the file (viewers keep the names of what they opened).
  expect(basename(opened!)).toMatch(/^lab-report-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/);
  expect(readFileSync(opened!)).toEqual(original);
  expect([statSync(opened!).mode & 0o777, statSync(dirname(opened!)).mode & 0o777]).toEqual([0o600, 0o700]);
  await screenshot(page, 'records-original-opened');
  await app.close();
  expect(existsSync(opened!)).toBe(false);
});

test("a report whose patient is not its label's says so before any value; one whose patient is, says nothing", async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ faults: { recordProcessingMs: 500 } });
  const { app, page } = await launch({ policy: customService(sandbox) });
  await showScreen(page, 'Records');
  // The sandbox's report names Sunita Sharma, 54 years, Female.
  await uploadOne(page, 'wrong-patient.pdf', await labReportPdf(), { withDetails: true, label: 'Ramesh Kumar, 54M' });
  const wrong = page.getByRole('region', { name: 'Result of wrong-patient.pdf' });
  await expect(wrong.getByRole('table')).toBeVisible({ timeout: 30_000 });
  const first = wrong.locator(':scope > *').first();
  await expect(first).toHaveAttribute('data-testid', 'patient-warning');
  await expect(first).toHaveRole('alert');
  await expect(first).toHaveText(
    '⚠ This may be another patient’s report.The name and gender in the report differ from “Ramesh Kumar, 54M”, the patient it was uploaded for. Check the patient details below before using any value.',
  );
  // The report's own patient stays masked until asked for.
  await expect(page.locator('body')).not.toContainText('Sunita');
  for (const size of CLINIC_SIZES) {
    await resize(app, page, size);
    await wrong.scrollIntoViewIfNeeded();
    await expect(first).toBeInViewport();
    await screenshot(page, `records-patient-warning-${size.width}x${size.height}`);
  }

  await page.getByTestId('result-toggle').filter({ hasText: 'wrong-patient.pdf' }).click();
  await uploadOne(page, 'right-patient.pdf', await labReportPdf(), { withDetails: true, label: 'Mrs. S. Sharma, F' });
  const right = page.getByRole('region', { name: 'Result of right-patient.pdf' });
  await expect(right.getByRole('table')).toBeVisible({ timeout: 30_000 });
  await expect(right.locator(':scope > *').first()).toHaveAttribute('data-testid', 'report-summary');
  await expect(page.getByTestId('patient-warning')).toHaveCount(0);
  // Sent to a service that is not the built-in sandbox: no test-data mark.
  await expect(right.getByTestId('test-data-mark')).toHaveCount(0);
  await expect(page.getByTestId('test-data-badge')).toHaveCount(0);
  await app.close();
});

test("a report that may be another patient's leaves only after Copy anyway, by its button or the page's own copy, headed so; the copy shortcut refuses it, and no screen goes on saying it was copied", async ({
  launch,
  startSandbox,
}) => {
  const sandbox = await startSandbox();
  const { app, page, userDataDir, policyFile } = await launch({ policy: customService(sandbox) });
  await showScreen(page, 'Records');
  // The sandbox's report names Sunita Sharma, 54 years, Female.
  await uploadOne(page, 'wrong-patient.pdf', await labReportPdf(), { withDetails: true, label: 'Ramesh Kumar, 54M' });
  const report = page.getByRole('region', { name: 'Result of wrong-patient.pdf' });
  const values = report.getByRole('table', { name: 'Tests in wrong-patient.pdf' });
  await expect(values).toBeVisible({ timeout: 30_000 });
  const note = report.getByTestId('values-note');
  const question =
    'This may be another patient’s report: the name and gender in the report differ from “Ramesh Kumar, 54M”, the patient it was uploaded for. Nothing was copied. Check the patient details, or press “Copy anyway” if you mean it.';

  // The page's own copy of the values (Ctrl+C, the Edit menu's Copy) goes the way of Copy values: it asks.
  await setClipboard(app, EMR_TEXT);
  await values.selectText();
  await page.keyboard.press('Control+C');
  await expect(note).toHaveText(question);
  await expect(note).toHaveRole('alert');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.copy());
  await report.getByRole('button', { name: 'Copy values: wrong-patient.pdf' }).click();
  await expect(note).toHaveText(question);
  expect((await clipboardOf(app)).text).toBe(EMR_TEXT);
  await report.getByRole('button', { name: 'Copy anyway: wrong-patient.pdf' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'records-copy-anyway-asked');

  // Only the deliberate click lets them leave, and the copy says so under its first line.
  await report.getByRole('button', { name: 'Copy anyway: wrong-patient.pdf' }).click();
  await expect(note).toHaveText('Values copied: paste them into the EMR.');
  await expect(report.getByRole('button', { name: 'Copy values: wrong-patient.pdf' })).toBeFocused();
  const copied = await clipboardOf(app);
  const [whose, overruled, blank] = copied.text.split('\n');
  expect(whose).toMatch(/^Ramesh Kumar, 54M · Lab results of wrong-patient\.pdf, uploaded /);
  expect(overruled).toBe('COPIED ANYWAY: this may be another patient’s report (the name and gender in the report differ from “Ramesh Kumar, 54M”, the patient it was uploaded for).');
  expect(blank).toBe('');
  expect(copied.text).toContain('Haemoglobin: 10.8 gm/dL (range 12.0 - 15.0) LOW');
  expect(copied.html).toContain('<p><strong>COPIED ANYWAY: this may be another patient’s report');

  // The copy shortcut, from another program, with this report in view: it copies nothing, takes the
  // copy above off the clipboard, and the screen stops saying the values were copied.
  // (Opened by a click: a result that opened by itself as it was read is not the shortcut's.)
  const toggle = page.getByTestId('result-toggle').filter({ hasText: 'wrong-patient.pdf' });
  await toggle.click();
  await toggle.click();
  await expect(note).toHaveText('Values copied: paste them into the EMR.');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect(note).toHaveText(
    'Copy shortcut: These lab results may be another patient’s report (its patient details differ from the patient it was uploaded for), so nothing was copied. In Scribe Desk, “Copy values” and then “Copy anyway” copy them if you mean it. Nothing copied; the earlier note was removed from the clipboard.',
  );
  expect((await clipboardOf(app)).text).toBe('');
  await expect.poll(() => mainLog(userDataDir)).toContain('copy: told "Note not copied"');
  await note.scrollIntoViewIfNeeded();
  await screenshot(page, 'records-shortcut-refused');
  await app.close();

  // The trail gives the reason that applied to each refusal, in closed words.
  const jsonl = join(newDataFolder(), 'trail.jsonl');
  expect((await auditCommand(userDataDir, [`--audit-export=${jsonl}`], policyFile)).code).toBe(0);
  const copies = readFileSync(jsonl, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { action: string; item: { kind: string } | null; outcome: string; reason: string | null; detail: { how?: string } })
    .filter((entry) => entry.action === 'copied' && entry.item?.kind === 'lab-report');
  expect(copies.map((entry) => [entry.detail.how, entry.outcome, entry.reason])).toEqual([
    // Ctrl+C, the Edit menu's Copy and Copy values: asked; then Copy anyway.
    ...Array.from({ length: 3 }, () => ['by the page', 'refused', "it waited for a deliberate confirmation (another patient's, a contradicting prescription, a report that may be another patient's)"]),
    ['by the page', 'done', null],
    ['by the copy shortcut', 'refused', "not copied: the lab report may be another patient's (it leaves only from the window, by a deliberate click)"],
  ]);
});

test("the built-in sandbox's result is marked test data: in its row, above its values, and in the FHIR file's name and content", async ({ launch }) => {
  const { app, page } = await launch();
  await showScreen(page, 'Records');
  await uploadOne(page, 'CBC report.pdf', await labReportPdf(), { withDetails: true, label: 'Sunita Sharma, F' });
  const report = page.getByRole('region', { name: 'Result of CBC report.pdf' });
  await expect(report.getByRole('table')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('document-row').getByTestId('test-data-badge')).toHaveText('Test data');
  const mark = report.locator(':scope > *').first();
  await expect(mark).toHaveText('Test data (sandbox): not a real lab result');
  await expect(mark).toHaveAttribute('data-testid', 'test-data-mark');
  await expect(report.getByTestId('patient-warning')).toHaveCount(0);
  for (const size of CLINIC_SIZES) {
    await resize(app, page, size);
    await report.scrollIntoViewIfNeeded();
    await expect(mark).toBeInViewport();
    await screenshot(page, `records-test-data-${size.width}x${size.height}`);
  }

  const folder = newDataFolder();
  await app.evaluate(({ dialog }, folder) => {
    dialog.showSaveDialog = (async (...args: unknown[]) => {
      const { defaultPath } = args.at(-1) as { defaultPath: string };
      return { canceled: false, filePath: `${folder}/${defaultPath}` };
    });
  }, folder);
  await report.getByRole('button', { name: 'Export FHIR (.json)' }).click();
  await expect(report.getByTestId('export-note')).toContainText('(marked as test data, in its name and inside)');
  const [saved] = readdirSync(folder);
  expect(saved).toMatch(/^Sunita-Sharma-F-\d{4}-\d{2}-\d{2}-\d{4}-lab-report-fhir-TEST-DATA\.json$/);
  const bundle = JSON.parse(readFileSync(join(folder, saved!), 'utf8')) as { meta: { security: unknown[] } };
  expect(bundle.meta.security).toEqual([{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST', display: 'test health data' }]);
  await app.close();
});
