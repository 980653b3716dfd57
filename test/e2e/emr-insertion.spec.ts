/**
 * The note goes into real programs standing in for EMRs (issue 35): Debian's Chromium on a web
 * page and a GTK text editor, real windows under the test's display. Each test reads back what
 * landed (rich or plain as the program's profile says, typed where it says so) and the
 * clipboard's earlier content afterwards; focus moved, or the window's title changed, between
 * the press and the paste inserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { ElectronApplication, Page } from '@playwright/test';
import type { InsertProfile } from '../../contract/insert-profiles';
import { clipboardOf, fileListOf, setEarlierClipboard } from './support/clipboard';
import { mainLog } from './support/data-folder';
import { focusField, focusWindow, startChromium, startGtkEditor, type EmrBrowser } from './support/emr-programs';
import { bridgeValue, expect, test } from './support/fixtures';
import { SCREENSHOTS } from './support/launch-app';
import { recordFor } from './support/recording';

test.setTimeout(180_000);

const EARLIER = { text: 'UHID 4711-2026', html: '<b>UHID 4711-2026</b>' };
/** The doctor's correction: a medicine with a micro sign and a Hindi instruction. */
const CORRECTED = { name: 'Vitamin B12 500 µg tablet', dose: '1 tablet', frequency: 'once a day', duration: '30 days', instruction: 'खाने के बाद' };

/** One finished dictation for `label`, corrected by the doctor; its note as it leaves the app (the copy path's text). */
async function correctedNote(app: ElectronApplication, page: Page, label: string): Promise<string> {
  await recordFor(page, label, 1500);
  await expect.poll(() => bridgeValue(page, 'listDictations').then((list) => list.map((item) => item.state)), { timeout: 60_000 }).toEqual(['completed']);
  const [dictation] = await bridgeValue(page, 'listDictations');
  await bridgeValue(page, 'saveNoteCorrection', { id: dictation!.id, parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows: [CORRECTED] }] });
  await bridgeValue(page, 'copyNote', { id: dictation!.id });
  const note = (await clipboardOf(app)).text;
  expect(note.split('\n')[0]).toMatch(new RegExp(`^${label} · Dictation · `));
  expect(note).toContain('TEST DATA from the built-in sandbox: not a real prescription.');
  expect(note).toContain(CORRECTED.name);
  return note;
}

async function useProfiles(page: Page, profiles: InsertProfile[]): Promise<void> {
  await bridgeValue(page, 'updateSettings', { insertProfiles: profiles });
}

function pressCopyShortcut(): number {
  const pressed = performance.now();
  execFileSync('xdotool', ['key', 'ctrl+alt+c']);
  return pressed;
}

/** Holds the copy shortcut down until the app has seen the press. */
async function holdCopyShortcut(userDataDir: string): Promise<void> {
  const seen = mainLog(userDataDir).split('copy: the shortcut was pressed').length;
  execFileSync('xdotool', ['keydown', 'ctrl+alt+c']);
  await expect.poll(() => mainLog(userDataDir).split('copy: the shortcut was pressed').length).toBeGreaterThan(seen);
}

async function fieldValue(browser: EmrBrowser, id: string): Promise<string> {
  return browser.page.locator(`#${id}`).inputValue();
}

test('into a web EMR in Chromium: rich into the editor, plain into a textarea, typed where paste is blocked, cut at a field’s limit; the earlier clipboard comes back within a second', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ policy: { insertCopiedNote: true } });
  const note = await correctedNote(app, page, 'Web visit');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const browser = await startChromium();
  try {
    // The rich editor: the medications as a table, the corrected medicine in it; headed by whose and the test-data line.
    await setEarlierClipboard(app, EARLIER);
    await focusField(browser, 'rich');
    pressCopyShortcut();
    const rich = browser.page.locator('#rich');
    await expect(rich.locator('table')).toBeVisible({ timeout: 10_000 });
    await expect(rich.locator('table')).toContainText(CORRECTED.name);
    await expect(rich.locator('table')).toContainText(CORRECTED.instruction);
    await expect(rich).toContainText('Web visit · Dictation · ');
    await expect(rich).toContainText('TEST DATA from the built-in sandbox: not a real prescription.');
    await expect.poll(() => clipboardOf(app), { timeout: 1_000 }).toEqual(EARLIER);

    // The textarea: the note's text exactly.
    await focusField(browser, 'plain');
    pressCopyShortcut();
    await expect.poll(() => fieldValue(browser, 'plain'), { timeout: 10_000 }).toBe(note);
    await expect.poll(() => clipboardOf(app), { timeout: 1_000 }).toEqual(EARLIER);

    // Paste blocked: a pasted note does not land; with "type it" for Chromium, the typed one does, Hindi and µ included.
    await focusField(browser, 'nopaste');
    pressCopyShortcut();
    await expect.poll(() => mainLog(userDataDir).split('copy: after the paste, the earlier clipboard was put back').length).toBe(4);
    expect(await fieldValue(browser, 'nopaste')).toBe('');
    await useProfiles(page, [{ program: 'chromium', match: 'wm-class', format: 'type' }]);
    await focusField(browser, 'nopaste');
    pressCopyShortcut();
    await expect.poll(() => fieldValue(browser, 'nopaste'), { timeout: 30_000 }).toBe(note);
    await expect.poll(() => clipboardOf(app), { timeout: 2_000 }).toEqual(EARLIER);
    expect(mainLog(userDataDir)).toContain('copy: the note was typed into the program that has focus');

    // A 60-character field takes the note up to its limit.
    await useProfiles(page, [{ program: 'chromium', match: 'wm-class', format: 'plain' }]);
    await focusField(browser, 'short');
    pressCopyShortcut();
    await expect.poll(() => fieldValue(browser, 'short'), { timeout: 10_000 }).toBe(note.slice(0, 60));
    await browser.page.screenshot({ path: join(SCREENSHOTS, 'emr-insertion-chromium.png') });
  } finally {
    await browser.close();
  }
});

