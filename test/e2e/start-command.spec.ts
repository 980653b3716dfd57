/**
 * The README's first command on a fresh Debian 12 that has only Node, as a newcomer meets it on a
 * server or in a container: no display, none of the app's system packages. As root it installs
 * them, says which, and opens the app in a virtual display; as an ordinary user it names the one
 * apt-get command; a display variable with no server behind it, apt's lock held by another
 * install, and package sources that cannot be reached are each said in words, with the app not
 * started. The project and this machine's Node are laid into the root; nothing is mocked.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DebianRoot } from '../support/e2e/debian-root';
import { ROOT } from '../support/e2e/launch-app';
import { waitForExit } from '../support/e2e/process-exit';

test.skip(process.platform !== 'linux' || process.getuid?.() !== 0, 'A fresh Debian 12 root is made with debootstrap and chroot: Linux, as root, only.');
test.describe.configure({ mode: 'serial' });

const PROJECT = '/opt/scribe-desk';
const PATH = '/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const RUNTIME_INSIDE = '/opt/electron-runtime';
/** The runtime packages' names a Debian 12 install gives, a few of them; the whole list is scripts/linux-runtime.mjs. */
const SOME_RUNTIME = ['xvfb', 'xauth', 'libgtk-3-0', 'libnss3', 'libgbm1', 'libasound2'];

const roots: DebianRoot[] = [];

/** A fresh computer with this machine's Node and npm on its PATH and the project at PROJECT (its writes kept inside). */
function freshComputer(): DebianRoot {
  const debian = DebianRoot.create({ sound: false });
  roots.push(debian);
  mkdirSync(debian.at('/usr/local/bin'), { recursive: true });
  copyFileSync(process.execPath, debian.at('/usr/local/bin/node'));
  const npm = dirname(dirname(realpathSync(join(dirname(process.execPath), 'npm'))));
  debian.share(npm, '/usr/local/lib/node_modules/npm');
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', debian.at('/usr/local/bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', debian.at('/usr/local/bin/npx'));
  debian.overlay(ROOT, PROJECT);
  // Where Electron's binary cannot be downloaded, the runtime the README names, where every user can read it.
  const runtime = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (runtime) debian.share(runtime, RUNTIME_INSIDE);
  return debian;
}

function environment(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH, ...(process.env.ELECTRON_OVERRIDE_DIST_PATH ? { ELECTRON_OVERRIDE_DIST_PATH: RUNTIME_INSIDE } : {}), ...extra };
}

const npmStart = ['sh', '-c', `cd ${PROJECT} && npm start`];

function installed(debian: DebianRoot, name: string): boolean {
  return /^ii/.test(debian.run(['dpkg-query', '-W', '-f=${db:Status-Abbrev}', name]).output);
}

/** start.mjs's own lines: the output without npm's header and its report of a failed script. */
function ownLines(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('>') && !line.startsWith('npm error'));
}

test.afterAll(() => {
  for (const debian of roots.splice(0)) debian.destroy();
});

test('as root with no display, npm start installs the packages the app needs, says which, and opens the app', async () => {
  test.setTimeout(900_000);
  const debian = freshComputer();
  for (const name of SOME_RUNTIME) expect(installed(debian, name), `${name} before npm start`).toBe(false);

  const outputFile = test.info().outputPath('npm-start.out');
  const started = debian.start(npmStart, outputFile, { env: environment() });
  const output = () => readFileSync(outputFile, 'utf8');
  const ended = () => started.exitCode !== null || started.signalCode !== null;
  try {
    // The window is shown before the features have all been built; the app says it has started once they have.
    await expect.poll(() => ended() || (/window: shown/.test(output()) && /app: started/.test(output())), { timeout: 840_000, intervals: [1_000] }).toBe(true);
    expect(output()).toMatch(/window: shown/);
  } finally {
    debian.endProcesses();
  }
  await waitForExit(started);

  const said = output();
  const installing = said.split('\n').find((line) => line.startsWith('No display here: installing the'));
  expect(installing, said.slice(0, 3000)).toBeTruthy();
  for (const name of SOME_RUNTIME) {
    expect(installing).toContain(` ${name}`);
    expect(installed(debian, name), `${name} after npm start`).toBe(true);
  }
  // Only what the app needs to run: none of the test machine's packages.
  for (const name of ['pulseaudio', 'espeak-ng', 'xdotool', 'chromium']) expect(installed(debian, name), name).toBe(false);
  expect(said).toContain('starting the app in a virtual display');
  expect(said).toMatch(/app: started/);
  expect(said).not.toMatch(/ENOENT|ERROR:bus\.cc/);
});

