/**
 * Issue 45.2: a page's own Ctrl+C goes through the copy path. With requireReview, "Copy note"
 * is refused until the note is marked reviewed; selecting the note's text and pressing Ctrl+C,
 * or the Edit menu's Copy (Electron's copy role: what webContents.copy() does), must not put it
 * on the clipboard either. Once reviewed, the same keys give the note as "Copy note" does (the
 * heading, the test-data line), made by main. Elsewhere in patient data (the list) the page's
 * copy is refused and said; inside a field being edited, a cut and paste stays in the page.
 * The app has no context menu of its own.
 */
import { clipboardOf, setClipboard } from '../support/e2e/clipboard';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot } from '../support/e2e/launch-app';
import { recordFor } from '../support/e2e/recording';
import { openDictation } from '../support/e2e/screens';

test.setTimeout(120_000);

const EARLIER = 'UHID 4711-2026';
const LABEL = 'Native copy visit';

test('under requireReview, Ctrl+C and the Edit menu’s Copy on a note go through the copy path: refused until reviewed, then the headed note; elsewhere refused and said; in a field, within the page', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page } = await launch({ policy: { requireReview: true } });
  await recordFor(page, LABEL, 1500);
  await expect.poll(() => bridgeValue(page, 'listDictations').then((list) => list.map((item) => item.state)), { timeout: 60_000 }).toEqual(['completed']);
  const details = await openDictation(page, LABEL);
  const table = details.getByRole('table', { name: 'Medications' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  const dose = (await table.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';
  expect(dose).not.toBe('');
  const status = details.getByTestId('detail-status');

  // Not reviewed: the page's own copy puts nothing of the note on the clipboard, and says why.
  await setClipboard(app, EARLIER);
  await table.selectText();
  await page.keyboard.press('Control+C');
  await expect(status).toContainText('is not marked reviewed');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.copy());
  await page.keyboard.press('Control+X');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await clipboardOf(app)).text).toBe(EARLIER);
  await screenshot(page, 'native-copy-refused-not-reviewed');

  // Reviewed: the same keys copy the note as "Copy note" does, made by main (heading, test-data line).
  await details.getByRole('button', { name: 'Mark reviewed' }).click();
  await table.selectText();
  await page.keyboard.press('Control+C');
  await expect.poll(async () => (await clipboardOf(app)).text, { timeout: 5_000 }).toMatch(new RegExp(`^${LABEL} · Dictation · .*\\nTEST DATA from the built-in sandbox: not a real prescription\\.\\n`));
  expect((await clipboardOf(app)).text).toContain(dose);
  await expect(status).toHaveText('Note copied: paste it into the EMR.');

  // Elsewhere in patient data (the dictation list): refused, and the page says how to copy instead.
  await setClipboard(app, EARLIER);
  await page.getByRole('option').filter({ hasText: LABEL }).selectText();
  await page.keyboard.press('Control+C');
  await expect(page.getByRole('alert').filter({ hasText: 'Patient data is not copied from the page itself.' })).toBeVisible();
  expect((await clipboardOf(app)).text).toBe(EARLIER);

  // In a field being edited: a cut and a paste move the text within the page; the clipboard gets a line saying so, never the text.
  await details.getByRole('button', { name: 'Edit note' }).click();
  const cell = details.getByRole('textbox', { name: 'Medicine, row 1' });
  const medicine = await cell.inputValue();
  expect(medicine).not.toBe('');
  await cell.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+X');
  await expect(cell).toHaveValue('');
  expect((await clipboardOf(app)).text).toBe('Copied inside Scribe Desk. Patient text leaves Scribe Desk only by its copy buttons.');
  await page.keyboard.press('Control+V');
  await expect(cell).toHaveValue(medicine);
  await app.close();
});
