/**
 * The update service with electron-updater's own AppUpdater (its check, its version and
 * rollout logic) against a real web folder on loopback, holding releases signed with the
 * project's release scripts. Two parts are stand-ins, because they need Electron or an
 * installed app: the app adapter (Electron's `app`) and the platform installer's download and
 * install (an AppImage, NSIS or dmg updater), which here only reports the download done.
 * electron-log's main-process logger loads Electron: a quiet logger stands in, so that this
 * file loads without an Electron binary.
 */
import { systemClock } from '../../../main/core/clock';
import { SILENT_LOG } from '../../../main/core/event-log';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type ClientRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpExecutor } from 'builder-util-runtime';
import { AppUpdater } from 'electron-updater/out/AppUpdater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import type { DownloadExecutorResult, DownloadUpdateOptions } from 'electron-updater/out/AppUpdater';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../contract/settings';
import type { LoadedPolicy } from '../../../main/settings/policy';
import { SecretVault } from '../../../main/settings/secret-vault';
import { SettingsService } from '../../../main/settings/settings-service';
import { publisherKeyFromPem } from '../../../main/updates/release-signature';
import { SignedGenericProvider } from '../../../main/shell/updater/signed-generic-provider';
import { rolloutPosition } from '../../../main/updates/staged-rollout';
import { UpdateService, type UpdateServiceDeps } from '../../../main/shell/updater/update-service';
import { FakeClock } from '../../support/fake-clock';
import { osEncryptionDouble } from '../../support/os-encryption-double';
import { tempFolder } from '../../support/temp-folder';

vi.mock('../../../main/shell/log', () => {
  const quiet = () => {};
  return { log: { info: quiet, warn: quiet, error: quiet, debug: quiet } };
});

const ROOT = join(import.meta.dirname, '..', '..', '..');

class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: unknown) => void): ClientRequest {
    return request(options, callback);
  }
}

/** electron-updater's AppUpdater; only the platform installer's part (download, install) stands in. */
class LoopbackUpdater extends AppUpdater {
  installs = 0;

  constructor(app: AppAdapter) {
    super(null, app);
    // Electron's net is not here: Node's http does the requests.
    (this as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor = new NodeHttpExecutor();
  }

  protected override doDownloadUpdate(options: DownloadUpdateOptions): Promise<DownloadExecutorResult> {
    this.dispatchUpdateDownloaded({ ...options.updateInfoAndProvider.info, downloadedFile: '' });
    return Promise.resolve({ updateFile: '' });
  }

  override quitAndInstall(): void {
    this.installs++;
  }
}

/** Electron's `app` as electron-updater sees it; `isPackaged` false is a copy whose executable was renamed "electron". */
function appAdapter(folder: string, isPackaged = true): AppAdapter {
  writeFileSync(join(folder, 'app-update.yml'), 'provider: generic\nurl: https://updates.scribedesk.invalid/\nupdaterCacheDirName: scribe-desk-updater\n');
  return {
    version: '0.1.0',
    name: 'Scribe Desk',
    isPackaged,
    appUpdateConfigPath: join(folder, 'app-update.yml'),
    userDataPath: folder,
    baseCachePath: join(folder, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  };
}

function releaseScript(script: string, ...args: string[]): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts', script), ...args], { stdio: 'pipe' });
}

// Made once for the file (tempFolder's are removed after each test).
const keyFolder = mkdtempSync(join(tmpdir(), 'scribe-release-keys-'));
afterAll(() => rmSync(keyFolder, { recursive: true, force: true }));
const keys = join(keyFolder, 'keys');
releaseScript('make-release-key.mjs', keys);
const publicKey = publisherKeyFromPem(readFileSync(join(keys, 'update-public-key.pem'), 'utf8'));

/** A release as electron-builder writes it for Linux, signed (with a staged share when given) by scripts/sign-release.mjs. */
function release(version: string, options: { channel?: string; stagingPercentage?: number } = {}): string {
  const folder = join(tempFolder(), 'dist');
  mkdirSync(folder);
  const artifact = Buffer.from(`Scribe Desk ${version}`);
  const sha512 = createHash('sha512').update(artifact).digest('base64');
  const name = `Scribe-Desk-${version}.AppImage`;
  const metadata = [`version: ${version}`, 'files:', `  - url: ${name}`, `    sha512: ${sha512}`, `    size: ${artifact.length}`, `path: ${name}`, `sha512: ${sha512}`, ''];
  writeFileSync(join(folder, `${options.channel ?? 'latest'}-linux.yml`), metadata.join('\n'));
  writeFileSync(join(folder, name), artifact);
  const staging = options.stagingPercentage === undefined ? [] : [`--staging-percentage=${options.stagingPercentage}`];
  releaseScript('sign-release.mjs', join(keys, 'update-private-key.pem'), folder, ...staging);
  return folder;
}

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  while (servers.length) servers.pop()!.close();
});