test('as an ordinary user with no display, it stops with one line naming the apt-get command and why', () => {
  const debian = freshComputer();
  // The doctor's desktop session would have a display: this doctor is on a server, with none.
  const result = debian.run(npmStart, { asDoctor: true, env: environment({ DISPLAY: '' }) });
  expect(result.status).not.toBe(0);
  const lines = ownLines(result.output);
  expect(lines, result.output).toHaveLength(1);
  expect(lines[0]).toMatch(/^No display here, so Scribe Desk opens in a virtual one, which needs \d+ system packages that are not installed\. Install them and run npm start again: sudo apt-get install -y --no-install-recommends /);
  for (const name of SOME_RUNTIME) expect(lines[0]).toContain(` ${name}`);
  expect(result.output).not.toMatch(/ENOENT|starting electron app/);
});

test('a display variable with no server behind it is said in one line, and nothing is installed', () => {
  const debian = freshComputer();
  const result = debian.run(npmStart, { env: environment({ DISPLAY: ':77' }) });
  expect(result.status).not.toBe(0);
  expect(ownLines(result.output)).toEqual(['DISPLAY=:77 is set, but no display server answers there: start it, or unset the variable to open the app in a virtual display.']);
  expect(installed(debian, 'xvfb')).toBe(false);
});

test("apt's lock held by another install: said, and the app is not started", async () => {
  const debian = freshComputer();
  const lockFile = debian.at('/var/lib/dpkg/lock-frontend');
  // Another install, as apt sees one: a process holding dpkg's frontend lock (a POSIX record lock).
  const holder = spawn('python3', ['-c', 'import fcntl,sys,time\nf=open(sys.argv[1],"w")\nfcntl.lockf(f,fcntl.LOCK_EX)\nprint("held",flush=True)\ntime.sleep(600)', lockFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    const result = debian.run(npmStart, { env: environment({ SCRIBE_APT_LOCK_WAIT_S: '3' }), timeout: 300_000 });
    expect(result.status).not.toBe(0);
    const lines = ownLines(result.output);
    expect(lines[0]).toMatch(/^No display here: installing the \d+ system packages/);
    expect(lines).toContain("Another install (python3) holds apt's lock: waiting up to 3 s for it to finish.");
    expect(lines.at(-1)).toMatch(/^Could not install them: another install \(python3\) still holds apt's lock after 3 s; try again when it has finished\. The app was not started\.$/);
    expect(result.output).not.toMatch(/starting electron app|xvfb-run/);
    expect(installed(debian, 'xvfb')).toBe(false);
  } finally {
    holder.kill();
  }
});

test("apt's package sources out of reach: said, and the app is not started", () => {
  const debian = freshComputer();
  // A machine whose mirror cannot be reached, and no lists from before to fall back on.
  writeFileSync(debian.at('/etc/apt/sources.list'), 'deb http://127.0.0.1:9/debian bookworm main\n');
  debian.must(['sh', '-c', 'rm -rf /var/lib/apt/lists/* /etc/apt/sources.list.d/*']);
  const result = debian.run(npmStart, { env: environment(), timeout: 300_000 });
  expect(result.status).not.toBe(0);
  expect(ownLines(result.output).at(-1)).toMatch(/^Could not install them: apt's package sources could not be reached \(.+\); check the network or \/etc\/apt\/sources\.list\. The app was not started\.$/);
  expect(result.output).not.toMatch(/starting electron app|xvfb-run/);
});