test('the right window or nothing: focus moved, or the title changed, between the press and the paste; a note still processing goes in only with "insert when ready"', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ policy: { insertCopiedNote: true } });
  const note = await correctedNote(app, page, 'Moved visit');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const browser = await startChromium();
  const editor = await startGtkEditor('Desk notes');
  try {
    // Pressed in Chromium, the keys let go once the focus is in the editor: neither gets the note; it is on the clipboard.
    await focusField(browser, 'plain');
    await holdCopyShortcut(userDataDir);
    await focusWindow('Desk notes');
    execFileSync('xdotool', ['keyup', 'c', 'alt', 'ctrl']);
    await expect.poll(() => mainLog(userDataDir)).toContain('copy: not inserted, the focus or the window changed since the press');
    expect(await fieldValue(browser, 'plain')).toBe('');
    expect(editor.text()).toBe('');
    expect((await clipboardOf(app)).text).toBe(note);

    // The same window, whose title changed (the next patient's chart opened) before the keys were let go: nothing.
    await focusField(browser, 'plain');
    await holdCopyShortcut(userDataDir);
    await browser.page.evaluate(() => (document.title = 'Web EMR — next patient'));
    await expect.poll(() => execFileSync('xdotool', ['getwindowfocus', 'getwindowname'], { encoding: 'utf8' })).toContain('next patient');
    execFileSync('xdotool', ['keyup', 'c', 'alt', 'ctrl']);
    await expect.poll(() => mainLog(userDataDir).split('copy: not inserted, the focus or the window changed').length).toBe(3);
    expect(await fieldValue(browser, 'plain')).toBe('');
  } finally {
    await browser.close();
    editor.close();
  }
});

test('into a GTK text editor: pasted as plain text, then typed; a file list on the clipboard comes back; content the app cannot read is said, not restored', async ({
  launch,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ policy: { insertCopiedNote: true } });
  const note = await correctedNote(app, page, 'Desk visit');
  await useProfiles(page, [{ program: 'scribe-test-editor', match: 'wm-class', format: 'plain' }]);
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const editor = await startGtkEditor('Desk notes');
  try {
    const files = 'file:///home/doctor/lab-report.pdf\r\n';
    await setEarlierClipboard(app, { files });
    await focusWindow('Desk notes');
    pressCopyShortcut();
    await expect.poll(() => editor.text(), { timeout: 10_000 }).toBe(note);
    await expect.poll(() => fileListOf(app), { timeout: 1_000 }).toBe(files);

    // Typed: the same note again, line for line (µ and Hindi through keysyms the layout lacks).
    await useProfiles(page, [{ program: 'scribe-test-editor', match: 'wm-class', format: 'type' }]);
    await focusWindow('Desk notes');
    pressCopyShortcut();
    await expect.poll(() => editor.text(), { timeout: 30_000 }).toBe(note + note);
    await expect.poll(() => fileListOf(app), { timeout: 2_000 }).toBe(files);
    execFileSync('xdotool', ['key', 'ctrl+End']);

    // A clipboard held in a form the app cannot read: the note is pasted, the clipboard keeps it, and the app says so.
    execFileSync('bash', ['-c', "printf 'x' | xclip -selection clipboard -t application/x-emr-private -i"], { stdio: 'ignore' });
    await expect.poll(() => execFileSync('xclip', ['-o', '-selection', 'clipboard', '-t', 'TARGETS'], { encoding: 'utf8' })).toContain('application/x-emr-private');
    await useProfiles(page, [{ program: 'scribe-test-editor', match: 'wm-class', format: 'plain' }]);
    await focusWindow('Desk notes');
    pressCopyShortcut();
    await expect.poll(() => editor.text(), { timeout: 10_000 }).toBe(note + note + note);
    await expect.poll(() => mainLog(userDataDir)).toContain('could not be read, so it was not put back');
    expect(mainLog(userDataDir)).toContain('copy: told "Note inserted; clipboard not restored"');
    expect((await clipboardOf(app)).text).toBe(note);
  } finally {
    editor.close();
  }
});
