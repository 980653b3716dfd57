/** Settings, assembled: the administrator's policy, the secret vault, the settings service and its handlers. */
import { join } from 'node:path';
import { safeStorage } from 'electron';
import type { OperationHandlers } from '../../../contract/operation-handlers';
import type { Feature } from '../../core/feature';
import { log } from '../log';
import { openDataKeys } from '../../storage/data-keys';
import type { WindowEvents } from '../windows/app-window';
import { effectivePolicy, loadPolicy } from '../../settings/policy';
import { loadManagedPolicy } from '../../settings/policy-sources';
import { SecretVault } from '../../settings/secret-vault';
import { settingsFile } from '../../settings/settings-file';
import { SettingsService } from '../../settings/settings-service';
import { DEFAULT_PROGRAM_DATA, windowsProgramData } from '../../settings/windows-program-data';

export interface SettingsFeatureDeps {
  userData: string;
  /** `--policy=<file>`, if given. */
  policyFile: string | null;
  /** A release build: the machine policy alone applies where there is one. */
  release: boolean;
  window: WindowEvents;
}

function programDataFolder(): string {
  try {
    return windowsProgramData();
  } catch (error) {
    log.error(`policy: the ProgramData folder could not be asked of Windows (${(error as Error).message}); using ${DEFAULT_PROGRAM_DATA}`);
    return DEFAULT_PROGRAM_DATA;
  }
}

export function createSettingsFeature(deps: SettingsFeatureDeps) {
  const policy = effectivePolicy(
    loadManagedPolicy(process.platform, programDataFolder),
    deps.policyFile ? loadPolicy(deps.policyFile, true) : null,
    deps.release,
  );
  // A policy that cannot be used fails closed: every key as fail-closed.ts says (protected storage required among them).
  if (policy.error) log.warn(`policy: ${policy.error}`);
  else if (policy.path) log.info(`policy: applied ${policy.path}`);
  if (policy.ignored) log.warn(`policy: ${policy.ignored}`);

  const vault = new SecretVault(join(deps.userData, 'secrets.json'), safeStorage, process.platform, (message) => log.warn(`secrets: ${message}`));
  const dataKeys = openDataKeys({ userData: deps.userData, encryption: safeStorage, platform: process.platform, requireKeyring: policy.error !== null ? 'broken-policy' : policy.values.requireProtectedStorage === true });
  if (dataKeys.protection.problem) log.warn('data: the keys of the recordings cannot be opened; recording is refused until this is solved');
  else log.info(`data: encrypted at rest, key kept by the ${dataKeys.protection.keptBy === 'keyring' ? 'system keyring' : 'user-only key file'}`);
  const settings = new SettingsService(
    settingsFile(join(deps.userData, 'settings.json'), (message) => log.warn(`settings: ${message}`)),
    vault,
    policy,
    () => dataKeys.protection,
  );
  settings.onChange((view) => deps.window.send('settingsChanged', view));
  for (const notice of settings.consentNotices().refused) log.warn(`policy: a consent notice cannot be used: ${notice.why}`);

  const handlers: Pick<OperationHandlers, 'getSettings' | 'updateSettings' | 'setSecret' | 'useSandboxDespitePolicy'> = {
    getSettings: () => settings.view(),
    updateSettings: (patch) => settings.update(patch),
    setSecret: ({ name, value }) => settings.setSecret(name, value),
    useSandboxDespitePolicy: () => {
      const view = settings.useSandboxDespitePolicy();
      log.warn('policy: the user chose the built-in sandbox (test data) while the policy file cannot be used');
      return view;
    },
  };
  return {
    settings,
    vault,
    dataKeys,
    /** The policy in effect (the audit trail records it, and its retention). */
    policy,
    handlers,
    /** Settings are read and written when asked: nothing runs by itself. */
    start: () => {},
    stop: async (): Promise<void> => {},
  } satisfies Feature;
}
