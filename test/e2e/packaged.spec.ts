/**
 * The packaged app (electron-builder's Linux `dir` target): its fuses, its archive, and a
 * real start with a recording made through the global shortcut. Playwright cannot drive it
 * (the inspect fuse is off, as it must be), so the test watches its log and data folder.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { expect, test } from '@playwright/test';
import { ROOT, newDataFolder } from '../support/e2e/launch-app';
import { UNTOUCHED, appImageMachine, makeReleaseKeys, releaseFolder, updateServer } from '../support/e2e/update-release';
import { startVirtualMicrophone } from '../support/e2e/virtual-microphone';

const UNPACKED = join(ROOT, 'dist', 'linux-unpacked');
const BINARY = join(UNPACKED, 'scribe-desk');

test.skip(process.platform !== 'linux', 'The packaging test builds the Linux dir target.');
test.setTimeout(180_000);

/** Builds the app into out/ as a release (no SCRIBE_BUILD) or a development build, as the other tests use it. */
function buildApp(kind: 'release' | 'development'): void {
  const env = { ...process.env };
  if (kind === 'development') env.SCRIBE_BUILD = 'development';
  else delete env.SCRIBE_BUILD;
  execFileSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'pipe', env });
}

// What is packaged is a release build; the development build the other tests run is put back after.
test.afterAll(() => buildApp('development'));

test.beforeAll(() => {
  buildApp('release');
  // Where Electron cannot be downloaded, the runtime already on disk is packaged instead: as a test package, which says so.
  execFileSync(process.execPath, ['scripts/package.mjs', '--no-build', '--test-package', '--dir', '--linux', '--publish', 'never'], { cwd: ROOT, stdio: 'pipe' });
});

test('the packaged binary has the production fuses', async () => {
  const wire = await getCurrentFuseWire(BINARY);
  const on = (option: FuseV1Options) => String.fromCharCode(wire[option] as number);
  expect(wire.version).toBe(FuseVersion.V1);
  expect({
    runAsNode: on(FuseV1Options.RunAsNode),
    cookieEncryption: on(FuseV1Options.EnableCookieEncryption),
    nodeOptions: on(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
    inspectArguments: on(FuseV1Options.EnableNodeCliInspectArguments),
    asarIntegrity: on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
    onlyLoadFromAsar: on(FuseV1Options.OnlyLoadAppFromAsar),
    fileProtocolPrivileges: on(FuseV1Options.GrantFileProtocolExtraPrivileges),
  }).toEqual({
    runAsNode: '0',
    cookieEncryption: '1',
    nodeOptions: '0',
    inspectArguments: '0',
    asarIntegrity: '1',
    onlyLoadFromAsar: '1',
    fileProtocolPrivileges: '0',
  });
});

test('the app is in an asar archive with the native recorder and process entries unpacked', () => {
  expect(existsSync(join(UNPACKED, 'resources', 'app.asar'))).toBe(true);
  const unpacked = join(UNPACKED, 'resources', 'app.asar.unpacked');
  expect(existsSync(join(unpacked, 'node_modules/@picovoice/pvrecorder-node/lib/linux/x86_64/pv_recorder.node'))).toBe(true);
  expect(existsSync(join(unpacked, 'node_modules/uiohook-napi/prebuilds/linux-x64/uiohook-napi.node'))).toBe(true);
  expect(existsSync(join(unpacked, 'out/main/recorder-process.cjs'))).toBe(true);
  expect(existsSync(join(unpacked, 'out/main/encoder-process.cjs'))).toBe(true);
  for (const wasm of ['opus.wasm', 'mp3.wasm']) expect(existsSync(join(unpacked, 'out/main', wasm))).toBe(true);
  expect(readFileSync(join(UNPACKED, 'resources', 'app-update.yml'), 'utf8')).toMatch(/provider: generic/);
  expect(readFileSync(join(UNPACKED, 'resources', 'app-update.yml'), 'utf8')).toMatch(/updaterCacheDirName: scribe-desk-updater/);
});

interface StartedApp {
  userDataDir: string;
  policy: string;
  stop(): Promise<void>;
}

/** Every packaged app a test starts: ended, and its data folder and policy file removed, after the test, passed or failed. */
const started: StartedApp[] = [];

test.afterEach(async () => {
  for (const app of started.splice(0)) {
    await app.stop();
    rmSync(app.userDataDir, { recursive: true, force: true });
    rmSync(app.policy, { force: true });
  }
});

/** Starts the packaged binary with its own data folder, a `--policy` file and `env` added to this process's; the test reads its log and manifests. */
function startPackaged(userPolicy: object, env: Record<string, string> = {}, binary = BINARY, extraArgs: string[] = []) {
  const userDataDir = newDataFolder();
  const policy = join(newDataFolder(), 'policy.json');
  writeFileSync(policy, JSON.stringify(userPolicy));
  const args = [`--user-data-dir=${userDataDir}`, `--policy=${policy}`, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ...extraArgs];
  const child: ChildProcess = spawn(binary, args, { stdio: 'ignore', env: { ...process.env, ...env, SCRIBE_LOG_CONSOLE: '0' } });
  const ended = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  /** Ends the app with SIGTERM (SIGKILL if it is still there 10 s later) and waits until it has gone. */
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await ended;
    clearTimeout(killLater);
  };
  started.push({ userDataDir, policy, stop });
  const log = () => (existsSync(join(userDataDir, 'logs', 'main.log')) ? readFileSync(join(userDataDir, 'logs', 'main.log'), 'utf8') : '');
  /** Each dictation's folder (the one holding its manifest). */
  const dictationFolders = () => {
    const root = join(userDataDir, 'dictations');
    if (!existsSync(root)) return [];
    return readdirSync(root).map((id) => join(root, id)).filter((folder) => existsSync(join(folder, 'manifest.json')));
  };
  const manifests = () => dictationFolders().map((folder) => JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { state: string; durationMs: number });
  return { child, dictationFolders, log, manifests, policy, stop, userDataDir };
}

