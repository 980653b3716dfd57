/**
 * The packaged app (electron-builder's Linux `dir` target): its fuses, its archive, and a
 * real start with a recording made through the global shortcut. Playwright cannot drive it
 * (the inspect fuse is off, as it must be), so the test watches its log and data folder.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { expect, test } from '@playwright/test';
import { ROOT, newDataFolder } from './support/launch-app';
import { UNTOUCHED, appImageMachine, makeReleaseKeys, releaseFolder, updateServer } from './support/update-release';
import { startVirtualMicrophone } from './support/virtual-microphone';

const UNPACKED = join(ROOT, 'dist', 'linux-unpacked');
const BINARY = join(UNPACKED, 'scribe-desk');

test.skip(process.platform !== 'linux', 'The packaging test builds the Linux dir target.');
test.setTimeout(180_000);

test.beforeAll(() => {
  const runtime = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  // Where Electron cannot be downloaded, the runtime already on disk is packaged instead.
  const electronArgs = runtime ? [`-c.electronDist=${runtime}`, `-c.electronVersion=${readFileSync(join(runtime, 'version'), 'utf8').trim()}`] : [];
  execFileSync('npx', ['electron-builder', '--dir', '--linux', '--publish', 'never', ...electronArgs], { cwd: ROOT, stdio: 'pipe' });
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
  expect(existsSync(join(unpacked, 'out/main/recorder-process.cjs'))).toBe(true);
  expect(existsSync(join(unpacked, 'out/main/mp3-encode-worker.cjs'))).toBe(true);
  expect(readFileSync(join(UNPACKED, 'resources', 'app-update.yml'), 'utf8')).toMatch(/provider: generic/);
  expect(readFileSync(join(UNPACKED, 'resources', 'app-update.yml'), 'utf8')).toMatch(/updaterCacheDirName: scribe-desk-updater/);
});

test('the packaged app starts to its window, records through the shortcut and syncs to the sandbox', async () => {
  const userDataDir = newDataFolder();
  const policy = join(userDataDir, '..', `policy-${Date.now()}.json`);
  writeFileSync(policy, JSON.stringify({ recordShortcut: 'CommandOrControl+Alt+R' }));
  const microphone = startVirtualMicrophone();
  const args = [`--user-data-dir=${userDataDir}`, `--policy=${policy}`, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])];
  const child: ChildProcess = spawn(BINARY, args, { stdio: 'ignore', env: { ...process.env, SCRIBE_LOG_CONSOLE: '0' } });
  const log = () => (existsSync(join(userDataDir, 'logs', 'main.log')) ? readFileSync(join(userDataDir, 'logs', 'main.log'), 'utf8') : '');
  const manifests = () => {
    const root = join(userDataDir, 'dictations');
    if (!existsSync(root)) return [];
    return readdirSync(root).flatMap((id) => {
      const file = join(root, id, 'manifest.json');
      return existsSync(file) ? [JSON.parse(readFileSync(file, 'utf8')) as { state: string; durationMs: number }] : [];
    });
  };
  try {
    await expect.poll(log, { timeout: 30_000 }).toContain('window: shown');
    execFileSync('xdotool', ['key', 'ctrl+alt+r']);
    await expect.poll(() => manifests().map((m) => m.state), { timeout: 20_000 }).toEqual(['recording']);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    execFileSync('xdotool', ['key', 'ctrl+alt+r']);
    await expect.poll(() => manifests().map((m) => m.state), { timeout: 60_000 }).toEqual(['completed']);
    expect(manifests()[0]!.durationMs).toBeGreaterThan(1000);
    expect(log()).not.toMatch(/recorder: .*Error/);
  } finally {
    child.kill('SIGTERM');
    microphone.stop();
  }
});

test('the packaged app trusts only the update key built into it, whatever SCRIBE_UPDATE_PUBLIC_KEY_FILE says', async () => {
  // A release an unpackaged build would take (updates.spec.ts): signed with a test key that
  // the variable offers. The packaged app must ignore the variable and refuse the release.
  const testKey = makeReleaseKeys();
  const { folder } = releaseFolder({ version: '0.2.0', artifact: randomBytes(64 * 1024), signedWith: testKey });
  const server = await updateServer(folder);
  const machine = appImageMachine(testKey.publicKey);
  const userDataDir = newDataFolder();
  const policy = join(userDataDir, '..', `policy-updates-${Date.now()}.json`);
  writeFileSync(policy, JSON.stringify({ updateUrl: server.url, recordShortcut: '' }));
  const args = [`--user-data-dir=${userDataDir}`, `--policy=${policy}`, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])];
  const child: ChildProcess = spawn(BINARY, args, { stdio: 'ignore', env: { ...process.env, ...machine.env, SCRIBE_LOG_CONSOLE: '0' } });
  const log = () => (existsSync(join(userDataDir, 'logs', 'main.log')) ? readFileSync(join(userDataDir, 'logs', 'main.log'), 'utf8') : '');
  try {
    // The first check comes 15 seconds after start.
    await expect.poll(log, { timeout: 60_000 }).toContain('release information is not signed by the publisher');
    expect(log()).toContain('updates: publisher key built in (SCRIBE_UPDATE_PUBLIC_KEY_FILE ignored: packaged app)');
    expect(server.requests).toEqual(['/latest-linux.yml', '/latest-linux.yml.sig']);
    expect(machine.pendingFiles()).toEqual([]);
    expect(child.exitCode).toBeNull();
  } finally {
    child.kill('SIGTERM');
    await server.close();
  }
  expect(machine.appImages()).toEqual(UNTOUCHED);
});
