/**
 * The Debian package on a fresh Debian 12 computer, as a clinic's IT and a doctor meet it:
 * refused when damaged; installed with apt, dependencies and all; the app started from the
 * PATH by an ordinary user under the machine's policy, recording from the virtual microphone;
 * upgraded from the clinic's own signed repository with nothing the earlier version made lost
 * (an unsigned one refused); an older version refusing a newer data folder untouched; removed
 * and purged, the users' data and the administrator's policy left. The release build has no
 * inspector, so the test drives it as a person with a screen reader does, wherever its controls
 * are laid out: each found on the accessibility bus by its role and name and activated there,
 * text typed with keys; and it reads the app's data folder and log.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DATA_FORMAT_VERSION } from '../../main/storage/data-format';
import { labReportPdf } from '../fixtures/documents';
import { disposeSigningKey, makeRepository, makeSigningKey, removeRepository, serveRepository, type RepositoryServer, type SigningKey } from '../support/e2e/apt-repository';
import { startAccessibilityBus, type AccessibilityBus } from '../support/e2e/atspi';
import { DebianRoot, DOCTOR } from '../support/e2e/debian-root';
import {
  DATA_FOLDER,
  buildPackages,
  clipboardText,
  focusWindow,
  nextPatch,
  packagedVersion,
  screenshotScreen,
  shareAccessibilityBus,
  startInstalledApp,
  storedItems,
  windowOrigin,
  xdotool,
  type InstalledApp,
} from '../support/e2e/installed-app';
import { ROOT } from '../support/e2e/launch-app';
import { startVirtualMicrophone, type VirtualMicrophone } from '../support/e2e/virtual-microphone';

test.skip(process.platform !== 'linux' || process.getuid?.() !== 0, 'The Debian package test makes a Debian 12 root with debootstrap and chroot: Linux, as root, only.');
test.describe.configure({ mode: 'serial' });

const RELEASE = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
// Built with the test runtime, each package is a test package: its versions say so (packagedVersion).
const VERSION = packagedVersion(RELEASE);
const NEXT = packagedVersion(nextPatch(RELEASE));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MACHINE_POLICY = '/etc/scribe-desk/policy.json';
const CORRECTED_MEDICINE = 'Azithromycin 500 mg tablet';

let work: string;
let debian: DebianRoot;
let packages: { current: string; next: string };
let clinicKey: SigningKey;
let repository: string;
let server: RepositoryServer;
let microphone: VirtualMicrophone;
let accessibility: AccessibilityBus;
const started: Array<InstalledApp & { name: string }> = [];
const timings: Record<string, number> = {};

function timed<T>(name: string, work: () => T): T {
  const start = Date.now();
  const result = work();
  timings[name] = Date.now() - start;
  return result;
}

test.beforeAll(async () => {
  test.setTimeout(900_000);
  const start = Date.now();
  work = mkdtempSync(join(tmpdir(), 'scribe-deb-test-'));
  const [current, next] = timed('build both packages', () => buildPackages(ROOT, [RELEASE, nextPatch(RELEASE)], work));
  packages = { current: current!, next: next! };
  // The sound server first: the root gets a socket of it.
  microphone = startVirtualMicrophone();
  // The doctor's desktop has an accessibility bus, as a screen reader's user has.
  accessibility = await startAccessibilityBus(join(work, 'accessibility'));
  debian = timed('a fresh Debian 12 root', () => DebianRoot.create());
  shareAccessibilityBus(debian, accessibility);
  clinicKey = makeSigningKey('Scribe Desk test clinic');
  repository = makeRepository([packages.next], clinicKey);
  server = await serveRepository(repository);
  timings['before the tests'] = Date.now() - start;
});

test.afterEach(async () => {
  const failed = test.info().status !== test.info().expectedStatus;
  for (const app of started.splice(0)) {
    await app.stop();
    if (failed) writeFileSync(test.info().outputPath(`${app.name}.txt`), `${app.output()}\n--- log ---\n${app.log()}`);
  }
});

test.afterAll(async () => {
  microphone?.stop();
  await server?.close();
  debian?.destroy();
  accessibility?.stop();
  if (clinicKey) disposeSigningKey(clinicKey);
  if (repository) removeRepository(repository);
  if (work) rmSync(work, { recursive: true, force: true });
  console.log(`Debian package test timings (ms): ${JSON.stringify(timings)}`);
});

function start(name: string, args: string[] = []): InstalledApp {
  const app = Object.assign(startInstalledApp(debian, join(work, `${name}.out`), args, accessibility), { name });
  started.push(app);
  return app;
}

/** Every file below `folder` with a hash of its bytes: what "unchanged" is checked against. */
function contents(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const path = join(folder, name);
    const entry = lstatSync(path, { throwIfNoEntry: false });
    if (entry?.isFile()) files[name] = createHash('sha256').update(readFileSync(path)).digest('hex');
    else if (entry?.isSymbolicLink()) files[name] = `link to ${readlinkSync(path)}`;
  }
  return files;
}