test('the packaged app starts to its window, records through the shortcut and syncs to the sandbox', async () => {
  const microphone = startVirtualMicrophone();
  const { dictationFolders, log, manifests, stop } = startPackaged({ recordShortcut: 'CommandOrControl+Alt+R' });
  try {
    await expect.poll(log, { timeout: 30_000 }).toContain('window: shown');
    // The shortcut is registered once the features have started, after the window is drawn.
    await expect.poll(log, { timeout: 30_000 }).toContain('shortcut: CommandOrControl+Alt+R records');
    execFileSync('xdotool', ['key', 'ctrl+alt+r']);
    // Nobody is chosen at a start: the window asks which patient, its search has the keyboard; a bed typed and Enter records.
    await answerWhichPatient(log);
    await expect.poll(() => manifests().map((m) => m.state), { timeout: 20_000 }).toEqual(['recording']);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    execFileSync('xdotool', ['key', 'ctrl+alt+r']);
    await expect.poll(() => manifests().map((m) => m.state), { timeout: 60_000 }).toEqual(['completed']);
    expect(manifests()[0]!.durationMs).toBeGreaterThan(1000);
    // The encoder's WebAssembly was read from beside the recorder's bundle, outside the archive: the parts were written (MP3's is read the same way).
    const [folder] = dictationFolders();
    expect(readdirSync(join(folder!, 'chunks')).filter((name) => name.endsWith('.sealed')).length).toBeGreaterThan(0);
    expect(log()).not.toMatch(/recorder: .*Error/);
  } finally {
    await stop();
    microphone.stop();
  }
});

