/**
 * The note into a web EMR, measured as a clinic does it (issue 35): the built app with "also
 * insert" on, a long corrected note ready, Debian's Chromium on the test EMR page (its
 * accessibility on, on a desktop session bus, so the app reads the field back as it would on
 * such a desktop), and the copy shortcut pressed as a person presses it: a real key press
 * through XTest, held 80-120 ms, then let go. The field is watched in the page over the
 * DevTools protocol (its `input` event, on the wall clock this process shares):
 * - the press to the note in the field by paste, against the same press of a plain Ctrl+V of
 *   the same text (what X and Chromium take: the machine's part);
 * - the doctor's earlier clipboard back after the paste, against a plain clipboard write;
 * - typing ("type it"): the characters per second the app types and whether the field kept
 *   every one, against the fastest xdotool typing the field keeps whole, of a text as long
 *   whose characters are all on the keyboard's layout (xdotool's own way with other characters,
 *   one borrowed key code changed under the target's feet, loses some at any pace: shown too).
 * Each returns raw samples; run.ts prints medians.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import type { ElectronApplication, Page } from '@playwright/test';
import { clipboardOf, setClipboard } from '../support/e2e/clipboard';
import { startDesktopBus } from '../support/e2e/desktop-bus';
import { focusField, startChromium, type EmrBrowser } from '../support/e2e/emr-programs';
import { launchElectron, ROOT } from '../support/e2e/launch-app';
import { startVirtualMicrophone } from '../support/e2e/virtual-microphone';
import { benchVisit, scribeArgs } from './app-measures';

const EARLIER = 'UHID 4711-2026 (test)';
/** A long test prescription: 14 medicines, µ and Hindi among them, as a note a doctor corrected. */
const ROWS = Array.from({ length: 14 }, (_, index) => ({
  name: index % 4 === 0 ? `Test vitamin B12 ${500 + index} µg tablet` : `Test medicine ${index + 1} 500 mg tablet`,
  dose: '1 tablet',
  frequency: index % 2 === 0 ? 'twice a day' : 'once a day',
  duration: `${5 + index} days`,
  instruction: index % 3 === 0 ? 'खाने के बाद' : 'after food, with water',
}));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const wallClock = () => performance.timeOrigin + performance.now();
const holdMs = () => 80 + Math.round(Math.random() * 40);

export interface EmrMeasures {
  /** The note's length in characters. */
  characters: number;
  /** Per press: key down → the whole note in the field, key up → the same, and the hold. */
  paste: Array<{ fromDown: number; fromUp: number; hold: number }>;
  /** Per press of a plain Ctrl+V of the same text: key down → the whole text in the field. */
  plainPaste: number[];
  /** Per paste: the note in the field → the earlier clipboard back (ms). */
  restore: number[];
  /** Per plain clipboard write of the same earlier text: written → read back as it (ms). */
  plainWrite: number[];
  /** The app's typing: characters per second, and whether the field then held the note whole. */
  typing: Array<{ cps: number; whole: boolean }>;
  /** xdotool typing a text as long, all on the layout, by its delay between keys: characters per second and whole. */
  xdotoolTyping: Array<{ delayMs: number; cps: number; whole: boolean }>;
  /** xdotool typing the note itself (µ, Hindi), at its default pace. */
  xdotoolNote: { delayMs: number; cps: number; whole: boolean };
}

/** Why these measures cannot be taken here, or null. */
export function emrMeasuresMissing(): string | null {
  if (process.platform !== 'linux' || !process.env.DISPLAY) return 'no X11 display';
  for (const tool of ['chromium', 'xdotool', 'dbus-launch']) if (spawnSync('which', [tool]).status !== 0) return `${tool} is not installed (scripts/system-deps.sh installs it)`;
  return null;
}

