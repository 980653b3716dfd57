/**
 * The Debian package's app as a doctor uses it inside a DebianRoot: started from the PATH as
 * the doctor, driven by keys and clicks on the virtual display (a release build has no
 * inspector for Playwright), and read back from its data folder, its log and screenshots.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOTS } from './launch-app';
import { DOCTOR, type DebianRoot } from './debian-root';

/** Where Electron keeps this app's data for a user: ~/.config/<productName>. */
export const DATA_FOLDER = `${DOCTOR.home}/.config/Scribe Desk`;

export interface InstalledApp {
  child: ChildProcess;
  /** What the app wrote to standard output and error. */
  output(): string;
  /** What this start wrote to the app's log in the data folder. */
  log(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts `scribe-desk` from the PATH as the doctor, with `args`. */
export function startInstalledApp(debian: DebianRoot, outputFile: string, args: string[] = []): InstalledApp {
  const child = debian.start(['scribe-desk', ...args], outputFile, { asDoctor: true, env: { SCRIBE_LOG_CONSOLE: '0' } });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const logFile = debian.at(`${DATA_FOLDER}/logs/main.log`);
  // The log goes on from one start to the next: this start's lines are those after its end now.
  const logStart = existsSync(logFile) ? readFileSync(logFile).length : 0;
  return {
    child,
    output: () => readFileSync(outputFile, 'utf8'),
    log: () => (existsSync(logFile) ? readFileSync(logFile).subarray(logStart).toString('utf8') : ''),
    exited,
    stop: async () => {
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

/** Clicks at (x, y) of the window whose corner is `origin`. */
export function clickAt(origin: { x: number; y: number }, x: number, y: number): void {
  xdotool('mousemove', String(origin.x + x), String(origin.y + y));
  xdotool('click', '1');
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
      const args = ['scripts/package-deb.mjs', `--version=${version}`, `--out=${out}`, '--compression=zstd', ...(index > 0 ? ['--no-build'] : [])];
      const printed = execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return printed.trim().split('\n').at(-1)!;
    });
  } finally {
    execFileSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'pipe', env: { ...process.env, SCRIBE_BUILD: 'development' } });
  }
}

/** The next patch version: 0.1.0 → 0.1.1. */
export function nextPatch(version: string): string {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  return `${major}.${minor}.${patch + 1}`;
}