test('the packaged app loads its keyboard hook from the unpacked archive: holding the shortcut records until it is released', async () => {
  const microphone = startVirtualMicrophone();
  const { log, manifests, stop } = startPackaged({ autoSync: false, recordShortcut: 'CommandOrControl+Alt+R', recordShortcutMode: 'hold' });
  try {
    await expect.poll(log, { timeout: 30_000 }).toContain('shortcut: CommandOrControl+Alt+R records (hold)');
    // The hook runs only while a shortcut is held: not loaded until the press.
    expect(log()).not.toContain('keyboard: hook started');
    // Nobody is chosen at a start: a press asks which patient; the answer chooses them, and the next hold records.
    execFileSync('xdotool', ['key', 'ctrl+alt+r']);
    await answerWhichPatient(log);
    await expect.poll(log, { timeout: 10_000 }).toContain('patients: the visit is for another patient');
    expect(manifests()).toEqual([]);
    execFileSync('xdotool', ['keydown', 'ctrl+alt+r']);
    await expect.poll(() => manifests().map((m) => m.state), { timeout: 20_000 }).toEqual(['recording']);
    await expect.poll(log, { timeout: 5_000 }).toContain('keyboard: hook started');
    expect(log()).not.toMatch(/keyboard: .*(fail|could not|error)/i);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(manifests().map((m) => m.state)).toEqual(['recording']);
    execFileSync('xdotool', ['keyup', 'ctrl+alt+r']);
    await expect.poll(() => manifests().map((m) => m.state), { timeout: 20_000 }).toEqual(['recorded']);
    // The first recording after start-up waits for the recorder process to have the audio library loaded.
    expect(manifests()[0]!.durationMs).toBeGreaterThan(1000);
  } finally {
    await stop();
    microphone.stop();
  }
});

const MACHINE_POLICY = '/etc/scribe-desk/policy.json';

test('a release build keeps its locks however it is started: renamed to "electron", the machine policy alone applies and the development variables are ignored', async () => {
  // The machine-wide policy lives in /etc: writing it needs root, as an administrator has.
  test.skip(process.getuid?.() !== 0, 'Writing the machine-wide policy in /etc needs root.');
  test.setTimeout(120_000);
  const backup = existsSync(MACHINE_POLICY) ? `${MACHINE_POLICY}.scribe-test-backup` : null;
  if (backup) renameSync(MACHINE_POLICY, backup);
  const createdFolder = !existsSync('/etc/scribe-desk');
  mkdirSync('/etc/scribe-desk', { recursive: true });
  writeFileSync(MACHINE_POLICY, JSON.stringify({ autoSync: false, updatesEnabled: false }));
  // What a user can do to an installed copy: start its binary under Electron's own name, which makes
  // Electron's app.isPackaged false; the build, not the name, decides what the app honours.
  const renamed = join(UNPACKED, 'electron');
  rmSync(renamed, { force: true });
  linkSync(BINARY, renamed);
  const microphone = startVirtualMicrophone();
  const keyFile = makeReleaseKeys().publicKey;
  // The user's file tries to turn sending and updates back on; the variables offer another update key and a page address.
  const { log, manifests, policy, stop } = startPackaged(
    { autoSync: true, updatesEnabled: true, recordShortcut: 'CommandOrControl+Alt+J' },
    { SCRIBE_UPDATE_PUBLIC_KEY_FILE: keyFile, ELECTRON_RENDERER_URL: 'http://127.0.0.1:9/' },
    renamed,
  );
  try {
    await expect.poll(log, { timeout: 30_000 }).toContain('window: shown');
    // The window may be shown before the features (settings among them) are built: the policy's line follows.
    await expect.poll(log, { timeout: 30_000 }).toContain(`policy: applied ${MACHINE_POLICY}`);
    expect(log()).toContain(`policy: The --policy file ${policy} was not applied: this computer has a machine-wide policy, which alone applies.`);
    await expect.poll(log, { timeout: 30_000 }).toContain('updates: off (Updates are turned off');
    // The user's shortcut is not applied: the default one records.
    await expect.poll(log, { timeout: 30_000 }).toContain('shortcut: CommandOrControl+Alt+R records');
    execFileSync('xdotool', ['key', 'ctrl+alt+r']);
    await answerWhichPatient(log);
    await expect.poll(() => manifests().map((m) => m.state), { timeout: 20_000 }).toEqual(['recording']);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    execFileSync('xdotool', ['key', 'ctrl+alt+r']);
    await expect.poll(() => manifests().map((m) => m.state), { timeout: 20_000 }).toEqual(['recorded']);
    // The machine's lock holds: nothing is sent although the user's file says autoSync: true
    // (the same recording completes within seconds in the test above, where sending is on).
    await new Promise((resolve) => setTimeout(resolve, 8000));
    expect(manifests().map((m) => m.state)).toEqual(['recorded']);
    // The page came from the app itself, not from the address offered (the update key: the next test).
    expect(log()).not.toContain('development server');
  } finally {
    await stop();
    microphone.stop();
    rmSync(renamed, { force: true });
    rmSync(MACHINE_POLICY, { force: true });
    if (backup) renameSync(backup, MACHINE_POLICY);
    if (createdFolder) rmSync('/etc/scribe-desk', { recursive: true, force: true });
  }
});