async function bridge<T>(page: Page, operation: string, input?: unknown): Promise<T> {
  const result = await page.evaluate(
    ([name, argument]) => (window as unknown as { scribe: Record<string, (input: unknown) => Promise<unknown>> }).scribe[name]!(argument),
    [operation, input] as const,
  );
  const answer = result as { ok: boolean; value?: T; error?: { message: string } };
  if (!answer.ok) throw new Error(`${operation}: ${answer.error?.message}`);
  return answer.value as T;
}

/** Records a dictation through the page, corrects its note to the long one, and returns the note as it leaves the app. */
async function longNote(app: ElectronApplication, page: Page): Promise<string> {
  await benchVisit(page);
  await page.getByLabel('Label (optional)').fill('Bench visit (test)');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await page.getByTestId('recorder-state').filter({ hasText: 'speak now' }).waitFor({ timeout: 20_000 });
  await sleep(2_000);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  let id: string | null = null;
  for (const end = Date.now() + 90_000; id === null && Date.now() < end; await sleep(500)) {
    const list = await bridge<Array<{ id: string; state: string }>>(page, 'listDictations');
    id = list.find((item) => item.state === 'completed')?.id ?? null;
  }
  if (!id) throw new Error('the bench dictation was not completed within 90 s');
  await bridge(page, 'saveNoteCorrection', { id, parts: [{ templateId: 'eka_emr_template', kind: 'medications', rows: ROWS }] });
  await bridge(page, 'copyNote', { id });
  return (await clipboardOf(app)).text;
}

type Watch = { first: number; last: number; whole: number };

/** Empties the field, focuses it, and watches it: when it first and last changed, and when it first held `expected` (wall clock). */
async function watchField(browser: EmrBrowser, expected: string): Promise<void> {
  await browser.page.evaluate((text) => {
    const field = document.getElementById('plain') as HTMLTextAreaElement;
    field.value = '';
    const watch = { first: 0, last: 0, whole: 0, expected: text };
    (window as unknown as { benchWatch: typeof watch }).benchWatch = watch;
    field.oninput = () => {
      const now = performance.timeOrigin + performance.now();
      if (!watch.first) watch.first = now;
      watch.last = now;
      if (!watch.whole && field.value === watch.expected) watch.whole = now;
    };
  }, expected);
  await focusField(browser, 'plain');
}

/** Waits until the field is still for `quietMs` (or held the text whole); its watch and value. */
async function fieldSettled(browser: EmrBrowser, quietMs = 1_500, timeoutMs = 60_000): Promise<Watch & { value: string }> {
  let last = '';
  let since = Date.now();
  for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(25)) {
    const state = await browser.page.evaluate(() => {
      const watch = (window as unknown as { benchWatch: { first: number; last: number; whole: number } }).benchWatch;
      return { first: watch.first, last: watch.last, whole: watch.whole, value: (document.getElementById('plain') as HTMLTextAreaElement).value };
    });
    if (state.whole) return state;
    if (state.value !== last) [last, since] = [state.value, Date.now()];
    else if (state.value !== '' && Date.now() - since > quietMs) return state;
  }
  throw new Error('the field did not settle');
}

async function clipboardBecomes(app: ElectronApplication, text: string, timeoutMs = 5_000): Promise<number> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(5)) if ((await clipboardOf(app)).text === text) return wallClock();
  throw new Error('the clipboard did not hold the expected text in time');
}

/** A press as a person presses: the keys down, held, then let go (last key first). */
async function press(keys: string[], hold: number): Promise<{ down: number; up: number }> {
  const down = wallClock();
  execFileSync('xdotool', ['keydown', keys.join('+')]);
  await sleep(hold);
  const up = wallClock();
  execFileSync('xdotool', ['keyup', ...[...keys].reverse()]);
  return { down, up };
}