/** A plain web server for `folder`; records every path asked for, and the headers each request carried. */
async function webFolder(folder: string) {
  const requests: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    headers.push(req.headers);
    const file = join(folder, path);
    if (!existsSync(file)) res.writeHead(404).end();
    else res.writeHead(200).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests, headers };
}

function settingsWith(saved: Partial<Settings>, policy: LoadedPolicy['values'] = {}): SettingsService {
  const vault = new SecretVault(join(tempFolder(), 'secrets.json'), osEncryptionDouble('gnome_libsecret'), 'linux');
  return new SettingsService({ read: () => ({ ...DEFAULT_SETTINGS, ...saved }), write: () => {} }, vault, { path: policy === null ? null : '/etc/scribe-desk/policy.json', values: policy, error: null });
}

function updateService(settings: SettingsService, overrides: Partial<UpdateServiceDeps> & { isPackaged?: boolean } = {}) {
  const userData = tempFolder();
  const updater = new LoopbackUpdater(appAdapter(userData, overrides.isPackaged));
  const loadUpdater = vi.fn(() => Promise.resolve({ updater, provider: SignedGenericProvider }));
  const service = new UpdateService({
    settings: () => settings.current(),
    busyReason: () => null,
    onStatus: () => {},
    development: false,
    packageManager: null,
    userData,
    version: '0.1.0',
    publisherKey: () => ({ key: publicKey, source: 'test key' }),
    machineId: () => 'a3f1c2d4e5b6978812ab34cd56ef7890',
    loadUpdater,
    clock: systemClock,
    ...overrides,
    log: overrides.log ?? SILENT_LOG,
  });
  return { service, updater, loadUpdater, userData };
}

/** A machine id whose rollout position for `version` is below (inside) or at least (outside) `percentage`. */
function machineIdFor(version: string, percentage: number, inside: boolean): string {
  for (let n = 0; ; n++) {
    const id = createHash('md5').update(String(n)).digest('hex');
    if (rolloutPosition(id, version) < percentage === inside) return id;
  }
}

