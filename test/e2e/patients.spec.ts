/**
 * A patient's visit, as a clinic goes through it: registered at the front desk and used for
 * the visit, a dictation and a lab report made for them, both in the patient's view with their
 * states, the note copied headed by the patient; a patient with a label only; bad ages refused
 * in the field; two patients of one name told apart; deleting a patient with their items. The
 * patient view is screenshotted at 1024×640 and 1366×768.
 */
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SANDBOX_AADHAAR, SANDBOX_MOBILE, SANDBOX_OTP } from '../../main/sandbox/sandbox-people';
import { labReportPdf } from '../fixtures/documents';
import { clipboardOf } from '../support/e2e/clipboard';
import { dropFiles } from '../support/e2e/drop-files';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { recordForVisit } from '../support/e2e/recording';
import { showScreen } from '../support/e2e/screens';
import { CLINIC_SIZES, resize, sidewaysOverflow } from '../support/e2e/window-size';

test.setTimeout(180_000);

/** Text as a regular expression matches it ("Sunita Reddy (test patient)"). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SANDBOX_MEDICINE = / (tablet|capsule|sachet)/;

/** Registration with the sandbox's patient who has an ABHA, to its last step. */
async function registerPatientWithAbha(page: Page): Promise<void> {
  await showScreen(page, 'Registration');
  await page.getByLabel("Patient's Aadhaar number").pressSequentially(SANDBOX_AADHAAR['has-abha']);
  await page.getByRole('checkbox', { name: /The patient agrees/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP received by the patient').fill(SANDBOX_OTP);
  await page.getByLabel("Patient's mobile number").fill(SANDBOX_MOBILE.linked);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByTestId('abha-summary')).toBeVisible({ timeout: 30_000 });
}

/** Every file of the data folder as text, to look for a patient's name in clear (links left aside). */
function dataFolderText(folder: string): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      const stat = lstatSync(path);
      return stat.isDirectory() ? walk(path) : stat.isFile() ? [readFileSync(path, 'latin1')] : [];
    });
  return walk(folder).join('\n');
}

