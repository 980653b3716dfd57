/**
 * The note goes into real programs standing in for EMRs (issue 35): Debian's Chromium on a web
 * page and a GTK text editor, real windows under the test's display, on a desktop session bus
 * whose accessibility bus lets the app read a field back. Each test reads back what landed
 * (rich or plain as the program's profile says, typed where it says so) and the clipboard's
 * earlier content afterwards; a field that cuts the note or refuses it is said, and the note
 * stays on the clipboard; focus moved, or the window's title changed, between the press (or
 * the note becoming ready, with "insert when ready") and the paste inserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { ElectronApplication, Page } from '@playwright/test';
import type { InsertProfile } from '../../contract/insert-profiles';
import { clipboardOf, fileListOf, passwordManagerCopy, setEarlierClipboard } from '../support/e2e/clipboard';
import { mainLog } from '../support/e2e/data-folder';
import { focusField, focusWindow, startChromium, startGtkEditor, type EmrBrowser } from '../support/e2e/emr-programs';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { SCREENSHOTS } from '../support/e2e/launch-app';
import { notificationsOf, recordNotifications } from '../support/e2e/notifications';
import { customService } from '../support/e2e/policies';
import { recordFor } from '../support/e2e/recording';

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

/** The earlier content is back on the clipboard within `withinMs`; when it is not, the failure quotes what the app logged of the copy. */
async function earlierBack(app: ElectronApplication, userDataDir: string, withinMs: number): Promise<void> {
  try {
    await expect.poll(() => clipboardOf(app), { timeout: withinMs }).toEqual(EARLIER);
  } catch (error) {
    const copyLog = mainLog(userDataDir).split('\n').filter((line) => line.includes(' copy: '));
    throw new Error(`${(error as Error).message}\n\nWhat the app logged of the copy:\n${copyLog.join('\n')}`);
  }
}

async function fieldValue(browser: EmrBrowser, id: string): Promise<string> {
  return browser.page.locator(`#${id}`).inputValue();
}

test('into a web EMR in Chromium: rich into the editor, plain into a textarea, typed where paste is blocked, cut at a field’s limit and said; the earlier clipboard comes back within a second', async ({
  launch,
  desktop,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ policy: { insertCopiedNote: true }, env: desktop.env });
  await recordNotifications(app);
  const note = await correctedNote(app, page, 'Web visit');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const browser = await startChromium(desktop);
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
    await earlierBack(app, userDataDir, 1_000);

    // The textarea: the note's text exactly, read back whole through the accessibility bus.
    await focusField(browser, 'plain');
    pressCopyShortcut();
    await expect.poll(() => fieldValue(browser, 'plain'), { timeout: 10_000 }).toBe(note);
    await earlierBack(app, userDataDir, 1_000);
    expect(mainLog(userDataDir)).toContain('copy: the field read back: whole');

    // Paste blocked: the field takes nothing, the app says so, and the note stays on the clipboard.
    await focusField(browser, 'nopaste');
    pressCopyShortcut();
    await expect.poll(() => notificationsOf(app)).toContainEqual({ title: 'Note not inserted', body: expect.stringMatching(/^The field did not take the note \(it may refuse pasting\)\./) });
    expect(await fieldValue(browser, 'nopaste')).toBe('');
    expect((await clipboardOf(app)).text).toBe(note);
    // With "type it" for Chromium, the typed one lands, Hindi and µ included.
    await setEarlierClipboard(app, EARLIER);
    await useProfiles(page, [{ program: 'chromium', match: 'wm-class', format: 'type' }]);
    await focusField(browser, 'nopaste');
    pressCopyShortcut();
    await expect.poll(() => fieldValue(browser, 'nopaste'), { timeout: 30_000 }).toBe(note);
    await earlierBack(app, userDataDir, 2_000);
    expect(mainLog(userDataDir)).toContain('copy: the note was typed into the program that has focus');

    // A 60-character field takes the note up to its limit; the app says how much was cut and from which part, quoting none of the note, and keeps the whole note on the clipboard.
    await useProfiles(page, [{ program: 'chromium', match: 'wm-class', format: 'plain' }]);
    await focusField(browser, 'short');
    pressCopyShortcut();
    await expect.poll(() => fieldValue(browser, 'short'), { timeout: 10_000 }).toBe(note.slice(0, 60));
    const cut = note.slice(60);
    await expect.poll(() => notificationsOf(app)).toContainEqual({
      title: 'Note cut short by the field',
      body: expect.stringContaining(`The field took only the first 60 characters; the other ${Array.from(cut).length} were not inserted`),
    });
    const warning = (await notificationsOf(app)).find((shown) => shown.title === 'Note cut short by the field')!;
    expect(warning.body).toContain('The whole note is on the clipboard');
    for (const word of cut.split(/\s+/).filter((word) => word.length > 4)) expect(warning.body).not.toContain(word);
    expect(warning.body).not.toContain(CORRECTED.name);
    expect((await clipboardOf(app)).text).toBe(note);
    await browser.page.screenshot({ path: join(SCREENSHOTS, 'emr-insertion-chromium.png') });
  } finally {
    await browser.close();
  }
});

