/**
 * Right patient, right note: a recording takes the label and mode on screen however it is
 * started; the doctor corrects the note, and only the corrected note, headed by whose it is,
 * leaves the app; the copy shortcut never hands over another patient's note; a broken policy
 * never quietly turns into the sandbox.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { clipboardOf, setClipboard } from '../support/e2e/clipboard';
import { mainLog } from '../support/e2e/data-folder';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { startKeyring } from '../support/e2e/keyring';
import { screenshot, type LaunchOptions, type LaunchedApp } from '../support/e2e/launch-app';
import type { SandboxServer } from '../../main/sandbox/sandbox-server';
import { customService } from '../support/e2e/policies';
import { READY, SPEAK_NOW, forPatient, recordFor } from '../support/e2e/recording';
import { openDictation, showScreen } from '../support/e2e/screens';
import { CLINIC_SIZES, resize } from '../support/e2e/window-size';

test.setTimeout(150_000);

async function stateOf(page: Page, label: string): Promise<string | undefined> {
  const list = await bridgeValue(page, 'listDictations');
  return list.find((item) => item.label === label)?.state;
}

/** The app on a sandbox of the test's own, with one dictation recorded under `label` and completed. */
async function withCompletedDictation(launch: (options?: LaunchOptions) => Promise<LaunchedApp>, startSandbox: () => Promise<SandboxServer>, label: string) {
  const sandbox = await startSandbox();
  const launched = await launch({ policy: customService(sandbox) });
  await recordFor(launched.page, label, 1500);
  await expect.poll(() => stateOf(launched.page, label), { timeout: 60_000 }).toBe('completed');
  return { sandbox, ...launched };
}

/** The medications table's body rows as their cells' texts. */
function medicineRows(detail: ReturnType<Page['getByRole']>): Promise<string[][]> {
  return detail
    .getByRole('table', { name: 'Medications' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
}

/** Every file in the data folder, read as UTF-8 and as UTF-16. */
function dataFolderText(folder: string): string {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)))
    .map((bytes) => bytes.toString('utf8') + bytes.toString('utf16le'))
    .join('\n');
}

