/**
 * Updates from a web server (electron-updater with a provider that trusts only metadata
 * signed by the publisher and offering a newer version): the address and channel come from
 * settings or the administrator's policy, which can also turn updates off. Checks at start
 * and every few hours, downloads in the background, and installs only when the user chooses
 * "Restart now" while nothing is being recorded or sent. Update problems are shown, never fatal.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppUpdater, ProgressInfo, UpdateInfo } from 'electron-updater';
import type { Settings } from '../../contract/settings';
import type { UpdateStatus } from '../../contract/updates';
import { log } from '../log';
import { CheckSchedule } from './check-schedule';
import { OfferedVersions } from './offered-versions';
import type { PublisherKeyChoice } from './publisher-key';
import type { SignedFeedOptions } from './signed-generic-provider';
import { updateErrorMessage } from './update-errors';
import { updatesOffReason } from './updates-off-reason';
import { isNewerVersion } from './version-rule';


export interface UpdateServiceDeps {
  settings(): Settings;
  /** Why a restart must wait (a recording, an upload), or null when it may happen. */
  busyReason(): string | null;
  onStatus(status: UpdateStatus): void;
  isPackaged: boolean;
  userData: string;
  /** The version running now. */
  version: string;
  /** The publisher's key for release metadata; throws when it cannot be had. */
  publisherKey(): PublisherKeyChoice;
}

export class UpdateService {
  private status: UpdateStatus = { state: 'idle', version: null, progress: null, message: null };
  private readonly schedule = new CheckSchedule(() => void this.check());
  private updater: AppUpdater | null = null;
  private publisherKey: PublisherKeyChoice | null = null;

  /** The newest version each channel has offered (update-offers.json): an older offer is a replay. */
  private readonly offered: OfferedVersions;

  constructor(private readonly deps: UpdateServiceDeps) {
    this.offered = new OfferedVersions(join(deps.userData, 'update-offers.json'));
  }

  current(): UpdateStatus {
    const reason = this.offReason();
    return reason ? { state: 'off', version: null, progress: null, message: reason } : { ...this.status };
  }

  private offReason(): string | null {
    return updatesOffReason(this.deps.settings());
  }

  private set(patch: Partial<UpdateStatus>): void {
    this.status = { ...this.status, ...patch };
    this.deps.onStatus(this.current());
  }

  start(): void {
    const reason = this.offReason();
    if (reason) log.info(`updates: off (${reason})`);
    this.schedule.start();
  }

  stop(): void {
    this.schedule.stop();
  }

  private async configure(): Promise<AppUpdater> {
    const settings = this.deps.settings();
    if (!this.publisherKey) {
      this.publisherKey = this.deps.publisherKey();
      log.info(`updates: publisher key ${this.publisherKey.source}`);
    }
    // Loaded at the first check, not at start-up: the updater is large and the first screen needs none of it.
    const [{ default: electronUpdater }, { SignedGenericProvider }] = await Promise.all([import('electron-updater'), import('./signed-generic-provider')]);
    const updater = this.updater ?? this.createUpdater(electronUpdater.autoUpdater);
    const feed: SignedFeedOptions = {
      provider: 'custom',
      updateProvider: SignedGenericProvider,
      url: settings.updateUrl,
      channel: settings.updateChannel,
      publisherKey: this.publisherKey.key,
      runningVersion: this.deps.version,
      offered: this.offered,
    };
    updater.setFeedURL(feed);
    updater.channel = settings.updateChannel;
    // The channel setter turns downgrades on; forbid them after it, every time.
    updater.allowDowngrade = false;
    return updater;
  }

  private createUpdater(updater: AppUpdater): AppUpdater {
    updater.logger = log;
    updater.autoDownload = true;
    // Installing is the user's choice ("Restart now"), never a side effect of quitting.
    updater.autoInstallOnAppQuit = false;
    updater.allowDowngrade = false;
    if (!this.deps.isPackaged) {
      // Unpackaged (development, tests): no app-update.yml exists, so give the updater one.
      const configPath = join(this.deps.userData, 'dev-app-update.yml');
      writeFileSync(configPath, 'provider: generic\nurl: https://updates.scribedesk.invalid/\nupdaterCacheDirName: scribe-desk-updater\n');
      updater.forceDevUpdateConfig = true;
      updater.updateConfigPath = configPath;
    }
    updater.on('checking-for-update', () => this.set({ state: 'checking', message: null }));
    updater.on('update-not-available', () => this.set({ state: 'up-to-date', version: null, progress: null, message: null }));
    updater.on('update-available', (info: UpdateInfo) => this.set({ state: 'downloading', version: info.version, progress: 0, message: null }));
    updater.on('download-progress', (progress: ProgressInfo) => this.set({ state: 'downloading', progress: progress.percent / 100 }));
    updater.on('update-downloaded', (info: UpdateInfo) => {
      if (!isNewerVersion(this.deps.version, info.version)) {
        this.set({ state: 'error', version: null, progress: null, message: `Version ${info.version} is not newer than this version (${this.deps.version}); refused.` });
        return;
      }
      this.set({ state: 'ready', version: info.version, progress: 1, message: null });
    });
    updater.on('error', (error: Error) => {
      log.warn(`updates: ${error.message.split('\n')[0]}`);
      this.set({ state: 'error', progress: null, message: updateErrorMessage(error) });
    });
    this.updater = updater;
    return updater;
  }

  /** Checks now; problems end up in the status, never as an exception. */
  async check(): Promise<UpdateStatus> {
    if (this.offReason()) return this.current();
    if (this.status.state === 'checking' || this.status.state === 'downloading') return this.current();
    try {
      const result = await (await this.configure()).checkForUpdates();
      if (!result && this.status.state === 'idle') {
        this.set({ state: 'error', message: 'Updates cannot be installed in this installation (for example, not an installed copy).' });
      }
      await result?.downloadPromise;
    } catch (error) {
      if (this.status.state !== 'error') this.set({ state: 'error', progress: null, message: updateErrorMessage(error) });
    }
    return this.current();
  }

  /** Installs the downloaded update, unless something must not be interrupted. */
  restartNow(): UpdateStatus {
    if (this.status.state !== 'ready' || !this.updater || !this.status.version) return this.current();
    if (!isNewerVersion(this.deps.version, this.status.version)) return this.current();
    const reason = this.deps.busyReason();
    if (reason) {
      this.set({ message: `${reason} Restart when it has finished.` });
      return this.current();
    }
    log.info(`updates: restarting to install ${this.status.version}`);
    this.updater.quitAndInstall(false, true);
    return this.current();
  }
}
