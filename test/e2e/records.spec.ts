import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { labReportPdf, scannedJpeg } from '../fixtures/documents';
import { dropFiles } from './support/drop-files';
import { newDataFolder, screenshot } from './support/launch-app';

test.setTimeout(120_000);

const customService = (sandbox: SandboxServer) => ({ service: 'custom', customServiceUrl: sandbox.url, accessToken: sandbox.token });

async function openRecords(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Records' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Records');
}

const uploads = (sandbox: SandboxServer) => sandbox.received.filter((request) => request.operation === 'recordUpload');

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

  await openRecords(page);
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await expect(page.getByTestId('staged-file')).toHaveCount(2);
  await expect(page.getByTestId('staged-file').first()).toContainText('PDF');
  await page.getByLabel('Patient details (name, age, IDs)').check();
  await page.getByRole('button', { name: 'Upload 2 files as one batch' }).click();
  const ids = page.getByTestId('document-id');
  await expect(ids).toHaveCount(2, { timeout: 20_000 });
  const shown = await ids.allTextContents();
  await screenshot(page, 'records-uploaded');

  expect(uploads(sandbox)).toHaveLength(2);
  for (const request of uploads(sandbox)) {
    expect(request.query).toEqual({ dt: ['lr'], task: ['smart', 'pii'], batch: ['true'] });
    expect(request.status).toBe(200);
  }
  expect(uploads(sandbox).map((request) => request.file?.name).sort()).toEqual(['CBC report.pdf', 'thyroid-page.jpg']);
  for (const id of shown) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  await page.getByTestId('document-row').first().getByRole('button', { name: 'Copy' }).click();
  expect(shown).toContain(await app.evaluate(({ clipboard }) => clipboard.readText()));
  await app.close();
  await sandbox.stop();
});

test('an 11 MB file, a renamed text file and an empty file are refused before any request', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { app, page } = await launch({ policy: customService(sandbox) });
  await openRecords(page);
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
  expect(sandbox.received).toEqual([]);
  await app.close();
  await sandbox.stop();
});

test('a low-resolution photo needs confirmation; encrypted uploads send the JWE envelope', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox({ jweKeys: { 'clinic-kid-1': 'clinic-key-0001!' } });
  const { app, page } = await launch({ policy: { ...customService(sandbox), jweKid: 'clinic-kid-1' } });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  const keyForm = page.getByRole('form', { name: 'Encryption client key' });
  await keyForm.getByLabel(/Encryption client key/).fill('clinic-key-0001!');
  await keyForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('jweClientKey-state')).toHaveText('Set');

  await openRecords(page);
  await dropFiles(page, [{ name: 'phone-photo.jpg', bytes: scannedJpeg(400, 560) }]);
  await expect(page.getByTestId('staged-file')).toContainText('Warning: The image is 400 × 560 pixels');
  const upload = page.getByRole('button', { name: 'Upload 1 file' });
  await expect(upload).toBeDisabled();
  await page.getByLabel('Upload the low-resolution image anyway').check();
  await upload.click();
  await expect(page.getByTestId('document-id')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('document-row')).toContainText('encrypted');
  expect(uploads(sandbox)).toMatchObject([{ encrypted: true, status: 200, query: { dt: ['lr'], task: ['smart'] }, headers: { 'x-encryption': 'JWE' } }]);

  await dropFiles(page, [{ name: 'summary.pdf', bytes: await labReportPdf() }]);
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(page.getByTestId('document-id')).toHaveCount(2, { timeout: 20_000 });
  expect(uploads(sandbox).map((request) => request.encrypted)).toEqual([true, true]);
  await app.close();
  await sandbox.stop();
});

test('an upload made offline completes after the service returns', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { port } = new URL(sandbox.url);
  const { app, page } = await launch({ policy: customService(sandbox) });
  await sandbox.stop();
  await openRecords(page);
  await dropFiles(page, [{ name: 'offline.pdf', bytes: await labReportPdf() }]);
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(page.getByTestId('document-row')).toContainText('cannot be reached', { timeout: 20_000 });
  await expect(page.getByTestId('document-row')).toContainText('Waiting to send');
  await expect(page.getByTestId('pending-sync')).toHaveText('1 waiting to sync');
  await screenshot(page, 'records-offline');

  const back = await startSandbox({ port: Number(port), token: sandbox.token });
  await expect(page.getByTestId('document-id')).toHaveCount(1, { timeout: 60_000 });
  expect(uploads(back)).toHaveLength(1);
  await app.close();
  await back.stop();
});

test('a report queued offline survives a restart and is sent by the next start', async ({ launch, startSandbox }) => {
  const sandbox = await startSandbox();
  const { port } = new URL(sandbox.url);
  const first = await launch({ policy: customService(sandbox) });
  await sandbox.stop();
  await openRecords(first.page);
  await dropFiles(first.page, [{ name: 'before-restart.pdf', bytes: await labReportPdf() }]);
  await first.page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(first.page.getByTestId('document-row')).toContainText('Waiting to send', { timeout: 20_000 });
  await first.app.close();

  const back = await startSandbox({ port: Number(port), token: sandbox.token });
  const second = await launch({ userDataDir: first.userDataDir, policy: customService(back) });
  await openRecords(second.page);
  await expect(second.page.getByTestId('document-row')).toContainText('before-restart.pdf');
  await expect(second.page.getByTestId('document-id')).toHaveCount(1, { timeout: 60_000 });
  expect(uploads(back).map((request) => request.file?.name)).toEqual(['before-restart.pdf']);
});