/** What the app keeps (the items, their keys, the format marker), apart from Chromium's caches and the log. */
function keptData(): Record<string, string> {
  const all = contents(debian.at(DATA_FOLDER));
  return Object.fromEntries(Object.entries(all).filter(([name]) => /^(dictations|records|keys)\/|^data-format\.json$/.test(name)));
}

const dictationStates = () => storedItems(debian, 'dictations').map((item) => item.state).sort();

/**
 * Records by the shortcut for `ms`. With no patient chosen yet, the window comes forward asking
 * which: the search has the keyboard, and a bed typed with Enter records for it.
 */
async function recordFor(app: InstalledApp, ms: number, patient = 'Bed 1 (test)'): Promise<void> {
  const before = storedItems(debian, 'dictations').length;
  xdotool('key', 'ctrl+alt+r');
  for (const end = Date.now() + 4_000; Date.now() < end && storedItems(debian, 'dictations').length === before; ) await new Promise((resolve) => setTimeout(resolve, 200));
  if (storedItems(debian, 'dictations').length === before) {
    xdotool('type', '--delay', '20', patient);
    xdotool('key', 'Return');
  }
  await expect.poll(() => storedItems(debian, 'dictations').length, { timeout: 20_000 }).toBe(before + 1);
  await new Promise((resolve) => setTimeout(resolve, ms));
  xdotool('key', 'ctrl+alt+r');
  expect(app.log()).not.toMatch(/recorder: .*Error/);
}

test('a damaged package is refused by dpkg, and nothing of it is installed', () => {
  const bytes = readFileSync(packages.current);
  writeFileSync(debian.at('/tmp/truncated.deb'), bytes.subarray(0, Math.floor(bytes.length / 2)));
  const corrupt = Buffer.from(bytes);
  for (let at = Math.floor(corrupt.length * 0.4); at < corrupt.length * 0.4 + 4096; at += 1) corrupt[at] = corrupt[at]! ^ 0xff;
  writeFileSync(debian.at('/tmp/corrupt.deb'), corrupt);
  const truncated = debian.run(['dpkg', '-i', '/tmp/truncated.deb']);
  expect(truncated.status).not.toBe(0);
  expect(truncated.output).toMatch(/unexpected end of file|error/i);
  const damaged = debian.run(['dpkg', '-i', '/tmp/corrupt.deb']);
  expect(damaged.status).not.toBe(0);
  expect(damaged.output).toMatch(/error/i);
  expect(debian.run(['dpkg-query', '-W', '-f', '${Status}', 'scribe-desk']).output).not.toContain('install ok installed');
  expect(existsSync(debian.at('/usr/lib/scribe-desk/scribe-desk'))).toBe(false);
  expect(existsSync(debian.at('/usr/bin/scribe-desk'))).toBe(false);
});