test('a registered patient is used for the visit: their dictation and lab report are in their view, and the copied note names them', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ patient: null });
  await registerPatientWithAbha(page);
  const name = (await page.getByTestId('abha-name').textContent()) ?? '';
  const abhaNumber = (await page.getByTestId('abha-number').textContent()) ?? '';
  await page.getByRole('button', { name: 'Use for this visit' }).click();
  await expect(page.getByTestId('use-for-visit')).toContainText(`${name} · `);
  await expect(page.getByTestId('use-for-visit')).toContainText(`ABHA ${abhaNumber}`);
  const [patient] = (await bridgeValue(page, 'listPatients')).patients;
  expect(patient).toMatchObject({ name, abhaNumber, label: '' });
  expect(patient!.age).toBeGreaterThan(0);
  expect(patient!.sex).toMatch(/^(female|male)$/);
  const ageSex = `${patient!.age} ${patient!.sex === 'female' ? 'F' : 'M'}`;

  // The Dictation screen shows who the next recording is for, and the recording carries them.
  await page.getByRole('button', { name: 'Go to Dictation' }).click();
  await expect(page.getByTestId('chosen-patient')).toHaveText(`${name} · ${ageSex} · ABHA ${abhaNumber}`);
  await recordForVisit(page, 1500, 'first visit');
  await expect.poll(() => bridgeValue(page, 'listDictations').then((list) => list.map((item) => [item.state, item.patientId])), { timeout: 60_000 }).toEqual([['completed', patient!.id]]);

  // The lab report is uploaded for the same patient, chosen once.
  await showScreen(page, 'Records');
  await expect(page.getByTestId('chosen-patient')).toHaveText(`${name} · ${ageSex} · ABHA ${abhaNumber}`);
  await expect(page.getByTestId('reports-for')).toContainText(`Lab reports for ${name} · ${ageSex}`);
  await dropFiles(page, [{ name: 'cbc.pdf', bytes: await labReportPdf() }]);
  // Always read for its patient details, to be checked against the patient: not a choice.
  await expect(page.getByLabel('Patient details (name, age, IDs)')).toBeChecked();
  await expect(page.getByLabel('Patient details (name, age, IDs)')).toBeDisabled();
  await page.getByRole('button', { name: 'Upload 1 report' }).click();
  await expect.poll(() => bridgeValue(page, 'listLabReports').then((list) => list.map((item) => [item.state, item.patientId])), { timeout: 60_000 }).toEqual([['ready', patient!.id]]);
  // The sandbox's report names another patient than the one chosen: said at the top of the result, before any value.
  const result = page.getByRole('region', { name: /^Result of / });
  await expect(result).toBeVisible({ timeout: 30_000 });
  const warning = result.getByTestId('patient-warning');
  await expect(warning).toContainText(`“${name}, ${ageSex}, ABHA ${abhaNumber}”, the patient it was uploaded for`);
  expect(await warning.evaluate((element) => Boolean(element.compareDocumentPosition(document.querySelector('table.lab-tests')!) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);

  // The patient's view: their visit in one place: the dictation's medicines and state, the report's values out of range and its mismatch, each opened in place.
  await showScreen(page, 'Patients');
  const today = page.getByRole('region', { name: 'Today' });
  await today.getByRole('button', { name: new RegExp(`^${literal(name)} · ${ageSex}`) }).click();
  const view = page.getByTestId('patient-view');
  await expect(view.getByRole('heading', { name, exact: true })).toBeVisible();
  const timeline = view.getByRole('list', { name: 'Dictations and lab reports, newest first' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  const report = timeline.getByRole('listitem').nth(0);
  await expect(report).toContainText('Lab report');
  await expect(report).toContainText('Ready');
  await expect(report.getByTestId('visit-flagged')).toContainText('Out of range:');
  await expect(report.getByRole('alert')).toContainText('This may be another patient’s report.');
  const dictationItem = timeline.getByRole('listitem').nth(1);
  await expect(dictationItem).toContainText('Dictation');
  await expect(dictationItem).toContainText('Completed');
  // Any of the sandbox's medicines: one in five has no strength in milligrams (the rehydration sachet).
  await expect(dictationItem.getByTestId('visit-medicines')).toContainText(SANDBOX_MEDICINE);
  await dictationItem.getByRole('button', { name: /^Open/ }).click();
  await expect(dictationItem.getByRole('table')).toContainText(SANDBOX_MEDICINE);
  await report.getByRole('button', { name: /^Open/ }).click();
  await expect(report.getByRole('region', { name: 'Result of cbc.pdf' })).toBeVisible();
  for (const size of CLINIC_SIZES) {
    const { width, height } = size;
    await resize(app, page, size);
    // The opened report's table stays inside the patient's column: nothing, its warning least of all, is cut off at the right.
    await expect.poll(() => sidewaysOverflow(page), { message: `${width}×${height}: the screen scrolls sideways` }).toBeLessThanOrEqual(1);
    await screenshot(page, `screen-patient-view-${width}x${height}`);
  }

  // From the view to the dictation; its note is copied headed by the patient.
  await dictationItem.getByRole('button', { name: 'Show in Dictation' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dictation');
  await page.getByRole('button', { name: 'Copy note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note copied' })).toBeVisible();
  const note = await clipboardOf(app);
  expect(note.text.split('\n')[0]).toMatch(new RegExp(`^${literal(`${name}, ${ageSex}, ABHA ${abhaNumber} (first visit)`)} · Dictation · \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}$`));
  expect(note.html).toContain(`<p><strong>${name}, ${ageSex}, ABHA ${abhaNumber} (first visit) · Dictation · `);

  // Nothing of the patient is in clear in the data folder (the log included), also once the app has closed.
  await app.close();
  const onDisk = dataFolderText(userDataDir);
  for (const secret of [name, abhaNumber, abhaNumber.replace(/-/g, '')]) expect(onDisk).not.toContain(secret);
});

test('a patient with a label only, refused ages, two patients of one name told apart, and deleting a patient with their dictation', async ({
  launch,
  microphone: _microphone,
}) => {
  const { page } = await launch({ patient: null });
  await expect(page.getByTestId('chosen-patient')).toHaveText('None chosen');
  // A new patient from the one patient bar: a label only.
  await page.getByRole('button', { name: 'Choose patient' }).click();
  await page.getByRole('button', { name: 'New patient' }).click();
  const form = page.getByRole('form', { name: 'New patient' });
  await form.getByLabel('Label (bed, token or visit)').fill('Bed 12');
  await form.getByLabel('Age in years (optional)').fill('131');
  await expect(form.getByRole('alert')).toHaveText('An age is a whole number of years from 0 to 130.');
  await expect(form.getByRole('button', { name: 'Add patient' })).toBeDisabled();
  await form.getByLabel('Age in years (optional)').fill('-4');
  await expect(form.getByLabel('Age in years (optional)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Age in years (optional)').fill('');
  await form.getByRole('button', { name: 'Add patient' }).click();
  await expect(page.getByTestId('chosen-patient')).toHaveText('Bed 12');
  // Main refuses a sex outside the choices, whatever the page sends.
  const refused = await page.evaluate(() => window.scribe.savePatient({ patient: { label: 'x', name: null, age: null, sex: 'unknown' as never, abhaNumber: null, abhaAddress: null } }));
  expect(refused.ok).toBe(false);

  await recordForVisit(page, 1500);
  const [dictation] = await bridgeValue(page, 'listDictations');
  await expect(page.getByTestId('dictation-list').getByRole('option').filter({ hasText: 'Bed 12' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dictation details' }).getByRole('heading', { name: 'Bed 12', exact: true })).toBeVisible();

  // Two patients of one name: every list tells them apart.
  for (const [age, sex] of [
    ['54', 'Female'],
    ['32', 'Female'],
  ] as const) {
    await page.getByRole('button', { name: 'Change patient' }).click();
    await page.getByRole('button', { name: 'New patient' }).click();
    await page.getByLabel('Name (optional)').fill('Sunita Devi');
    await page.getByLabel('Age in years (optional)').fill(age);
    await page.getByLabel('Sex (optional)').selectOption({ label: sex });
    await page.getByRole('button', { name: 'Add patient' }).click();
    await expect(page.getByTestId('chosen-patient')).toHaveText(`Sunita Devi · ${age} F`);
  }
  await page.getByRole('button', { name: 'Change patient' }).click();
  await page.getByRole('searchbox', { name: /Find a patient/ }).fill('sunita');
  await expect(page.getByRole('button', { name: 'Sunita Devi · 54 F' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sunita Devi · 32 F' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The lists show this patient's, today's or all: no second patient picker. Bed 12's dictation is out of view for Sunita Devi, 32.
  const scope = page.getByRole('radiogroup', { name: 'Which dictations to show' });
  await expect(scope.getByRole('radio', { name: 'All' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('dictation-list').getByRole('option')).toHaveCount(1);
  await scope.getByRole('radio', { name: 'This patient' }).click();
  await expect(page.getByTestId('dictation-list').getByRole('option')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Dictation details' })).toContainText('No dictation of Sunita Devi · 32 F is open');
  await expect(page.getByRole('button', { name: 'Copy note' })).toBeHidden();
  await scope.getByRole('radio', { name: 'Today' }).click();
  await expect(page.getByTestId('dictation-list').getByRole('option')).toHaveCount(1);

  // Deleting the label-only patient says how many items go with them, then deletes them.
  await showScreen(page, 'Patients');
  await page.getByRole('button', { name: 'Bed 12' }).click();
  await page.getByRole('button', { name: 'Delete patient' }).click();
  await expect(page.getByRole('group', { name: 'Delete Bed 12 and their 1 dictation and 0 lab reports from this computer?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete patient and 1 item' }).click();
  await expect.poll(() => bridgeValue(page, 'listDictations').then((list) => list.map((item) => item.id))).not.toContain(dictation!.id);
  await expect.poll(() => bridgeValue(page, 'listPatients').then((view) => view.patients.map((patient) => patient.label || patient.name))).toEqual(['Sunita Devi', 'Sunita Devi']);
});
