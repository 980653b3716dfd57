/**
 * Measures of the Debian package on a throwaway Debian 12 root (test/support/e2e/debian-root.ts):
 * its size; start-up of the installed app to a working Record against the unpacked development
 * build in the same run; and `apt-get upgrade` to a working Record with a dictation that waited
 * through the upgrade sent. "A working Record" is the log's `shortcut: … records` line, the
 * moment a press of the record shortcut starts a recording, read the same way for both builds
 * from outside (a release build has no inspector). Linux as root only; run.ts calls it while
 * the virtual microphone plays.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { disposeSigningKey, makeRepository, makeSigningKey, removeRepository, serveRepository } from '../support/e2e/apt-repository';
import { DebianRoot } from '../support/e2e/debian-root';
import { DATA_FOLDER, buildPackages, nextPatch, startInstalledApp, storedItems, xdotool } from '../support/e2e/installed-app';
import { ROOT, newDataFolder } from '../support/e2e/launch-app';
// @ts-expect-error: plain JavaScript helper shared with the npm scripts.
import { electronExecutable } from '../../scripts/electron-path.mjs';

type Add = (measure: string, build: string, baseline: string, ratio: string, goal?: string) => void;

const WORKING_RECORD = /shortcut: \S+ records/;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** The unpacked development build (out/), started as the other measures start it, to a working Record. */
async function developmentStartup(): Promise<number> {
  const userDataDir = newDataFolder();
  const policy = join(newDataFolder(), 'policy.json');
  writeFileSync(policy, JSON.stringify({ autoSync: false }));
  const started = performance.now();
  const child = spawn(electronExecutable() as string, [ROOT, `--user-data-dir=${userDataDir}`, `--policy=${policy}`, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])], {
    stdio: 'ignore',
    env: { ...process.env, SCRIBE_LOG_CONSOLE: '0' },
  });
  try {
    await until(() => WORKING_RECORD.test(readLog(join(userDataDir, 'logs', 'main.log'))), 60_000, 'the development build to a working Record');
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(userDataDir, { recursive: true, force: true });
    rmSync(policy, { force: true });
  }
}

/** The installed app, started from the PATH by the doctor in `debian` with a new data folder, to a working Record. */
async function installedStartup(debian: DebianRoot, work: string): Promise<number> {
  rmSync(debian.at(DATA_FOLDER), { recursive: true, force: true });
  const started = performance.now();
  const app = startInstalledApp(debian, join(work, 'startup.out'));
  try {
    await until(() => WORKING_RECORD.test(app.log()), 60_000, 'the installed app to a working Record');
    return performance.now() - started;
  } finally {
    await app.stop();
  }
}

export async function debianPackageRows(add: Add, runs = 5): Promise<void> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    console.log('  (Debian package measures skipped: they make a Debian 12 root with debootstrap and chroot, on Linux as root only)');
    return;
  }
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const next = nextPatch(version);
  const work = mkdtempSync(join(tmpdir(), 'scribe-bench-deb-'));
  const [current, upgrade] = buildPackages(ROOT, [version, next], work) as [string, string];
  const debian = DebianRoot.create();
  const key = makeSigningKey('Scribe Desk bench clinic');
  const repository = makeRepository([upgrade], key);
  const server = await serveRepository(repository);
  try {
    const size = statSync(current).size;
    const inside = `/tmp/${current.split('/').at(-1)}`;
    debian.write(inside, readFileSync(current));
    const listing = debian.must(['dpkg-deb', '-c', inside]).split('\n').filter((line) => line.startsWith('-'));
    const installedKiB = Number(/Installed-Size: (\d+)/.exec(debian.must(['dpkg-deb', '-I', inside]))![1]);
    add('Debian package (zstd; xz is the default, see docs/packaging.md)', `${(size / 1e6).toFixed(1)} MB, ${listing.length} files`, `${(installedKiB / 1024).toFixed(0)} MiB installed`, `${((size / 1024 / installedKiB) * 100).toFixed(0)} %`);

    debian.must(['apt-get', 'update', '-q']);
    debian.must(['apt-get', 'install', '-y', '-q', '--no-install-recommends', inside]);
    const installed: number[] = [];
    const development: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      installed.push(await installedStartup(debian, work));
      development.push(await developmentStartup());
    }
    add(
      `start-up to a working Record: installed .deb (doctor, Chromium sandbox) against the unpacked development build (root) (median of ${runs})`,
      ms(median(installed)),
      `${ms(median(development))} development build`,
      `${(median(installed) / median(development)).toFixed(2)}×`,
      '≤ 1.1×',
    );

    // A dictation made while sending is off, then the upgrade, then sending on.
    rmSync(debian.at(DATA_FOLDER), { recursive: true, force: true });
    debian.write('/etc/scribe-desk/policy.json', JSON.stringify({ autoSync: false }));
    const before = startInstalledApp(debian, join(work, 'before.out'));
    await until(() => WORKING_RECORD.test(before.log()), 60_000, 'the installed app to a working Record');
    xdotool('key', 'ctrl+alt+r');
    // Nobody is chosen at a start: the window asks which patient; a bed typed and Enter records.
    await until(() => /recorder: the window asks first \(which patient/.test(before.log()), 10_000, 'the question which patient');
    await new Promise((resolve) => setTimeout(resolve, 500));
    xdotool('type', '--delay', '20', 'Bed 1 (bench)');
    xdotool('key', 'Return');
    await until(() => storedItems(debian, 'dictations').length === 1, 20_000, 'a recording');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    xdotool('key', 'ctrl+alt+r');
    await until(() => storedItems(debian, 'dictations')[0]?.state === 'recorded', 20_000, 'the recording saved');
    await before.stop();
    debian.write('/etc/scribe-desk/policy.json', JSON.stringify({ autoSync: true }));
    debian.write('/etc/apt/keyrings/scribe-desk-bench.gpg', readFileSync(key.publicKeyring));
    debian.write('/etc/apt/sources.list.d/scribe-desk.list', `deb [signed-by=/etc/apt/keyrings/scribe-desk-bench.gpg] ${server.url} ./\n`);
    const started = performance.now();
    debian.must(['apt-get', 'update', '-q']);
    debian.must(['apt-get', 'upgrade', '-y', '-q']);
    const aptDone = performance.now();
    const after = startInstalledApp(debian, join(work, 'after.out'));
    try {
      await until(() => WORKING_RECORD.test(after.log()), 60_000, 'the upgraded app to a working Record');
      const working = performance.now();
      await until(() => storedItems(debian, 'dictations')[0]?.state === 'completed', 120_000, 'the waiting dictation sent');
      const sent = performance.now();
      add(
        'apt-get update && upgrade → working Record, the dictation that waited sent',
        `${ms(working - started)} to Record, ${ms(sent - started)} to sent`,
        `${ms(aptDone - started)} apt-get alone`,
        `${((sent - started) / (aptDone - started)).toFixed(2)}×`,
      );
    } finally {
      await after.stop();
    }
  } finally {
    await server.close();
    debian.destroy();
    disposeSigningKey(key);
    removeRepository(repository);
    rmSync(work, { recursive: true, force: true });
  }
}
