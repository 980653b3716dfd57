/** Updates, assembled: the update service behind the settings and policy, and its handlers. */
import { readFileSync } from 'node:fs';
import type { OperationHandlers } from '../../../contract/operation-handlers';
import type { UPDATE_OPERATIONS } from '../../../contract/ipc-names';
import { DEVELOPMENT_BUILD, PACKAGE_MANAGER } from '../../core/build-kind';
import type { Clock } from '../../core/clock';
import type { Feature } from '../../core/feature';
import { log } from '../log';
import type { SettingsService } from '../../settings/settings-service';
import type { WindowEvents } from '../windows/app-window';
import { choosePublisherKey } from '../../updates/publisher-key';
import { rolloutMachineId, systemMachineIdSources } from '../../updates/rollout-machine-id';
import { UpdateService, type UpdaterModules } from '../updater/update-service';

export interface UpdatesFeatureDeps {
  settings: SettingsService;
  /** Each says why the app must not restart now (a recording, an upload), or null. */
  busyReasons: Array<() => string | null>;
  window: WindowEvents;
  version: string;
  userData: string;
  clock: Clock;
}

/** electron-updater's autoUpdater, which loads Electron when touched, and the signed provider: loaded at the first check. */
async function loadUpdaterModules(): Promise<UpdaterModules> {
  const [{ default: electronUpdater }, { SignedGenericProvider }] = await Promise.all([import('electron-updater'), import('../updater/signed-generic-provider')]);
  return { updater: electronUpdater.autoUpdater, provider: SignedGenericProvider };
}

export function createUpdatesFeature(deps: UpdatesFeatureDeps) {
  const updates = new UpdateService({
    log,
    settings: () => deps.settings.current(),
    busyReason: () => deps.busyReasons.map((reason) => reason()).find((reason) => reason !== null) ?? null,
    onStatus: (status) => deps.window.send('updateChanged', status),
    development: DEVELOPMENT_BUILD,
    packageManager: PACKAGE_MANAGER,
    userData: deps.userData,
    version: deps.version,
    publisherKey: () => choosePublisherKey({ release: !DEVELOPMENT_BUILD, env: process.env, readFile: (path) => readFileSync(path, 'utf8') }),
    machineId: () => rolloutMachineId(systemMachineIdSources(), deps.userData),
    loadUpdater: loadUpdaterModules,
    clock: deps.clock,
  });
  deps.settings.onChange(() => deps.window.send('updateChanged', updates.current()));

  const handlers: Pick<OperationHandlers, (typeof UPDATE_OPERATIONS)[number]> = {
    getUpdateStatus: () => updates.current(),
    checkForUpdates: () => updates.check(),
    restartToUpdate: () => updates.restartNow(),
  };
  return {
    handlers,
    start: () => updates.start(),
    stop: async (): Promise<void> => updates.stop(),
  } satisfies Feature;
}