test('the record shortcut records under the label and mode on screen (a consultation after the same consent question, the window brought forward); the label is cleared, the mode stays, after a restart too; a label can be changed afterwards', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch();
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.shortcut)).not.toBeNull();
  await forPatient(page, 'Priya Sharma, OPD 7');
  await page.getByLabel('Mode').selectOption('consultation');

  // From another program, as a doctor does between two windows.
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  const consent = page.getByTestId('record-dialog');
  await expect(consent.getByRole('heading', { name: 'The patient’s consent' })).toBeVisible();
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isFocused())).toBe(true);
  expect(await bridgeValue(page, 'listDictations')).toEqual([]);
  await consent.getByRole('button', { name: 'Patient agrees' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.elapsedMs), { timeout: 20_000 }).toBeGreaterThanOrEqual(1500);
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  await expect(page.getByTestId('recorder-state')).toHaveText(READY);

  const [item] = await bridgeValue(page, 'listDictations');
  expect(item).toMatchObject({ label: 'Priya Sharma, OPD 7', mode: 'consultation' });
  // Ready for the next patient: nothing of Priya's is left in the fields, and a day of consultations stays one.
  await expect(page.getByLabel('Label (optional)')).toHaveValue('');
  await expect(page.getByLabel('Mode')).toHaveValue('consultation');

  const detail = await openDictation(page, 'Priya Sharma, OPD 7');
  await detail.getByRole('button', { name: 'Change label' }).click();
  const box = detail.getByRole('textbox', { name: 'Label' });
  await expect(box).toBeFocused();
  await box.fill('Priya Sharma, OPD 7, review');
  await page.keyboard.press('Enter');
  await expect(detail.getByRole('heading', { name: 'Priya Sharma, OPD 7 — Priya Sharma, OPD 7, review' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Change label' })).toBeFocused();
  await expect(page.getByRole('option').filter({ hasText: 'Priya Sharma, OPD 7, review' })).toBeVisible();
  expect(await bridgeValue(page, 'listDictations')).toMatchObject([{ label: 'Priya Sharma, OPD 7, review' }]);
  await app.close();

  // The next morning: still Consultation, so the shortcut asks the next patient's consent before anything is recorded.
  const again = await launch({ userDataDir });
  await expect(again.page.getByLabel('Mode')).toHaveValue('consultation');
  await expect(again.page.getByTestId('records-for')).toHaveText('Record asks the patient’s consent first.');
  await expect.poll(() => bridgeValue(again.page, 'getRecorder').then((r) => r.shortcut)).not.toBeNull();
  await again.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  const asked = again.page.getByTestId('record-dialog');
  await expect(asked.getByRole('heading', { name: 'The patient’s consent' })).toBeVisible();
  await asked.getByRole('button', { name: 'Patient declines' }).click();
  await expect(again.page.getByTestId('record-outcome')).toHaveText('The patient declined: nothing was recorded.');
  expect(await bridgeValue(again.page, 'listDictations')).toHaveLength(1);
  // Changed by the doctor, it stays changed.
  await again.page.getByLabel('Mode').selectOption('dictation');
  await again.app.close();
  const third = await launch({ userDataDir });
  await expect(third.page.getByLabel('Mode')).toHaveValue('dictation');
  await third.app.close();
});

test('a corrected medicine is what leaves the app: copied with whose note it is, kept after a restart, the original still there, nothing readable on disk', async ({
  launch,
  microphone: _microphone,
}) => {
  const first = await launch();
  await recordFor(first.page, 'Meena Iyer, bed 9', 2000);
  await expect.poll(() => stateOf(first.page, 'Meena Iyer, bed 9'), { timeout: 60_000 }).toBe('completed');
  let detail = await openDictation(first.page, 'Meena Iyer, bed 9');
  const original = await medicineRows(detail);
  const oldName = original[0]![0]!;
  await expect(detail.getByRole('table', { name: 'Medications' }).locator('caption')).toHaveText('Test data (sandbox): not a real prescription');

  // With the keyboard alone: Edit, change the first medicine and its duration, add one, save.
  await detail.getByRole('button', { name: 'Edit note' }).focus();
  await first.page.keyboard.press('Enter');
  const name = detail.getByRole('textbox', { name: 'Medicine, row 1' });
  await expect(name).toBeFocused();
  await first.page.keyboard.press('ControlOrMeta+A');
  await first.page.keyboard.type('Azithromycin 500 mg tablet');
  await detail.getByRole('textbox', { name: 'Duration, row 1' }).focus();
  await first.page.keyboard.press('ControlOrMeta+A');
  await first.page.keyboard.type('3 days');
  await detail.getByRole('button', { name: 'Add medicine' }).focus();
  await first.page.keyboard.press('Enter');
  const rows = original.length + 1;
  await expect(detail.getByRole('textbox', { name: `Medicine, row ${rows}` })).toBeFocused();
  await first.page.keyboard.type('Saline nasal drops');
  await first.page.keyboard.press('Tab');
  await first.page.keyboard.type('2 drops');
  await screenshot(first.page, 'dictation-note-editing');
  await first.page.keyboard.press('Enter');

  await expect(detail.getByTestId('correction-line')).toContainText(/Corrected by you, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  const corrected = await medicineRows(detail);
  expect(corrected[0]!.slice(0, 4)).toEqual(['Azithromycin 500 mg tablet', original[0]![1], original[0]![2], '3 days']);
  expect(corrected.at(-1)).toEqual(['Saline nasal drops', '2 drops', '—', '—', '—']);
  await screenshot(first.page, 'dictation-note-corrected');

  await setClipboard(first.app, 'before');
  await detail.getByRole('button', { name: 'Copy note' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Copied your corrected note' })).toBeVisible();
  const note = await clipboardOf(first.app);
  expect(note.text.split('\n')[0]).toMatch(/^Meena Iyer, bed 9 · Dictation · \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  expect(note.text).toContain('1. Azithromycin 500 mg tablet — ');
  // Each part after the medicine's name says its column (issue 36.6).
  expect(note.text).toContain('Saline nasal drops — Dose: 2 drops');
  expect(note.html).toContain('>Azithromycin 500 mg tablet</td>');
  expect(note.html).toMatch(/^<p><strong>Meena Iyer, bed 9 · Dictation · /);
  for (const text of [note.text, note.html]) expect(text).not.toContain(oldName);

  // The service's version is kept and can be shown; copied while shown, it is said to be the original, in the page and in the note.
  await detail.getByRole('button', { name: 'Show original' }).click();
  expect((await medicineRows(detail))[0]![0]).toBe(oldName);
  await detail.getByRole('button', { name: 'Copy note' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'Copied the service’s original' })).toBeVisible();
  const originalNote = await clipboardOf(first.app);
  expect(originalNote.text.split('\n')[1]).toBe("The service's original note, without the doctor's corrections.");
  expect(originalNote.text).toContain(oldName);
  expect(originalNote.text).not.toContain('Azithromycin');
  await detail.getByRole('button', { name: 'Show your correction' }).click();
  expect((await medicineRows(detail))[0]![0]).toBe('Azithromycin 500 mg tablet');

  // Patient data: the correction is sealed like the result; nothing of it in the log.
  await first.app.close();
  const onDisk = dataFolderText(first.userDataDir);
  expect(onDisk).not.toContain('Azithromycin');
  expect(onDisk).not.toContain('Saline nasal');
  expect(onDisk).not.toContain('Meena');

  const again = await launch({ userDataDir: first.userDataDir });
  detail = await openDictation(again.page, 'Meena Iyer, bed 9');
  await expect(detail.getByTestId('correction-line')).toContainText('Corrected by you');
  expect((await medicineRows(detail))[0]![0]).toBe('Azithromycin 500 mg tablet');
  await detail.getByRole('button', { name: 'Undo all corrections' }).click();
  await detail.getByRole('group', { name: /Go back to the service/ }).getByRole('button', { name: 'Undo all corrections' }).click();
  await expect(detail.getByTestId('correction-line')).toHaveCount(0);
  expect((await medicineRows(detail))[0]![0]).toBe(oldName);
  await again.app.close();
});

test("the copy shortcut copies only the visit patient's note: nothing while theirs is on its way, then theirs; the one in view when it is theirs; never another patient's, even the newest", async ({
  launch,
  startSandbox,
  microphone: _microphone,
}) => {
  const { sandbox, app, page, userDataDir } = await withCompletedDictation(launch, startSandbox, 'Older visit');
  sandbox.setFaults({ processingMs: 600_000 });
  await recordFor(page, 'Newer visit', 1500);
  await expect.poll(() => stateOf(page, 'Newer visit'), { timeout: 60_000 }).toBe('processing');

  // Away from the Dictation screen: the visit patient's newest is the one meant, and it is still on its way.
  await showScreen(page, 'Records');
  await setClipboard(app, 'the EMR clipboard before');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect.poll(() => mainLog(userDataDir)).toContain('copy: the shortcut copied nothing (no note, processing)');
  expect((await clipboardOf(app)).text).toBe('the EMR clipboard before');

  sandbox.setFaults({ processingMs: 0 });
  await expect.poll(() => stateOf(page, 'Newer visit'), { timeout: 60_000 }).toBe('completed');
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect.poll(() => clipboardOf(app).then((note) => note.text.split('\n')[0])).toMatch(/^Newer visit · Dictation · /);

  // Another patient's note in view is not the shortcut's: it copies the visit patient's own, or nothing.
  await showScreen(page, 'Dictation');
  await openDictation(page, 'Older visit');
  await expect(page.getByTestId('other-patient')).toContainText('This dictation is for Older visit; the patient of this visit is Newer visit.');
  await setClipboard(app, 'the EMR clipboard before');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect.poll(() => clipboardOf(app).then((note) => note.text.split('\n')[0])).toMatch(/^Newer visit · Dictation · /);
  // In the window, Copy note says whose it is; only a deliberate "Copy anyway" copies it.
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await detail.getByRole('button', { name: 'Copy note' }).click();
  await expect(detail.getByTestId('detail-status')).toContainText('This is the note of Older visit, but the patient of this visit is Newer visit. Nothing was copied.');
  expect((await clipboardOf(app)).text).toBe('');
  await detail.getByRole('button', { name: 'Copy anyway' }).click();
  await expect.poll(() => clipboardOf(app).then((note) => note.text.split('\n')[0])).toMatch(/^Older visit · Dictation · /);
  // A real service's note carries no test-data mark.
  expect((await clipboardOf(app)).text).not.toContain('TEST DATA');
  await app.close();
});

test("the chosen patient governs what waits to be copied: choosing another takes the last patient's note out of view and off the clipboard; the visit ends when the note leaves; with nobody chosen the record shortcut asks which patient", async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ policy: { recordCues: false }, patient: null });
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.shortcut)).not.toBeNull();
  // The record shortcut with nobody chosen: the window comes forward with the question; nothing is recorded until it is answered.
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  const dialog = page.getByTestId('record-dialog');
  await expect(dialog.getByRole('heading', { name: 'Which patient?' })).toBeVisible();
  expect(await bridgeValue(page, 'listDictations')).toEqual([]);
  await dialog.getByLabel('Bed or token', { exact: true }).fill('Bed 1');
  await dialog.getByRole('button', { name: 'Use this label' }).click();
  await expect(page.getByTestId('recorder-state')).toHaveText(SPEAK_NOW, { timeout: 15_000 });
  await expect(page.getByTestId('chosen-patient')).toHaveText('Bed 1');
  await page.waitForTimeout(1500);
  execFileSync('xdotool', ['key', 'ctrl+alt+r']);
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await expect(detail.getByTestId('detail-state')).toHaveText('Completed', { timeout: 60_000 });
  await expect(detail.getByRole('heading', { name: 'Bed 1', exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Copy note' }).click();
  await expect.poll(() => clipboardOf(app).then((note) => note.text.split('\n')[0])).toMatch(/^Bed 1 · Dictation · /);
  // The note has left: the visit is over, the patient still shown; the next Record asks again.
  await expect(page.getByRole('region', { name: 'Patient of this visit' })).toContainText('Note sent: Record asks again');

  // Another patient: Bed 1's note leaves the screen and the clipboard; the shortcut finds nothing of theirs.
  await page.getByRole('button', { name: 'Change patient' }).click();
  const choose = page.getByRole('dialog', { name: 'Which patient?' });
  await choose.getByLabel('Bed or token', { exact: true }).fill('Bed 2');
  await choose.getByRole('button', { name: 'Use this label' }).click();
  await expect(page.getByTestId('chosen-patient')).toHaveText('Bed 2');
  await expect(detail).toContainText('No dictation of Bed 2 is open');
  await expect(page.getByRole('button', { name: 'Copy note' })).toBeHidden();
  expect((await clipboardOf(app)).text).toBe('');
  await expect.poll(() => mainLog(userDataDir)).toContain('another patient was chosen, or the visit ended');
  await page.waitForTimeout(300);
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect.poll(() => mainLog(userDataDir)).toContain('copy: refused (nothing to copy)');
  expect((await clipboardOf(app)).text).toBe('');

  // "Next patient": nobody is chosen.
  await page.getByRole('button', { name: 'Next patient' }).click();
  await expect(page.getByTestId('chosen-patient')).toHaveText('None chosen');
  await app.close();
});

test('with requireReview, a note leaves only once marked reviewed', async ({ launch, microphone: _microphone }) => {
  const { app, page, userDataDir } = await launch({ policy: { requireReview: true } });
  await recordFor(page, 'Reviewed visit', 1500);
  await expect.poll(() => stateOf(page, 'Reviewed visit'), { timeout: 60_000 }).toBe('completed');
  const detail = await openDictation(page, 'Reviewed visit');
  await setClipboard(app, 'before');
  await detail.getByRole('button', { name: 'Copy note' }).click();
  await expect(detail.getByRole('status').filter({ hasText: 'not marked reviewed' })).toBeVisible();
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect.poll(() => mainLog(userDataDir)).toContain('copy: the shortcut copied nothing (not reviewed)');
  expect((await clipboardOf(app)).text).toBe('before');

  await detail.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(detail.getByTestId('reviewed')).toContainText('Reviewed');
  await expect(page.getByRole('option').filter({ hasText: 'Reviewed visit' })).toContainText('reviewed');
  await detail.getByRole('button', { name: 'Copy note' }).click();
  await expect.poll(() => clipboardOf(app).then((note) => note.text.split('\n')[0])).toMatch(/^Reviewed visit · Dictation · /);
  await app.close();
});

test('a policy file that cannot be used shows on every screen and sends nothing until the sandbox is chosen; sandbox notes say they are test data', async ({
  launch,
  microphone: _microphone,
}) => {
  // A broken policy requires a keyring to protect recordings (its safest value): the desktop has one.
  const keyring = startKeyring();
  try {
    const { app, page } = await launch({ policy: '{ "service": "production", "clientId": ', env: keyring.env, args: keyring.args, patient: null });
    const banner = page.getByTestId('policy-banner');
    for (const screen of ['Dictation', 'Records', 'Registration', 'Settings'] as const) {
      await showScreen(page, screen);
      await expect(banner).toContainText('Your administrator’s policy file cannot be used.');
      await expect(banner).toContainText('TEST DATA');
    }
    // Nothing of the file's content is shown, only where it breaks.
    await expect(banner).not.toContainText('clientId');
    await showScreen(page, 'Dictation');
    await screenshot(page, 'policy-broken-banner');
    await recordFor(page, 'Held visit', 1500);
    await expect.poll(() => bridgeValue(page, 'getStatus').then((status) => status.syncPaused)).toBe('policy-problem');
    await expect(page.getByTestId('status-bar-hold')).toContainText('policy file');
    // Held from the start, the outbox looks again every 5 s: after one more look, still nothing sent.
    await page.waitForTimeout(6_000);
    expect(await bridgeValue(page, 'listDictations')).toMatchObject([{ label: 'Held visit', state: 'recorded', attempts: 0 }]);

    await banner.getByRole('button', { name: 'Use the sandbox (test data) until then' }).click();
    await expect(banner).toContainText('You chose the built-in sandbox');
    await showScreen(page, 'Dictation');
    await expect.poll(() => stateOf(page, 'Held visit'), { timeout: 60_000 }).toBe('completed');
    const detail = await openDictation(page, 'Held visit');
    await expect(detail.getByRole('table', { name: 'Medications' }).locator('caption')).toHaveText('Test data (sandbox): not a real prescription');
    // Review is required while the policy cannot be used (its safest value).
    await detail.getByRole('button', { name: 'Copy note' }).click();
    await expect(detail.getByRole('status').filter({ hasText: 'is not marked reviewed' })).toBeVisible();
    await detail.getByRole('button', { name: 'Mark reviewed' }).click();
    await detail.getByRole('button', { name: 'Copy note' }).click();
    await expect.poll(() => clipboardOf(app).then((note) => note.text.split('\n')[1])).toBe('TEST DATA from the built-in sandbox: not a real prescription.');
    await app.close();
  } finally {
    keyring.stop();
  }
});

/**
 * A dose changed to 1-0-0 beside "morning, noon and night" in the dictation `label` open in
 * `page`: said in the editor as it is typed and at Save; kept by "Save anyway", it stays marked
 * (the row, the table, the list), Mark reviewed asks, and it leaves only by Copy anyway, never by
 * the shortcut.
 */
async function savedAnywayStaysMarked(app: LaunchedApp['app'], page: Page, id: string, label: string): Promise<void> {
  const detail = page.getByRole('region', { name: 'Dictation details' });
  await detail.getByRole('button', { name: 'Edit note' }).click();
  await detail.getByRole('textbox', { name: 'Dose, row 1' }).fill('1-0-0');
  await detail.getByRole('textbox', { name: 'Frequency, row 1' }).fill('morning, noon and night');
  await expect(detail.getByTestId('row-check-1')).toHaveText(
    'Check Amoxicillin + Clavulanic Acid 625 mg tablet: the dose 1-0-0 is taken in the morning, but the frequency says “morning, noon and night”.',
  );
  await detail.getByRole('button', { name: 'Save correction' }).click();
  await expect(detail.getByTestId('contradictions')).toContainText('The prescription contradicts itself.');
  await detail.getByRole('button', { name: 'Save anyway' }).click();
  await expect(detail.getByRole('button', { name: 'Copy note' })).toBeFocused();

  // Kept so, it stays marked: its row in the table, the table's line, and its dictation in the list.
  const contradicting = 'The prescription contradicts itself. Amoxicillin + Clavulanic Acid 625 mg tablet: the dose 1-0-0 is taken in the morning, but the frequency says “morning, noon and night”.';
  await expect(detail.getByTestId('table-contradictions')).toHaveText(`⚠ ${contradicting} Copy note and Mark reviewed ask before it leaves or is marked reviewed.`);
  const table = detail.getByRole('table', { name: 'Medications' });
  await expect(table.getByRole('rowheader', { name: 'Contradicts itself: Amoxicillin + Clavulanic Acid 625 mg tablet' })).toBeVisible();
  const listed = page.getByRole('option').filter({ hasText: label });
  await expect(listed.getByTestId('row-contradicts')).toHaveText(' · ⚠ prescription contradicts itself');
  await screenshot(page, 'dictation-contradiction-marked');

  // "Mark reviewed" asks; only the second, deliberate click marks it, and the marks stay.
  const status = detail.getByTestId('detail-status');
  await detail.getByRole('button', { name: 'Mark reviewed', exact: true }).click();
  await expect(status).toHaveText(`${contradicting} Nothing was marked reviewed. Correct the note, or press “Mark reviewed anyway” if you have checked it.`);
  expect((await bridgeValue(page, 'getDictation', { id })).reviewedAt).toBeNull();
  // The refusal is a line of its own, read before its "anyway": not a column squeezed beside the buttons.
  const [rowWidth, statusWidth] = await detail.getByTestId('detail-actions').evaluate((row) => [row, row.querySelector('[data-testid=detail-status]')!].map((box) => box.getBoundingClientRect().width));
  expect(statusWidth).toBeGreaterThan(rowWidth! * 0.95);
  await screenshot(page, 'dictation-mark-reviewed-asked');
  await page.keyboard.press('Tab');
  await expect(detail.getByRole('button', { name: 'Mark reviewed anyway' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(detail.getByTestId('reviewed')).toBeVisible();
  await expect(status).toHaveText('Marked reviewed. The prescription still contradicts itself: it stays marked, and Copy note asks before it leaves.');
  await expect(detail.getByRole('button', { name: 'Copy note' })).toBeFocused();
  await expect(detail.getByTestId('table-contradictions')).toBeVisible();
  await expect(listed.getByTestId('row-contradicts')).toBeVisible();
  await expect(listed).toContainText('reviewed');

  await detail.getByRole('button', { name: 'Copy note' }).click();
  await expect(status).toContainText('The prescription contradicts itself. Amoxicillin + Clavulanic Acid 625 mg tablet: the dose 1-0-0');
  await detail.getByRole('button', { name: 'Copy anyway' }).click();
  await expect(status).toHaveText('Copied your corrected note: paste it into the EMR.');

  // The copy shortcut never copies it: refused, it takes that copy off the clipboard, and the window stops saying "Copied".
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect(status).toHaveText(`Copy shortcut: ${contradicting} Correct the note in Scribe Desk, or copy it from there. Nothing copied; the earlier note was removed from the clipboard.`);
  await expect(status).toHaveClass(/field-error/);
  expect((await clipboardOf(app)).text).toBe('');
}

test('editing a note at 1024×640: a long medicine name is read whole in its box; clinical notes are edited as headings and list items and kept as the Markdown every correction is', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page } = await launch();
  await resize(app, page, CLINIC_SIZES[0]);
  await recordFor(page, 'Ravi Shankar, OPD 2', 1500);
  await expect.poll(() => stateOf(page, 'Ravi Shankar, OPD 2'), { timeout: 60_000 }).toBe('completed');
  const detail = await openDictation(page, 'Ravi Shankar, OPD 2');
  const [item] = await bridgeValue(page, 'listDictations');
  const notesPart = (await bridgeValue(page, 'getDictation', { id: item!.id })).result;
  const notesTemplate = notesPart && 'outputs' in notesPart ? notesPart.outputs.find((output) => output.content.kind === 'text')?.templateId : undefined;
  expect(notesTemplate).toBeDefined();

  // A correction as earlier versions kept it (Markdown) reads as headings and lists, shown and edited.
  await bridgeValue(page, 'saveNoteCorrection', { id: item!.id, parts: [{ templateId: notesTemplate!, kind: 'text', text: '## Findings\n- Throat red\n- No fever\n\nRest at home.' }] });
  await openDictation(page, 'Ravi Shankar, OPD 2');
  const shownNotes = detail.getByRole('article', { name: 'Clinical notes' });
  await expect(shownNotes.getByRole('heading', { name: 'Findings' })).toBeVisible();
  await expect(shownNotes.getByRole('listitem')).toHaveText(['Throat red', 'No fever']);

  await detail.getByRole('button', { name: 'Edit note' }).click();
  const editor = detail.getByRole('textbox', { name: 'Clinical notes' });
  await expect(editor.getByRole('heading', { name: 'Findings' })).toBeVisible();
  await expect(editor.getByRole('listitem')).toHaveText(['Throat red', 'No fever']);
  await expect(editor).toContainText('Rest at home.');
  // No Markdown marks to read or keep in order.
  expect(await editor.innerText()).not.toMatch(/^(#|- )/m);

  // The medicine's name, long as real ones are, is whole in its box while it is edited.
  const name = detail.getByRole('textbox', { name: 'Medicine, row 1' });
  await name.fill('Amoxicillin + Clavulanic Acid 625 mg tablet');
  const fits = await name.evaluate((box) => box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1);
  expect(fits).toBe(true);
  // Read in at most three lines: the name's column is the widest.
  const lines = await name.evaluate((box) => Math.round((box.clientHeight - 10) / parseFloat(getComputedStyle(box).lineHeight)));
  expect(lines).toBeLessThanOrEqual(3);
  await screenshot(page, 'dictation-medicine-editing-1024x640');

  // A list item added after the last one, a heading of the doctor's own, and a line under it.
  await editor.getByRole('listitem').last().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Cough at night');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Plan');
  await detail.getByRole('toolbar', { name: /Clinical notes/ }).getByRole('button', { name: 'Heading' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Review in a week.');
  await expect(editor.getByRole('listitem')).toHaveText(['Throat red', 'No fever', 'Cough at night']);
  await expect(editor.getByRole('heading', { name: 'Plan' })).toBeVisible();
  await screenshot(page, 'dictation-note-editing-1024x640');
  await resize(app, page, CLINIC_SIZES[1]);
  await screenshot(page, 'dictation-note-editing-1366x768');
  await detail.getByRole('button', { name: 'Save correction' }).click();

  await expect(shownNotes.getByRole('heading', { name: 'Plan' })).toBeVisible();
  await expect(shownNotes.getByRole('listitem')).toHaveText(['Throat red', 'No fever', 'Cough at night']);
  await expect(shownNotes).toContainText('Review in a week.');
  const saved = (await bridgeValue(page, 'getDictation', { id: item!.id })).correction;
  const parts = saved && 'parts' in saved ? saved.parts : [];
  expect(parts.find((part) => part.kind === 'text')).toMatchObject({ text: expect.stringContaining('## Findings\n- Throat red\n- No fever\n- Cough at night') });
  expect(parts.find((part) => part.kind === 'text')).toMatchObject({ text: expect.stringContaining('## Plan\nReview in a week.') });
  expect(parts.find((part) => part.kind === 'medications')).toMatchObject({ rows: expect.arrayContaining([expect.objectContaining({ name: 'Amoxicillin + Clavulanic Acid 625 mg tablet' })]) });
  expect((await medicineRows(detail))[0]![0]).toBe('Amoxicillin + Clavulanic Acid 625 mg tablet');
  // Save correction leaves the keyboard on Copy note, the next useful control.
  await expect(detail.getByRole('button', { name: 'Copy note' })).toBeFocused();

  await savedAnywayStaysMarked(app, page, item!.id, 'Ravi Shankar, OPD 2');
  await app.close();
});