/** True when something on this computer takes a connection at `port` now. */
/** Record's question, asked by the shortcut with nobody chosen: the window came forward, its search has the keyboard; a bed typed and Enter answers. */
async function answerWhichPatient(log: () => string): Promise<void> {
  await expect.poll(log, { timeout: 10_000 }).toContain('recorder: the window asks first (which patient');
  await new Promise((resolve) => setTimeout(resolve, 500));
  execFileSync('xdotool', ['type', '--delay', '20', 'Bed 1 (test)']);
  execFileSync('xdotool', ['key', 'Return']);
}

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

test('a renamed release build does not start with a debugger switch in any spelling Chromium reads: no DevTools endpoint opens, even for a moment', async () => {
  // What the review did: a copy started under Electron's own name, one dash where two are usual.
  const renamed = join(UNPACKED, 'electron');
  rmSync(renamed, { force: true });
  linkSync(BINARY, renamed);
  try {
    const port = 19_000 + Math.floor(Math.random() * 1_000);
    // `--remote-debugging-port <n>`: Chromium takes the number for another argument and opens a free port (which DevToolsActivePort would name).
    for (const spelling of [[`-remote-debugging-port=${port}`], ['--remote-debugging-port', String(port)], [`-inspect-brk=${port}`]]) {
      const { child, log, userDataDir } = startPackaged({ autoSync: false }, {}, renamed, spelling);
      // Knocked at from its start until it has gone (or, should it open, at once).
      let opened = false;
      const giveUpAt = Date.now() + 20_000;
      while (child.exitCode === null && child.signalCode === null && !opened && Date.now() < giveUpAt) {
        opened = await listens(port);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(opened, spelling.join(' ')).toBe(false);
      expect(child.exitCode, spelling.join(' ')).toBe(1);
      await expect(fetch(`http://127.0.0.1:${port}/json/version`)).rejects.toThrow();
      expect(existsSync(join(userDataDir, 'DevToolsActivePort')), spelling.join(' ')).toBe(false);
      const name = spelling[0]!.replace(/^-+/, '--').split('=')[0];
      expect(log()).toContain(`app: not started: a release build does not run with ${name}`);
      expect(log()).not.toContain('window: shown');
    }
  } finally {
    rmSync(renamed, { force: true });
  }
});

test('the packaged app trusts only the update key built into it, whatever SCRIBE_UPDATE_PUBLIC_KEY_FILE says', async () => {
  // A release an unpackaged build would take (updates.spec.ts): signed with a test key that
  // the variable offers. The packaged app must ignore the variable and refuse the release.
  const testKey = makeReleaseKeys();
  const { folder } = releaseFolder({ version: '0.2.0', artifact: randomBytes(64 * 1024), signedWith: testKey });
  const server = await updateServer(folder);
  const machine = appImageMachine(testKey.publicKey);
  const { child, log, stop } = startPackaged({ updateUrl: server.url, recordShortcut: '' }, machine.env);
  try {
    // The first check comes 15 seconds after start.
    await expect.poll(log, { timeout: 60_000 }).toContain('release information is not signed by the publisher');
    expect(log()).toContain('updates: publisher key built in (SCRIBE_UPDATE_PUBLIC_KEY_FILE ignored: release build)');
    expect(server.requests).toEqual(['/latest-linux.yml', '/latest-linux.yml.sig']);
    expect(machine.pendingFiles()).toEqual([]);
    expect(child.exitCode).toBeNull();
  } finally {
    await stop();
    await server.close();
  }
  expect(machine.appImages()).toEqual(UNTOUCHED);
});
