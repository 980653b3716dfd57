/**
 * Updates from a web server (electron-updater with a provider that trusts only metadata
 * signed by the publisher and offering a newer version): the address and channel come from
 * settings or the administrator's policy, which can also turn updates off or pin a version; a
 * staged release reaches this computer when its rollout share does. Checks at start and every
 * few hours, downloads in the background, and installs only when the user chooses "Restart
 * now" while nothing is being recorded or sent. Update problems are shown, never fatal. A copy
 * installed by the system's package manager (the .deb) has no updater of its own: it stands aside.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppUpdater, ProgressInfo, UpdateInfo } from 'electron-updater';
import type { Settings } from '../../../contract/settings';
import type { UpdateStatus } from '../../../contract/updates';
import type { Clock } from '../../core/clock';
import type { EventLog } from '../../core/event-log';
import { CheckSchedule } from '../../updates/check-schedule';
import { OfferedVersions } from '../../updates/offered-versions';
import { pinnedVersionHold } from '../../updates/pinned-version';
import type { PublisherKeyChoice } from '../../updates/publisher-key';
import type { SignedFeedOptions, SignedGenericProvider } from './signed-generic-provider';
import { rolloutDecision, rolloutShare } from '../../updates/staged-rollout';
import { updateErrorMessage } from '../../updates/update-errors';
import { updatesOffReason } from '../../updates/updates-off-reason';
import { isNewerVersion } from '../../updates/version-rule';

/** What electron-updater gets where it would keep an id of this install: the same for every install. */
const NO_INSTALL_ID = '00000000-0000-0000-0000-000000000000';

/** electron-updater's updater and the signed provider, loaded at the first check: the updater is large and the first screen needs none of it. */
export interface UpdaterModules {
  updater: AppUpdater;
  provider: typeof SignedGenericProvider;
}

/** What the settings say when the system's package manager updates this copy. */
export function packageManagerMessage(packageManager: string): string {
  return `Updates come from this computer's package manager (${packageManager}); your IT installs new versions with it.`;
}

export interface UpdateServiceDeps {
  settings(): Settings;
  log: EventLog;
  /** Why a restart must wait (a recording, an upload), or null when it may happen. */
  busyReason(): string | null;
  onStatus(status: UpdateStatus): void;
  /**
   * A development build (build-kind.ts): only then is the updater pointed at a development
   * update configuration. Never `app.isPackaged`, which a renamed executable changes.
   */
  development: boolean;
  /** The system package manager that installs and upgrades this build (build-kind.ts), or null. */
  packageManager: string | null;
  userData: string;
  /** The version running now. */
  version: string;
  /** The publisher's key for release metadata; throws when it cannot be had. */
  publisherKey(): PublisherKeyChoice;
  /** This machine's staged-rollout id (rollout-machine-id.ts); asked for only when a release is staged. */
  machineId(): string;
  /** electron-updater's autoUpdater (which needs Electron: the shell loads it) and the signed provider; tests give an updater that runs without Electron. */
  loadUpdater: () => Promise<UpdaterModules>;
  /** The clock the checks are scheduled on. */
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

export class UpdateService {
  private status: UpdateStatus = { state: 'idle', version: null, progress: null, message: null };
  private readonly schedule: CheckSchedule;
  private updater: AppUpdater | null = null;
  private publisherKey: PublisherKeyChoice | null = null;
  private machineId: string | null = null;
  /** Why the version the last check found is not taken now (a pin, a staged rollout), or null. */
  private held: string | null = null;

  /** The newest version each channel has offered (update-offers.json): an older offer is a replay. */
  private readonly offered: OfferedVersions;

  constructor(private readonly deps: UpdateServiceDeps) {
    this.schedule = new CheckSchedule(() => void this.check(), deps.clock);
    this.offered = new OfferedVersions(join(deps.userData, 'update-offers.json'));
  }