async function pastes(app: ElectronApplication, browser: EmrBrowser, note: string, runs: number, figures: EmrMeasures): Promise<void> {
  for (let run = 0; run < runs; run += 1) {
    // The app: the doctor's earlier clipboard, then the copy shortcut in the field.
    await setClipboard(app, EARLIER);
    await watchField(browser, note);
    const hold = holdMs();
    const { down, up } = await press(['ctrl', 'alt', 'c'], hold);
    const landed = await fieldSettled(browser);
    if (!landed.whole) throw new Error('the pasted note did not land whole');
    figures.paste.push({ fromDown: landed.whole - down, fromUp: landed.whole - up, hold });
    figures.restore.push((await clipboardBecomes(app, EARLIER)) - landed.whole);
    await sleep(500);
    // The machine: the same text on the clipboard, pasted by a plain Ctrl+V pressed the same way.
    await setClipboard(app, note);
    await watchField(browser, note);
    const plain = await press(['ctrl', 'v'], holdMs());
    const pasted = await fieldSettled(browser);
    if (!pasted.whole) throw new Error('the plain paste did not land whole');
    figures.plainPaste.push(pasted.whole - plain.down);
    const written = wallClock();
    await setClipboard(app, EARLIER);
    figures.plainWrite.push((await clipboardBecomes(app, EARLIER)) - written);
    await sleep(500);
  }
}

/** Characters per second from the first character in the field to the last (the field held the whole note, or lost some). */
const cpsOf = (characters: number, watch: Watch) => characters / Math.max(((watch.whole || watch.last) - watch.first) / 1000, 0.001);

async function typings(app: ElectronApplication, page: Page, browser: EmrBrowser, note: string, runs: number, figures: EmrMeasures): Promise<void> {
  const characters = Array.from(note).length;
  await bridge(page, 'updateSettings', { insertProfiles: [{ program: 'chromium', match: 'wm-class', format: 'type' }] });
  for (let run = 0; run < runs; run += 1) {
    await setClipboard(app, EARLIER);
    await watchField(browser, note);
    await press(['ctrl', 'alt', 'c'], holdMs());
    const typed = await fieldSettled(browser);
    figures.typing.push({ cps: cpsOf(characters, typed), whole: typed.value === note });
    await sleep(500);
  }
  const xdotool = async (text: string, delayMs: number) => {
    await watchField(browser, text);
    execFileSync('xdotool', ['type', '--delay', String(delayMs), text]);
    const typed = await fieldSettled(browser);
    return { delayMs, cps: cpsOf(characters, typed), whole: typed.value === text };
  };
  figures.xdotoolNote = await xdotool(note, 12);
  // The field's own pace: faster and faster, until it loses characters.
  const onLayout = Array.from(note, (char) => (/[\x20-\x7e\n]/.test(char) ? char : '?')).join('');
  for (const delayMs of [12, 6, 3, 1, 0]) {
    const run = await xdotool(onLayout, delayMs);
    figures.xdotoolTyping.push(run);
    if (!run.whole) break;
  }
}

/** The measures above, `runs` presses of each kind (typing: `typingRuns`). */
/** `appDir`: the build measured (another checkout's, for a before/after comparison); `typingRuns` 0: pastes only. */
export async function emrInsertion(runs = 10, typingRuns = 3, appDir = ROOT): Promise<EmrMeasures> {
  const microphone = startVirtualMicrophone();
  const desktop = startDesktopBus();
  let app: ElectronApplication | null = null;
  let browser: EmrBrowser | null = null;
  try {
    app = await launchElectron(scribeArgs(appDir, { insertCopiedNote: true }), { ...(process.env as Record<string, string>), ...desktop.env, SCRIBE_LOG_CONSOLE: '0' });
    const page = await app.firstWindow();
    await page.getByTestId('service-badge').waitFor();
    const note = await longNote(app, page);
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
    browser = await startChromium(desktop);
    const figures: EmrMeasures = {
      characters: Array.from(note).length,
      ...{ paste: [], plainPaste: [], restore: [], plainWrite: [], typing: [], xdotoolTyping: [] },
      xdotoolNote: { delayMs: 0, cps: 0, whole: false },
    };
    await pastes(app, browser, note, runs, figures);
    if (typingRuns > 0) await typings(app, page, browser, note, typingRuns, figures);
    return figures;
  } finally {
    await browser?.close();
    await app?.close();
    desktop.stop();
    microphone.stop();
  }
}
