/**
 * Real programs standing in for an EMR, each a real X11 window under the test's display: the
 * Debian Chromium on a local page (a plain textarea, a rich contenteditable editor, a field
 * that blocks paste, a 60-character field), read back over its DevTools protocol; and a GTK
 * text editor that writes what it holds to a file at every change. Focus is moved with xdotool,
 * as a doctor's click would. Given a desktop's session bus, each takes part in its accessibility
 * bus, as on a clinic's desktop: the GTK editor as GTK programs do, Chromium with its
 * accessibility turned on (docs/emr-insertion.md says how a clinic does that).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { DesktopBus } from './desktop-bus';
import { ROOT } from './launch-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => T | null | undefined, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = probe();
      if (value !== null && value !== undefined) return value;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** The X11 window id of the first mapped window whose title matches, or null. */
export function windowNamed(title: string): string | null {
  try {
    return execFileSync('xdotool', ['search', '--onlyvisible', '--name', title], { encoding: 'utf8' }).trim().split('\n')[0] || null;
  } catch {
    return null;
  }
}

export function focusedTitle(): string {
  return execFileSync('xdotool', ['getwindowfocus', 'getwindowname'], { encoding: 'utf8' }).trim();
}

export async function focusWindow(title: string): Promise<void> {
  const id = await until(`a window named ${title}`, () => windowNamed(title));
  execFileSync('xdotool', ['windowfocus', '--sync', id]);
  await until(`focus on ${title}`, () => (focusedTitle().includes(title) ? true : null));
}

export interface EmrBrowser {
  page: Page;
  close(): Promise<void>;
}

/** Chromium's accessibility on, for web pages too: what a screen reader, or a clinic's launcher, asks of it. */
const CHROMIUM_ACCESSIBILITY = { env: { ACCESSIBILITY_ENABLED: '1' }, args: ['--force-renderer-accessibility'] };

/** Debian's Chromium, a real window (not headless), on the EMR page, with a fresh profile; on `desktop`'s session bus with its accessibility on. */
export async function startChromium(desktop?: DesktopBus): Promise<EmrBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'scribe-chromium-'));
  const args = [
    '--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--password-store=basic', '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--window-position=0,0', '--window-size=1000,800',
    ...(desktop ? CHROMIUM_ACCESSIBILITY.args : []),
    `file://${join(ROOT, 'test/support/e2e/emr-page.html')}`,
  ];
  const env = desktop ? { ...process.env, ...desktop.env, ...CHROMIUM_ACCESSIBILITY.env } : process.env;
  const child: ChildProcess = spawn('chromium', args, { stdio: 'ignore', env });
  // Chromium makes the file before it writes the port in it: an empty first line is not yet a port.
  const activePort = join(profile, 'DevToolsActivePort');
  const port = await until('Chromium’s DevTools port', () => (existsSync(activePort) ? /^\d+$/.exec(readFileSync(activePort, 'utf8').split('\n')[0] ?? '')?.[0] : null));
  const browser: Browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await until('the EMR page', () => browser.contexts()[0]?.pages().find((candidate) => candidate.url().endsWith('emr-page.html')));
  await page.waitForLoadState('domcontentloaded');
  return {
    page,
    close: async () => {
      await browser.close().catch(() => undefined);
      child.kill();
      await sleep(300);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Focuses the window and, in it, the field with `id`. */
export async function focusField(browser: EmrBrowser, id: string): Promise<void> {
  await focusWindow('Web EMR');
  await browser.page.locator(`#${id}`).focus();
}

export interface GtkEditor {
  title: string;
  text(): string;
  close(): void;
}

export async function startGtkEditor(title: string, desktop?: DesktopBus): Promise<GtkEditor> {
  const folder = mkdtempSync(join(tmpdir(), 'scribe-gtk-'));
  const output = join(folder, 'text.txt');
  const env = { ...process.env, ...desktop?.env };
  const child = spawn('/usr/bin/python3', [join(ROOT, 'test/support/e2e/gtk-editor.py'), title, output], { stdio: 'ignore', env });
  await until('the GTK editor', () => (existsSync(output) && windowNamed(title) ? true : null));
  return {
    title,
    text: () => readFileSync(output, 'utf8'),
    close: () => {
      child.kill();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