  current(): UpdateStatus {
    if (this.deps.packageManager !== null) return { state: 'package-manager', version: null, progress: null, message: packageManagerMessage(this.deps.packageManager) };
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
    if (this.deps.packageManager !== null) {
      this.deps.log.info(`updates: installed by ${this.deps.packageManager}; the app's own updater stands aside`);
      return;
    }
    const reason = this.offReason();
    if (reason) this.deps.log.info(`updates: off (${reason})`);
    this.schedule.start();
  }

  stop(): void {
    this.schedule.stop();
  }

  private async configure(): Promise<AppUpdater> {
    const settings = this.deps.settings();
    if (!this.publisherKey) {
      this.publisherKey = this.deps.publisherKey();
      this.deps.log.info(`updates: publisher key ${this.publisherKey.source}`);
    }
    const modules = await this.deps.loadUpdater();
    const updater = this.updater ?? this.createUpdater(modules.updater);
    const feed: SignedFeedOptions = {
      provider: 'custom',
      updateProvider: modules.provider,
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
    // electron-updater would make a random id of this install (<userData>/.updaterId) for its own
    // rollout and its staging header; the rollout is decided here (takes), so it gets no id to keep.
    (updater as unknown as { stagingUserIdPromise: { value: Promise<string> } }).stagingUserIdPromise = { value: Promise.resolve(NO_INSTALL_ID) };
    updater.logger = this.deps.log;
    updater.autoDownload = true;
    // Installing is the user's choice ("Restart now"), never a side effect of quitting.
    updater.autoInstallOnAppQuit = false;
    updater.allowDowngrade = false;
    // Whether the offered version is taken now: the pin, then the staged rollout.
    updater.isUserWithinRollout = (info: UpdateInfo) => this.takes(info);
    if (this.deps.development) {
      // A development build (npm start, tests) runs unpackaged: no app-update.yml exists, so give the
      // updater one. A release never does: its app-update.yml carries the Windows publisher check.
      const configPath = join(this.deps.userData, 'dev-app-update.yml');
      writeFileSync(configPath, 'provider: generic\nurl: https://updates.scribedesk.invalid/\nupdaterCacheDirName: scribe-desk-updater\n');
      updater.forceDevUpdateConfig = true;
      updater.updateConfigPath = configPath;
    }
    updater.on('checking-for-update', () => this.set({ state: 'checking', message: null }));
    updater.on('update-not-available', (info: UpdateInfo) =>
      this.set(this.held ? { state: 'held', version: info.version, progress: null, message: this.held } : { state: 'up-to-date', version: null, progress: null, message: null }),
    );
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
      this.deps.log.warn(`updates: ${error.message.split('\n')[0]}`);
      this.set({ state: 'error', progress: null, message: updateErrorMessage(error) });
    });
    this.updater = updater;
    return updater;
  }

  /** Whether this computer takes the offered version now; when not, the status says why. */
  private takes(info: UpdateInfo): boolean {
    const pinned = pinnedVersionHold(this.deps.settings().updatePinnedVersion, this.deps.version, info.version);
    const decision = pinned ? { take: false as const, reason: pinned } : rolloutDecision(rolloutShare(info), info.version, () => (this.machineId ??= this.deps.machineId()));
    this.held = decision.take ? null : decision.reason;
    if (this.held) this.deps.log.info(`updates: version ${info.version} not taken now (${this.held})`);
    return decision.take;
  }

  /** Checks now; problems end up in the status, never as an exception. */
  async check(): Promise<UpdateStatus> {
    if (this.deps.packageManager !== null || this.offReason()) return this.current();
    if (this.status.state === 'checking' || this.status.state === 'downloading') return this.current();
    this.held = null;
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
    // A pin set since the download holds too.
    const pinned = pinnedVersionHold(this.deps.settings().updatePinnedVersion, this.deps.version, this.status.version);
    if (pinned) {
      this.set({ state: 'held', progress: null, message: pinned });
      return this.current();
    }
    const reason = this.deps.busyReason();
    if (reason) {
      this.set({ message: `${reason} Restart when it has finished.` });
      return this.current();
    }
    this.deps.log.info(`updates: restarting to install ${this.status.version}`);
    this.updater.quitAndInstall(false, true);
    return this.current();
  }
}