test('apt-get install ./…deb on a fresh Debian 12 brings everything the app needs; a doctor starts it, records and corrects a note, uploads a lab report, and the machine policy holds over theirs', async () => {
  test.setTimeout(600_000);
  debian.write(`/tmp/${packages.current.split('/').at(-1)}`, readFileSync(packages.current));
  timed('apt-get install (dependencies from deb.debian.org)', () => {
    debian.must(['apt-get', 'update', '-q']);
    debian.must(['apt-get', 'install', '-y', '-q', '--no-install-recommends', `/tmp/${packages.current.split('/').at(-1)}`]);
  });
  expect(debian.must(['dpkg-query', '-W', '-f', '${Version}', 'scribe-desk'])).toBe(VERSION.deb);
  // A package of another runtime than the release's never looks like a release.
  if (VERSION.app !== RELEASE) expect(debian.must(['dpkg-query', '-W', '-f', '${Description}', 'scribe-desk'])).toMatch(/^TEST PACKAGE \(Electron [\d.]+\), not a release\n TEST PACKAGE, not a release:/);
  // Every library the program, the keyboard hook, koffi and the recorder load is there.
  for (const file of [
    '/usr/lib/scribe-desk/scribe-desk',
    '/usr/lib/scribe-desk/resources/app.asar.unpacked/node_modules/uiohook-napi/prebuilds/linux-x64/uiohook-napi.node',
    '/usr/lib/scribe-desk/resources/app.asar.unpacked/node_modules/@koromix/koffi-linux-x64/linux_x64/koffi.node',
  ]) {
    expect(debian.must(['ldd', file]), file).not.toContain('not found');
  }
  for (const library of ['libpulse.so.0', 'libasound.so.2', 'libsecret-1.so.0', 'libnotify.so.4']) {
    expect(debian.must(['sh', '-c', `ldconfig -p | grep -c ${library}`]).trim(), library).not.toBe('0');
  }
  expect(debian.must(['readlink', '-f', '/usr/bin/scribe-desk']).trim()).toBe('/usr/lib/scribe-desk/scribe-desk');
  expect(debian.must(['stat', '-c', '%a %U', '/usr/lib/scribe-desk/chrome-sandbox']).trim()).toBe('4755 root');
  expect(readFileSync(debian.at('/usr/share/applications/scribe-desk.desktop'), 'utf8')).toMatch(/^Exec=scribe-desk$/m);
  expect(existsSync(debian.at('/usr/share/icons/hicolor/256x256/apps/scribe-desk.png'))).toBe(true);

  // The doctor's first start: no policy anywhere; the embedded sandbox service; Chromium's own sandbox (no --no-sandbox).
  const first = start('first-start');
  await expect.poll(first.log, { timeout: 60_000 }).toContain('window: shown');
  // The window is shown before every feature is built; the app says it has started once they are.
  await expect.poll(first.log, { timeout: 30_000 }).toContain(`app: started ${VERSION.app}`);
  expect(first.log()).toContain(`data: format ${DATA_FORMAT_VERSION} marked`);
  await expect.poll(first.log, { timeout: 30_000 }).toContain('shortcut: CommandOrControl+Alt+R records');
  screenshotScreen('debian-package-first-start');
  await recordFor(first, 4_000);
  await expect.poll(dictationStates, { timeout: 60_000 }).toEqual(['completed']);
  // The note just made is in view (once the page has it): the doctor corrects the first medicine.
  const screen = await first.screen();
  await screen.find('push button', 'Edit note', { states: ['enabled'] });
  screenshotScreen('debian-package-completed');
  await screen.press('push button', 'Edit note');
  focusWindow(await windowOrigin('^Scribe Desk$'));
  await screen.focusIsOn('entry', 'Medicine, row 1');
  xdotool('key', 'ctrl+a');
  xdotool('type', '--delay', '20', CORRECTED_MEDICINE);
  xdotool('key', 'Return');
  const [completed] = storedItems(debian, 'dictations');
  await expect.poll(() => existsSync(debian.at(`${DATA_FOLDER}/dictations/${completed!.id}/correction.sealed`)), { timeout: 10_000 }).toBe(true);
  screenshotScreen('debian-package-corrected');
  // A lab report, chosen in the desktop's file dialog: its name typed in the dialog's location box, Enter to open it.
  debian.write(`${DOCTOR.home}/lab-report.pdf`, await labReportPdf(), true);
  await screen.press('push button', 'Records');
  await screen.press('push button', 'Choose files…');
  const chooser = await windowOrigin('Choose lab reports');
  focusWindow(chooser);
  xdotool('key', 'ctrl+l');
  xdotool('type', '--delay', '20', `${DOCTOR.home}/lab-report.pdf`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  screenshotScreen('debian-package-file-dialog');
  xdotool('key', 'Return');
  await screen.find('push button', 'Upload 1 report', { states: ['enabled'] });
  screenshotScreen('debian-package-report-chosen');
  await screen.press('push button', 'Upload 1 report');
  await expect.poll(() => storedItems(debian, 'records').map((item) => item.state), { timeout: 60_000 }).toEqual(['ready']);
  screenshotScreen('debian-package-lab-report');
  await first.stop();

  // IT turns sending off for the machine; the doctor's own file tries to turn it back on and to move the shortcut.
  debian.write(MACHINE_POLICY, JSON.stringify({ autoSync: false }));
  debian.write(`${DOCTOR.home}/my-policy.json`, JSON.stringify({ autoSync: true, recordShortcut: 'CommandOrControl+Alt+J' }), true);
  const second = start('machine-policy', [`--policy=${DOCTOR.home}/my-policy.json`]);
  await expect.poll(second.log, { timeout: 60_000 }).toContain(`policy: applied ${MACHINE_POLICY}`);
  expect(second.log()).toContain(`The --policy file ${DOCTOR.home}/my-policy.json was not applied: this computer has a machine-wide policy, which alone applies.`);
  await expect.poll(second.log, { timeout: 30_000 }).toContain('shortcut: CommandOrControl+Alt+R records');
  await recordFor(second, 3_000);
  await expect.poll(dictationStates, { timeout: 20_000 }).toEqual(['completed', 'recorded']);
  // The machine's lock holds: the new dictation waits (the first was sent within seconds above).
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  expect(dictationStates()).toEqual(['completed', 'recorded']);
  await second.stop();
});

test('a repository whose signature does not verify is refused by apt', async () => {
  const stranger = makeSigningKey('Not the clinic');
  const forged = makeRepository([packages.next], stranger);
  const forgedServer = await serveRepository(forged);
  try {
    debian.write('/etc/apt/keyrings/scribe-desk-clinic.gpg', readFileSync(clinicKey.publicKeyring));
    debian.write('/etc/apt/sources.list.d/scribe-desk.list', `deb [signed-by=/etc/apt/keyrings/scribe-desk-clinic.gpg] ${forgedServer.url} ./\n`);
    const update = debian.run(['apt-get', 'update', '-q']);
    expect(update.output).toMatch(/signatures couldn't be verified|NO_PUBKEY/);
    expect(update.output).toMatch(/is not signed/);
    // What the server printed is read once this process is free again (apt ran synchronously).
    await expect.poll(() => forgedServer.requests).toContain('/InRelease');
    expect(debian.must(['apt-cache', 'policy', 'scribe-desk'])).toMatch(new RegExp(`Candidate: ${escaped(VERSION.deb)}\\s`));
    expect(debian.run(['apt-get', 'install', '-y', `scribe-desk=${NEXT.deb}`]).status).not.toBe(0);
  } finally {
    await forgedServer.close();
    removeRepository(forged);
    disposeSigningKey(stranger);
  }
});

test("apt-get upgrade from the clinic's signed repository: the next version opens every item, sends the waiting dictation and keeps the correction", async () => {
  test.setTimeout(300_000);
  const before = keptData();
  const [corrected] = storedItems(debian, 'dictations').filter((item) => item.state === 'completed');
  const correction = `dictations/${corrected!.id}/correction.sealed`;
  expect(Object.keys(before)).toContain(correction);
  debian.write('/etc/apt/sources.list.d/scribe-desk.list', `deb [signed-by=/etc/apt/keyrings/scribe-desk-clinic.gpg] ${server.url} ./\n`);
  // Sending back on with the new version.
  debian.write(MACHINE_POLICY, JSON.stringify({ autoSync: true }));
  const upgradeStarted = Date.now();
  // apt's downloads are shared between runs (debian-root.ts): a copy of this package an earlier run
  // left there would be installed without being fetched from the clinic's repository.
  debian.must(['sh', '-c', 'rm -f /var/cache/apt/archives/scribe-desk_*.deb']);
  timed('apt-get update && apt-get upgrade', () => {
    debian.must(['apt-get', 'update', '-q']);
    expect(debian.must(['apt-get', 'upgrade', '-y', '-q'])).toContain(`scribe-desk (${NEXT.deb})`);
  });
  expect(debian.must(['dpkg-query', '-W', '-f', '${Version}', 'scribe-desk'])).toBe(NEXT.deb);
  await expect.poll(() => server.requests).toContain(`/scribe-desk_${NEXT.deb}_amd64.deb`);

  const upgraded = start('upgraded');
  await expect.poll(upgraded.log, { timeout: 60_000 }).toContain(`app: started ${NEXT.app}`);
  // Read once Record has answered (or the features have started), not before the app says it started.
  await expect.poll(upgraded.log, { timeout: 30_000 }).toContain('dictations: 2 loaded, 0 recovered, 0 unreadable');
  await expect.poll(upgraded.log, { timeout: 30_000 }).toContain('shortcut: CommandOrControl+Alt+R records');
  await expect.poll(upgraded.log, { timeout: 30_000 }).toContain('lab reports: 1 loaded, 0 unreadable');
  await expect.poll(dictationStates, { timeout: 60_000 }).toEqual(['completed', 'completed']);
  timings['apt-get upgrade → working Record, waiting dictation sent'] = Date.now() - upgradeStarted;
  const after = keptData();
  expect(after[correction]).toBe(before[correction]);
  expect(after['keys/master.json']).toBe(before['keys/master.json']);
  expect(storedItems(debian, 'dictations').find((item) => item.id === corrected!.id)?.correctedAt).toBeTruthy();
  expect(storedItems(debian, 'records').map((item) => item.state)).toEqual(['ready']);
  // The new version shows the corrected note and copies it: its patient chosen for the visit (a new start has none), the
  // corrected dictation chosen in the list, the copy shortcut.
  const screen = await upgraded.screen();
  await screen.press('push button', 'Choose patient');
  await new Promise((resolve) => setTimeout(resolve, 500));
  xdotool('type', '--delay', '20', 'Bed 1 (test)');
  xdotool('key', 'Return');
  await screen.find('push button', 'Change patient');
  await screen.press('list item', / · corrected/);
  await screen.find('list item', / · corrected/, { states: ['selected'] });
  await screen.find('toggle button', 'Show original');
  screenshotScreen('debian-package-upgraded');
  xdotool('key', 'ctrl+alt+c');
  await expect.poll(clipboardText, { timeout: 10_000 }).toContain(CORRECTED_MEDICINE);
  await upgraded.stop();
});

test('an older version refuses a data folder a newer one wrote: a message a person can read, the reason logged, nothing in the folder changed', async () => {
  const marker = debian.at(`${DATA_FOLDER}/data-format.json`);
  const kept = readFileSync(marker);
  debian.write(`${DATA_FOLDER}/data-format.json`, JSON.stringify({ formatVersion: 99, writtenBy: '9.0.0' }), true);
  const before = contents(debian.at(DATA_FOLDER));
  try {
    const app = start('newer-data');
    const dialog = await windowOrigin('Scribe Desk is older than your data');
    await new Promise((resolve) => setTimeout(resolve, 500));
    screenshotScreen('debian-package-refuses-newer-data');
    expect(app.output()).toContain('data: not opened: Your Scribe Desk data was last used by Scribe Desk 9.0.0, which is newer than this one.');
    // Its one button, Close, by the keyboard: the dialog is the desktop's (GTK's), not a page on the accessibility bus.
    focusWindow(dialog);
    xdotool('key', 'Return');
    expect(await app.exited).toBe(1);
    expect(contents(debian.at(DATA_FOLDER))).toEqual(before);
  } finally {
    debian.write(`${DATA_FOLDER}/data-format.json`, kept, true);
  }
});

test("apt-get remove takes the program away and leaves the users' data; purge removes only what the package installed", () => {
  const data = contents(debian.at(DATA_FOLDER));
  const policy = readFileSync(debian.at(MACHINE_POLICY), 'utf8');
  const installed = debian
    .must(['dpkg', '-L', 'scribe-desk'])
    .split('\n')
    .filter((path) => path && !statSync(debian.at(path)).isDirectory());
  expect(installed).toContain('/usr/lib/scribe-desk/scribe-desk');
  timed('apt-get remove', () => debian.must(['apt-get', 'remove', '-y', '-q', 'scribe-desk']));
  expect(installed.filter((path) => existsSync(debian.at(path)))).toEqual([]);
  expect(existsSync(debian.at('/usr/lib/scribe-desk'))).toBe(false);
  expect(debian.run(['dpkg-query', '-W', '-f', '${Status}', 'scribe-desk']).output).not.toContain('install ok installed');
  expect(contents(debian.at(DATA_FOLDER))).toEqual(data);
  expect(readFileSync(debian.at(MACHINE_POLICY), 'utf8')).toBe(policy);

  // Installed again from the repository, then purged.
  debian.must(['apt-get', 'install', '-y', '-q', '--no-install-recommends', 'scribe-desk']);
  timed('apt-get purge', () => debian.must(['apt-get', 'purge', '-y', '-q', 'scribe-desk']));
  expect(debian.run(['dpkg-query', '-W', '-f', '${Status}', 'scribe-desk']).output).toMatch(/not-installed|no packages found/);
  expect(installed.filter((path) => existsSync(debian.at(path)))).toEqual([]);
  expect(contents(debian.at(DATA_FOLDER))).toEqual(data);
  expect(readFileSync(debian.at(MACHINE_POLICY), 'utf8')).toBe(policy);
});