test('the right window or nothing: typed, focus moved or the title changed before the keys were let go; pasted, the note lands at the press in the window of the press', async ({
  launch,
  desktop,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ policy: { insertCopiedNote: true }, env: desktop.env });
  const note = await correctedNote(app, page, 'Moved visit');
  await useProfiles(page, [{ program: 'chromium', match: 'wm-class', format: 'type' }]);
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const browser = await startChromium(desktop);
  const editor = await startGtkEditor('Desk notes', desktop);
  try {
    // Typed (it waits for the keys): pressed in Chromium, let go once the focus is in the editor: neither gets the note; it is on the clipboard.
    // Held there past the X server's key repeat delay (660 ms): the OS fires the shortcut again and again, and none of its repeats is a press in the editor.
    await focusField(browser, 'plain');
    await holdCopyShortcut(userDataDir);
    await focusWindow('Desk notes');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    execFileSync('xdotool', ['keyup', 'c', 'alt', 'ctrl']);
    await expect.poll(() => mainLog(userDataDir)).toContain('copy: not inserted, the focus or the window changed since the press');
    expect(mainLog(userDataDir).split('copy: the shortcut was pressed').length - 1).toBe(1);
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

    // Pasted (the editor's built-in profile): it goes in at the press, into the window of the press, however the focus moves while the keys are still held.
    await focusWindow('Desk notes');
    await holdCopyShortcut(userDataDir);
    await expect.poll(() => mainLog(userDataDir)).toContain('copy: the note was pasted into the program that has focus, the shortcut still held');
    await focusField(browser, 'plain');
    execFileSync('xdotool', ['keyup', 'c', 'alt', 'ctrl']);
    await expect.poll(() => editor.text()).toBe(note);
    expect(await fieldValue(browser, 'plain')).toBe('');
  } finally {
    await browser.close();
    editor.close();
  }
});

/** Presses of the copy shortcut the app has told about with `title` so far. */
function told(userDataDir: string, title: string): number {
  return mainLog(userDataDir).split(`copy: told "${title}"`).length - 1;
}

async function stateOf(page: Page, label: string): Promise<string | undefined> {
  return (await bridgeValue(page, 'listDictations')).find((item) => item.label === label)?.state;
}

