/**
 * Updates from a web server (electron-updater, generic provider): the address and channel
 * come from settings or the administrator's policy, which can also turn updates off. Checks
 * at start and every few hours, downloads in the background, and restarts only when the
 * user asks and nothing is being recorded or sent. Update problems are shown, never fatal.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import electronUpdater, { type AppUpdater, type ProgressInfo, type UpdateInfo } from 'electron-updater';
import type { Settings } from '../../contract/settings';
import type { UpdateStatus } from '../../contract/updates';
import { log } from '../log';

const FIRST_CHECK_MS = 15_000;
const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

export interface UpdateServiceDeps {
  settings(): Settings;
  /** Why a restart must wait (a recording, an upload), or null when it may happen. */
  busyReason(): string | null;
  onStatus(status: UpdateStatus): void;
  isPackaged: boolean;
  userData: string;
}

export class UpdateService {
  private status: UpdateStatus = { state: 'idle', version: null, progress: null, message: null };
  private timers: NodeJS.Timeout[] = [];
  private updater: AppUpdater | null = null;

  constructor(private readonly deps: UpdateServiceDeps) {}

  current(): UpdateStatus {
    const reason = this.offReason();
    return reason ? { state: 'off', version: null, progress: null, message: reason } : { ...this.status };
  }

  private offReason(): string | null {
    const settings = this.deps.settings();
    if (!settings.updatesEnabled) return 'Updates are turned off (by settings or by your administrator).';
    if (!settings.updateUrl) return 'No update server is set. Your administrator or IT provider can set one.';
    return null;
  }

  private set(patch: Partial<UpdateStatus>): void {
    this.status = { ...this.status, ...patch };
    this.deps.onStatus(this.current());
  }

  start(): void {
    this.timers.push(setTimeout(() => void this.check(), FIRST_CHECK_MS), setInterval(() => void this.check(), CHECK_EVERY_MS));
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  private configure(): AppUpdater {
    const settings = this.deps.settings();
    const updater = this.updater ?? this.createUpdater();
    updater.setFeedURL({ provider: 'generic', url: settings.updateUrl, channel: settings.updateChannel });
    updater.channel = settings.updateChannel;
    return updater;
  }

  private createUpdater(): AppUpdater {
    const updater = electronUpdater.autoUpdater;
    updater.logger = log;
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
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
    updater.on('update-downloaded', (info: UpdateInfo) => this.set({ state: 'ready', version: info.version, progress: 1, message: null }));
    updater.on('error', (error: Error) => {
      log.warn(`updates: ${error.message}`);
      this.set({ state: 'error', progress: null, message: `The update could not be checked or downloaded: ${error.message.split('\n')[0]}` });
    });
    this.updater = updater;
    return updater;
  }

  /** Checks now; problems end up in the status, never as an exception. */
  async check(): Promise<UpdateStatus> {
    if (this.offReason()) return this.current();
    if (this.status.state === 'checking' || this.status.state === 'downloading') return this.current();
    try {
      const result = await this.configure().checkForUpdates();
      if (!result && this.status.state === 'idle') {
        this.set({ state: 'error', message: 'Updates cannot be installed in this installation (for example, not an installed copy).' });
      }
      await result?.downloadPromise;
    } catch (error) {
      if (this.status.state !== 'error') this.set({ state: 'error', message: `The update could not be checked or downloaded: ${(error as Error).message.split('\n')[0]}` });
    }
    return this.current();
  }

  /** Installs the downloaded update, unless something must not be interrupted. */
  restartNow(): UpdateStatus {
    if (this.status.state !== 'ready' || !this.updater) return this.current();
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
