/**
 * The Debian package's app as a doctor uses it inside a DebianRoot: started from the PATH as
 * the doctor, driven as a person with a screen reader drives it (a release build has no
 * inspector for Playwright: its controls are found on the accessibility bus by their role and
 * name, and text is typed with keys on the virtual display), and read back from its data
 * folder, its log and screenshots.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ACCESSIBILITY, ScreenReader, type AccessibilityBus } from './atspi';
// @ts-expect-error: plain JavaScript helper shared with the packaging scripts.
import { packageIdentity } from '../../../scripts/release-runtime.mjs';
import { SCREENSHOTS } from './launch-app';
import { DOCTOR, type DebianRoot } from './debian-root';

/** Where Electron keeps this app's data for a user: ~/.config/<productName>. */
export const DATA_FOLDER = `${DOCTOR.home}/.config/Scribe Desk`;
/** Where the accessibility bus's socket is seen inside the root. */
const ACCESSIBILITY_INSIDE = '/run/scribe-accessibility';

/** Gives the root the test's accessibility bus, as a desktop session gives its programs one. */
export function shareAccessibilityBus(debian: DebianRoot, bus: AccessibilityBus): void {
  debian.share(bus.folder, ACCESSIBILITY_INSIDE);
}

export interface InstalledApp {
  child: ChildProcess;
  /** What the app wrote to standard output and error. */
  output(): string;
  /** What this start wrote to the app's log in the data folder. */
  log(): string;
  exited: Promise<number | null>;
  /** The app's controls as a screen reader finds them, once its window is on the accessibility bus. */
  screen(): Promise<ScreenReader>;
  stop(): Promise<void>;
}

/**
 * Starts `scribe-desk` from the PATH as the doctor, with `args`; given `accessibility` (shared
 * with the root by shareAccessibilityBus), on it with Chromium's accessibility asked for, as a
 * screen reader's user has it.
 */
export function startInstalledApp(debian: DebianRoot, outputFile: string, args: string[] = [], accessibility?: AccessibilityBus): InstalledApp {
  const env = {
    SCRIBE_LOG_CONSOLE: '0',
    ...(accessibility ? { ...CHROMIUM_ACCESSIBILITY.env, AT_SPI_BUS_ADDRESS: accessibility.addressAt(ACCESSIBILITY_INSIDE) } : {}),
  };
  const command = ['scribe-desk', ...(accessibility ? CHROMIUM_ACCESSIBILITY.args : []), ...args];
  const child = debian.start(command, outputFile, { asDoctor: true, env });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const logFile = debian.at(`${DATA_FOLDER}/logs/main.log`);
  // The log goes on from one start to the next: this start's lines are those after its end now.
  const logStart = existsSync(logFile) ? readFileSync(logFile).length : 0;
  // chroot and env exec what they run: the child is the app's main process, which joins the bus.
  let screen: Promise<ScreenReader> | null = null;
  return {
    child,
    output: () => readFileSync(outputFile, 'utf8'),
    log: () => (existsSync(logFile) ? readFileSync(logFile).subarray(logStart).toString('utf8') : ''),
    exited,
    screen: () => {
      if (!accessibility) throw new Error('The app was started without an accessibility bus.');
      return (screen ??= ScreenReader.attach(accessibility, child.pid!));
    },
    stop: async () => {
      void screen?.then((reader) => reader.close()).catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killLater);
    },
  };
}

export interface StoredItem {
  id: string;
  state: string;
  correctedAt?: string | null;
}

/** The manifests of `kind` ('dictations' or 'records') in the doctor's data folder, as the host reads them. */
export function storedItems(debian: DebianRoot, kind: 'dictations' | 'records'): StoredItem[] {
  const root = debian.at(`${DATA_FOLDER}/${kind}`);
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((id) => {
    const file = join(root, id, 'manifest.json');
    return existsSync(file) ? [{ ...(JSON.parse(readFileSync(file, 'utf8')) as StoredItem), id }] : [];
  });
}

export function xdotool(...args: string[]): string {
  return execFileSync('xdotool', args, { encoding: 'utf8' }).trim();
}

/** Where the visible window whose name matches `name` is, and its size, once there is one. */
export async function windowOrigin(name: string, timeoutMs = 30_000): Promise<{ id: string; x: number; y: number; width: number; height: number }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const id = xdotool('search', '--onlyvisible', '--name', name).split('\n')[0]!;
      const geometry = xdotool('getwindowgeometry', '--shell', id);
      const value = (key: string) => Number(new RegExp(`^${key}=(\\d+)`, 'm').exec(geometry)?.[1] ?? NaN);
      return { id, x: value('X'), y: value('Y'), width: value('WIDTH'), height: value('HEIGHT') };
    } catch (error) {
      if (Date.now() > until) throw new Error(`No window named ${name} within ${timeoutMs} ms (${(error as Error).message})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Gives the window the keyboard, as a person's click on it would (there is no window manager to do it). */
export function focusWindow(window: { id: string }): void {
  xdotool('windowfocus', '--sync', window.id);
}

/** The whole virtual screen, saved as test-results/screenshots/<name>.png. */
export function screenshotScreen(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  execFileSync('scrot', ['--overwrite', file]);
  return file;
}

/** The clipboard's text on the virtual display. */
export function clipboardText(): string {
  try {
    return execFileSync('xclip', ['-o', '-selection', 'clipboard'], { encoding: 'utf8', timeout: 5_000 });
  } catch {
    return '';
  }
}

/**
 * Builds the .deb of each version (the first from a new release build for apt, the rest from
 * the same build with only the version changed) into `out`, then puts back the development
 * build the other tests run. zstd: seconds rather than the minutes xz takes.
 */
export function buildPackages(root: string, versions: string[], out: string): string[] {
  try {
    return versions.map((version, index) => {
      // A test package where the runtime is not the release's (here, the Electron 33 test runtime): its version and description say so.
      const args = ['scripts/package-deb.mjs', `--version=${version}`, `--out=${out}`, '--compression=zstd', '--test-package', ...(index > 0 ? ['--no-build'] : [])];
      const printed = execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return printed.trim().split('\n').at(-1)!;
    });
  } finally {
    execFileSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'pipe', env: { ...process.env, SCRIBE_BUILD: 'development' } });
  }
}

/**
 * The versions buildPackages gives `version`: the app's (`0.1.0`, or `0.1.0-test.electron.33.2.1`
 * for a test package) and the Debian package's (`0.1.0~test.electron.33.2.1`, which apt sorts below the release).
 */
export function packagedVersion(version: string): { app: string; deb: string } {
  const { version: app } = (packageIdentity as (options: { version: string; test: boolean }) => { version: string })({ version, test: true });
  return { app, deb: app.replace('-', '~') };
}

/** The next patch version: 0.1.0 → 0.1.1. */
export function nextPatch(version: string): string {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  return `${major}.${minor}.${patch + 1}`;
}