test('"insert when ready": pressed while the note is processing, it goes in once ready into the same field; the chart changed meanwhile, nothing goes in and the doctor is told why', async ({
  launch,
  startSandbox,
  desktop,
  microphone: _microphone,
}) => {
  const sandbox = await startSandbox();
  const { app, page, userDataDir } = await launch({ policy: customService(sandbox, { insertCopiedNote: true }), env: desktop.env });
  await recordNotifications(app);
  await useProfiles(page, [{ program: 'chromium', match: 'wm-class', format: 'plain', insertWhenReady: true }]);
  sandbox.setFaults({ processingMs: 600_000 });
  await recordFor(page, 'Waiting visit', 1500);
  await expect.poll(() => stateOf(page, 'Waiting visit'), { timeout: 60_000 }).toBe('processing');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const browser = await startChromium(desktop);
  try {
    // Pressed while processing: nothing at once, and the doctor is told it goes in when ready.
    await focusField(browser, 'plain');
    pressCopyShortcut();
    await expect.poll(() => notificationsOf(app)).toContainEqual({
      title: 'Note not ready yet',
      body: 'It will be inserted into Chromium when it is ready, if that window is still in front and unchanged.',
    });
    await browser.page.waitForTimeout(1_000);
    expect(await fieldValue(browser, 'plain')).toBe('');
    expect(mainLog(userDataDir)).not.toContain('copy: the note was pasted');

    // The result comes: the note lands in the field of the press.
    sandbox.setFaults({ processingMs: 0 });
    await expect.poll(() => fieldValue(browser, 'plain'), { timeout: 60_000 }).toMatch(/^Waiting visit · Dictation · /);
    expect(await stateOf(page, 'Waiting visit')).toBe('completed');
    const [waiting] = (await bridgeValue(page, 'listDictations')).filter((item) => item.label === 'Waiting visit');
    await bridgeValue(page, 'copyNote', { id: waiting!.id });
    expect(await fieldValue(browser, 'plain')).toBe((await clipboardOf(app)).text);

    // Pressed for the next dictation, then the window shows another chart before its note is ready: nothing goes in.
    sandbox.setFaults({ processingMs: 600_000 });
    await recordFor(page, 'Moved-on visit', 1500);
    await expect.poll(() => stateOf(page, 'Moved-on visit'), { timeout: 60_000 }).toBe('processing');
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
    await browser.page.locator('#plain').fill('');
    await focusField(browser, 'plain');
    pressCopyShortcut();
    await expect.poll(() => told(userDataDir, 'Note not ready yet')).toBe(2);
    await browser.page.evaluate(() => (document.title = 'Web EMR — next patient'));
    await expect.poll(() => execFileSync('xdotool', ['getwindowfocus', 'getwindowname'], { encoding: 'utf8' })).toContain('next patient');
    sandbox.setFaults({ processingMs: 0 });
    await expect.poll(() => stateOf(page, 'Moved-on visit'), { timeout: 60_000 }).toBe('completed');
    await expect.poll(() => mainLog(userDataDir)).toContain('copy: not inserted, the focus or the window changed since the press');
    expect((await notificationsOf(app)).filter((shown) => shown.title === 'Note copied, not inserted')).toEqual([
      {
        title: 'Note copied, not inserted',
        body: expect.stringMatching(/^The window of Chromium changed \(its title is not the one it had when you pressed the shortcut: it may show another patient now\), so nothing was inserted\. The note of .* is on the clipboard\.$/),
      },
    ]);
    expect(await fieldValue(browser, 'plain')).toBe('');
    // The note is on the clipboard for the doctor to paste where it belongs.
    expect((await clipboardOf(app)).text).toMatch(/^Moved-on visit · Dictation · /);
  } finally {
    await browser.close();
  }
});

test('into a GTK text editor: pasted as plain text, then typed; a file list on the clipboard comes back; content the app cannot read, or a password manager marked secret, is said, not restored', async ({
  launch,
  desktop,
  microphone: _microphone,
}) => {
  const { app, page, userDataDir } = await launch({ policy: { insertCopiedNote: true }, env: desktop.env });
  const note = await correctedNote(app, page, 'Desk visit');
  await useProfiles(page, [{ program: 'scribe-test-editor', match: 'wm-class', format: 'plain' }]);
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const editor = await startGtkEditor('Desk notes', desktop);
  try {
    const files = 'file:///home/doctor/lab-report.pdf\r\n';
    await setEarlierClipboard(app, { files });
    await focusWindow('Desk notes');
    pressCopyShortcut();
    await expect.poll(() => editor.text(), { timeout: 10_000 }).toBe(note);
    await expect.poll(() => fileListOf(app), { timeout: 1_000 }).toBe(files);
    // GTK programs take part in the accessibility bus by themselves: the note was read back whole.
    expect(mainLog(userDataDir)).toContain('copy: the field read back: whole');

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

    // Bad input (issue 45.3): a password manager's marked text. This clipboard cannot write the mark back beside the text,
    // so the password is not put back (where clipboard history would keep it): the note stays, and the doctor is told.
    const manager = await passwordManagerCopy('test-password-not-real', desktop.env);
    try {
      await expect.poll(() => execFileSync('xclip', ['-o', '-selection', 'clipboard', '-t', 'TARGETS'], { encoding: 'utf8' })).toContain('x-kde-passwordManagerHint');
      const toldBefore = mainLog(userDataDir).split('copy: told "Note inserted; clipboard not restored"').length;
      await focusWindow('Desk notes');
      pressCopyShortcut();
      await expect.poll(() => editor.text(), { timeout: 10_000 }).toBe(note + note + note + note);
      await expect.poll(() => mainLog(userDataDir)).toContain('was marked secret by a password manager and this clipboard cannot write the mark back, so it was not put back');
      expect(mainLog(userDataDir).split('copy: told "Note inserted; clipboard not restored"').length).toBe(toldBefore + 1);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await clipboardOf(app)).text).toBe(note);
    } finally {
      manager.stop();
    }
  } finally {
    editor.close();
  }
});
