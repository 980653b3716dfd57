import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { clipboardOf, setClipboard, type Clipboard } from '../support/e2e/clipboard';
import { mainLog } from '../support/e2e/data-folder';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { ROOT, screenshot } from '../support/e2e/launch-app';
import { startPasteTarget } from '../support/e2e/paste-target';
import { recordFor } from '../support/e2e/recording';
import { openDictation, showScreen } from '../support/e2e/screens';

test.setTimeout(150_000);

async function allCompleted(page: Page, count: number): Promise<void> {
  await expect
    .poll(() => bridgeValue(page, 'listDictations').then((list) => list.map((item) => item.state)), { timeout: 60_000 })
    .toEqual(Array.from({ length: count }, () => 'completed'));
}

/** Opens a dictation; returns what its page shows: the medications table's cells and the first complaint of its clinical notes. */
async function shown(page: Page, label: string): Promise<{ cells: string[][]; complaint: string }> {
  const details = await openDictation(page, label);
  const table = details.getByRole('table', { name: 'Medications' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  const cells = await table.getByRole('row').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
  const complaint = (await details.getByRole('article', { name: 'Clinical notes' }).getByRole('listitem').first().textContent()) ?? '';
  return { cells, complaint };
}

/** The HTML's tables as rows of cell texts, read by the browser's own parser. */
function tablesIn(page: Page, html: string): Promise<string[][][]> {
  return page.evaluate(
    (markup) =>
      [...new DOMParser().parseFromString(markup, 'text/html').querySelectorAll('table')].map((table) =>
        [...table.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent ?? '')),
      ),
    html,
  );
}

function expectNoteOf(note: Clipboard, label: string, page: { cells: string[][]; complaint: string }, tables: string[][][]): void {
  // HTML: the medications as a table, cell for cell what the page shows (the header row too).
  expect(note.html).toContain('<table');
  expect(tables).toEqual([page.cells]);
  // Text: each medicine on its line with its dose, frequency, duration and instructions; the clinical notes, their lists as lists.
  // Each part after the name says its column (issue 36.6); a part the page shows as a dash is left out.
  const columns = page.cells[0]!;
  for (const [name, ...parts] of page.cells.slice(1)) {
    const named = parts.map((part, index) => ({ part, column: columns[index + 1] })).filter(({ part }) => part !== '—');
    expect(note.text).toContain([name, ...named.map(({ part, column }) => `${column}: ${part}`)].join(' — '));
  }
  expect(note.text).toContain(`\nComplaints\n- ${page.complaint}\n`);
  expect(note.html).toContain(`<h4>Complaints</h4><ul><li>${page.complaint}</li></ul>`);
  // Whose note it is comes first, in the text and in the HTML; the sandbox's notes say they are test data.
  expect(note.text).toMatch(new RegExp(String.raw`^${label} · Dictation · \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\nTEST DATA from the built-in sandbox: not a real prescription\.\n\nMedications\n1\. `));
  expect(note.html).toMatch(new RegExp(`^<p><strong>${label} · Dictation · `));
  expect(note.text).not.toContain('<');
}

test("Copy note puts the note on the clipboard as text and as HTML with the medications table; the shortcut copies the visit patient's newest; another patient's only by Copy anyway", async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page } = await launch();
  await expect.poll(() => bridgeValue(page, 'getSettings').then((view) => view.shortcutAccess.copyNoteShortcut)).toBeNull();
  await recordFor(page, 'Older visit', 1500);
  await recordFor(page, 'Newer visit', 3000);
  await allCompleted(page, 2);
  await setClipboard(app, 'before');

  // From another program: the shortcut copies the newest dictation's note.
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect.poll(() => clipboardOf(app).then((note) => note.text)).not.toBe('before');
  const byShortcut = await clipboardOf(app);
  const newer = await shown(page, 'Newer visit');
  expectNoteOf(byShortcut, 'Newer visit', newer, await tablesIn(page, byShortcut.html));

  // "Copy note" on the older one, another patient's: said whose it is, copied only by a deliberate "Copy anyway".
  const older = await shown(page, 'Older visit');
  expect(older.complaint).not.toBe(newer.complaint);
  await page.getByRole('button', { name: 'Copy note' }).click();
  await expect(page.getByTestId('detail-status')).toContainText('This is the note of Older visit, but the patient of this visit is Newer visit.');
  await page.getByRole('button', { name: 'Copy anyway' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Note copied' })).toBeVisible();
  await screenshot(page, 'dictation-copy-note');
  const byButton = await clipboardOf(app);
  expectNoteOf(byButton, 'Older visit', older, await tablesIn(page, byButton.html));
  expect(byButton.text).not.toContain(newer.complaint);
  await app.close();
});

test('with "also paste" on, the shortcut pastes the note into the field that has focus in another program', async ({ launch, microphone: _microphone }) => {
  const { app, page } = await launch({ policy: { insertCopiedNote: true } });
  await expect.poll(() => bridgeValue(page, 'getSettings').then((view) => view.shortcutAccess.insertNote)).toBeNull();
  await showScreen(page, 'Settings');
  const emr = page.getByRole('group', { name: 'Copy into the EMR' });
  await expect(emr.getByLabel('Copy-note shortcut (works from any program)')).toHaveValue('Ctrl+Alt+C');
  await expect(emr.getByRole('checkbox', { name: /Also insert the note/ })).toBeChecked();
  await emr.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-copy-into-emr');
  await showScreen(page, 'Dictation');
  await recordFor(page, 'Pasted visit', 1500);
  await allCompleted(page, 1);
  const visit = await shown(page, 'Pasted visit');

  const target = await startPasteTarget();
  try {
    const editor = await target.firstWindow();
    await expect(editor.getByLabel('Note')).toBeFocused();

    execFileSync('xdotool', ['key', 'ctrl+alt+c']);
    const field = editor.getByLabel('Note');
    await expect(field.getByRole('table')).toBeVisible({ timeout: 10_000 });
    const pasted = await field.locator('table tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
    expect(pasted).toEqual(visit.cells);
    await expect(field).toContainText(visit.complaint);
    await editor.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'copy-note-pasted-elsewhere.png') });
  } finally {
    await target.close();
  }
  await app.close();
});