describe('UpdateService', () => {
  it('installed by a package manager, it stands aside: no updater loaded, no check, no download, and says where updates come from', async () => {
    const clock = new FakeClock();
    const server = await webFolder(release('0.2.0'));
    const { service, loadUpdater } = updateService(settingsWith({ updateUrl: server.url }), { packageManager: 'apt', clock });
    const expected = { state: 'package-manager', version: null, progress: null, message: "Updates come from this computer's package manager (apt); your IT installs new versions with it." };
    expect(service.current()).toEqual(expected);
    service.start();
    await clock.advance(5 * 60 * 60 * 1000);
    expect(await service.check()).toEqual(expected);
    expect(service.restartNow()).toEqual(expected);
    expect(loadUpdater).not.toHaveBeenCalled();
    expect(server.requests).toEqual([]);
    service.stop();
  });

  it('without a package manager, it checks its signed channel and gets a newer version ready', async () => {
    const server = await webFolder(release('0.2.0'));
    const { service, updater } = updateService(settingsWith({ updateUrl: server.url }));
    expect(await service.check()).toEqual({ state: 'ready', version: '0.2.0', progress: 1, message: null });
    expect(server.requests).toEqual(['/latest-linux.yml', '/latest-linux.yml.sig']);
    service.restartNow();
    expect(updater.installs).toBe(1);
  });

  it('a release build never writes dev-app-update.yml nor forces a development update configuration, even when renamed (not "packaged")', async () => {
    const server = await webFolder(release('0.2.0'));
    const packaged = updateService(settingsWith({ updateUrl: server.url }));
    await packaged.service.check();
    expect(existsSync(join(packaged.userData, 'dev-app-update.yml'))).toBe(false);
    expect(packaged.updater.forceDevUpdateConfig).toBe(false);

    // A release whose executable was renamed "electron" (app.isPackaged false): no development
    // configuration without the publisher check; electron-updater then checks nothing at all.
    server.requests.length = 0;
    const renamed = updateService(settingsWith({ updateUrl: server.url }), { isPackaged: false });
    expect((await renamed.service.check()).state).toBe('error');
    expect(existsSync(join(renamed.userData, 'dev-app-update.yml'))).toBe(false);
    expect(renamed.updater.forceDevUpdateConfig).toBe(false);
    expect(server.requests).toEqual([]);
  });

  it('a development build points the updater at dev-app-update.yml, packaged or not', async () => {
    const server = await webFolder(release('0.2.0'));
    const { service, updater, userData } = updateService(settingsWith({ updateUrl: server.url }), { development: true, isPackaged: false });
    expect((await service.check()).state).toBe('ready');
    expect(readFileSync(join(userData, 'dev-app-update.yml'), 'utf8')).toMatch(/^provider: generic/);
    expect(updater.forceDevUpdateConfig).toBe(true);
  });

  it('a staged release reaches a machine inside its share and waits on one outside it', async () => {
    const server = await webFolder(release('0.2.0', { stagingPercentage: 10 }));
    const settings = settingsWith({ updateUrl: server.url });
    const inside = updateService(settings, { machineId: () => machineIdFor('0.2.0', 10, true) });
    expect(await inside.service.check()).toMatchObject({ state: 'ready', version: '0.2.0' });

    const outside = updateService(settings, { machineId: () => machineIdFor('0.2.0', 10, false) });
    expect(await outside.service.check()).toEqual({
      state: 'held',
      version: '0.2.0',
      progress: null,
      message: 'Version 0.2.0 is being released in stages (now to 10 % of computers); this computer gets it at a later stage.',
    });
    expect(outside.service.restartNow().state).toBe('held');
    expect(outside.updater.installs).toBe(0);
  });

  it('a release staged to 0 % reaches no machine, to 100 % or without a share every machine', async () => {
    for (const [stagingPercentage, state] of [
      [0, 'held'],
      [100, 'ready'],
      [undefined, 'ready'],
    ] as const) {
      const server = await webFolder(release('0.2.0', { stagingPercentage }));
      const { service } = updateService(settingsWith({ updateUrl: server.url }), { machineId: () => machineIdFor('0.2.0', 1, true) });
      expect((await service.check()).state).toBe(state);
    }
  });

  it('no request carries an id of this install (electron-updater’s x-user-staging-id), and none is kept: the rollout is decided here', async () => {
    const server = await webFolder(release('0.2.0', { stagingPercentage: 50 }));
    const machineId = 'a3f1c2d4e5b6978812ab34cd56ef7890';
    const { service, userData } = updateService(settingsWith({ updateUrl: server.url }), { machineId: () => machineId });
    await service.check();
    expect(server.requests).toEqual(['/latest-linux.yml', '/latest-linux.yml.sig']);
    for (const headers of server.headers) {
      expect(Object.keys(headers)).not.toContain('x-user-staging-id');
      for (const value of Object.values(headers).flat()) {
        expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
        expect(value).not.toContain(machineId);
      }
    }
    expect(existsSync(join(userData, '.updaterId'))).toBe(false);
  });

  it('asks for the machine id only for a staged release', async () => {
    const server = await webFolder(release('0.2.0'));
    const machineId = vi.fn(() => 'a3f1c2d4e5b6978812ab34cd56ef7890');
    const { service } = updateService(settingsWith({ updateUrl: server.url }), { machineId });
    await service.check();
    expect(machineId).not.toHaveBeenCalled();
  });

  it("the policy's pinned version holds: a newer offer is not taken, the pinned one is", async () => {
    const server = await webFolder(release('0.3.0'));
    const pinnedOlder = updateService(settingsWith({ updateUrl: server.url }, { updatePinnedVersion: '0.2.0' }));
    expect(await pinnedOlder.service.check()).toMatchObject({
      state: 'held',
      message: 'Your administrator pinned version 0.2.0; the update server offers version 0.3.0 instead, which is not installed.',
    });
    const pinnedThis = updateService(settingsWith({ updateUrl: server.url, updatePinnedVersion: '0.2.0' }, { updatePinnedVersion: '0.3.0' }));
    expect(await pinnedThis.service.check()).toMatchObject({ state: 'ready', version: '0.3.0' });
  });

  it("the policy's channel holds over the user's", async () => {
    const beta = await webFolder(release('0.2.0', { channel: 'beta' }));
    const { service } = updateService(settingsWith({ updateUrl: beta.url, updateChannel: 'latest' }, { updateChannel: 'beta' }));
    expect((await service.check()).state).toBe('ready');
    expect(beta.requests).toEqual(['/beta-linux.yml', '/beta-linux.yml.sig']);
  });
});