/** The keyboard hook's last word in main's log: started or stopped (none: it never ran). */
function hookState(userDataDir: string): string | null {
  const lines = mainLog(userDataDir)
    .split('\n')
    .filter((line) => line.includes('keyboard: hook'));
  return lines.at(-1)?.match(/hook (started|stopped)/)?.[1] ?? null;
}

test('the keyboard hook runs only from a press until its keys are let go; with focus nowhere or on Scribe Desk nothing is pasted', async ({ launch, microphone: _microphone }) => {
  const { app, page, userDataDir } = await launch({ policy: { insertCopiedNote: true, recordShortcutMode: 'hold' } });
  await expect.poll(() => mainLog(userDataDir)).toContain('copies the note and pastes it');
  // Both settings that need the hook are on, and nothing is pressed: it does not run.
  expect(hookState(userDataDir)).toBeNull();
  await recordFor(page, 'Focus visit', 1500);
  await allCompleted(page, 1);
  expect(hookState(userDataDir)).toBeNull();

  // No window has the focus (the program that had it has just closed): copied, not pasted, said at the press; the hook, started by the press to tell a repeat from a press, does not stay on.
  const target = await startPasteTarget();
  await target.close();
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  await expect.poll(() => mainLog(userDataDir)).toContain("copy: not inserted: No other program's field had the focus");
  await expect.poll(() => hookState(userDataDir), { timeout: 8_000 }).toBe('stopped');
  expect((await clipboardOf(app)).text.split('\n')[0]).toMatch(/^Focus visit · Dictation · /);
  expect(mainLog(userDataDir)).not.toContain('the note was pasted');

  // Held down, then focus comes back to Scribe Desk before the keys are let go: nothing is pasted there.
  await setClipboard(app, 'before');
  const notPasted = mainLog(userDataDir).split('copy: not inserted').length;
  execFileSync('xdotool', ['keydown', 'ctrl+alt+c']);
  await expect.poll(() => clipboardOf(app).then((note) => note.text)).not.toBe('before');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.focus());
  execFileSync('xdotool', ['keyup', 'c', 'alt', 'ctrl']);
  await expect.poll(() => mainLog(userDataDir).split('copy: not inserted').length).toBe(notPasted + 1);
  await expect(page.getByLabel('Label (optional)')).toHaveValue('');
  await expect.poll(() => hookState(userDataDir), { timeout: 8_000 }).toBe('stopped');
  await app.close();
});

test('the OS’s own shortcuts are refused as record or copy shortcuts, with a message', async ({ launch }) => {
  const { page } = await launch();
  await showScreen(page, 'Settings');
  const field = page.getByLabel('Record shortcut (works from any program)');
  await field.fill('CommandOrControl+C');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('That shortcut is every program\'s "copy".').first()).toBeVisible();
  const copy = page.getByLabel('Copy-note shortcut (works from any program)');
  await field.fill('CommandOrControl+Alt+R');
  await copy.fill('Alt+F4');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText("That shortcut is the operating system's way to close the window.").first()).toBeVisible();
  expect(await bridgeValue(page, 'getSettings').then((view) => [view.values.recordShortcut, view.values.copyNoteShortcut])).toEqual(['CommandOrControl+Alt+R', 'CommandOrControl+Alt+C']);
});

test('a shortcut is set by pressing it in its field, shown and typed as the OS writes it', async ({ launch }) => {
  const { page } = await launch();
  await showScreen(page, 'Settings');
  const field = page.getByLabel('Record shortcut (works from any program)');
  await expect(field.locator('xpath=..').getByText('Now: Ctrl+Alt+R.', { exact: false })).toBeVisible();
  await field.click();
  await page.keyboard.press('Control+Alt+J');
  await expect(field).toHaveValue('Ctrl+Alt+J');
  // What works now is said until the new one is saved.
  await expect(field.locator('xpath=..').getByText('Now: Ctrl+Alt+R.', { exact: false })).toBeVisible();
  // The field's own editing keys still edit: select all, then typing replaces, as the OS writes it.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Ctrl+Shift+F9');
  await expect(field).toHaveValue('Ctrl+Shift+F9');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(() => bridgeValue(page, 'getSettings').then((view) => view.values.recordShortcut)).toBe('CommandOrControl+Shift+F9');
  await expect(field.locator('xpath=..').getByText('Now: Ctrl+Shift+F9.', { exact: false })).toBeVisible();
  // A refused shortcut's message goes once the field holds one that can be used, or Undo puts the saved one back.
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Ctrl+C');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(field.locator('xpath=..').getByRole('alert')).toBeVisible();
  await page.getByRole('button', { name: 'Undo changes' }).click();
  await expect(field).toHaveValue('Ctrl+Shift+F9');
  await expect(field.locator('xpath=..').getByRole('alert')).toHaveCount(0);
});
