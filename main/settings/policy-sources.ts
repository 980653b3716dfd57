/**
 * Where the administrator's policy is read from on each OS, in precedence order: on Windows
 * the registry under HKEY_LOCAL_MACHINE (Group Policy, Intune), the ProgramData file, then
 * the registry under HKEY_CURRENT_USER; on macOS the machine's managed preferences
 * (a device profile), the Application Support file, then the user's (a user profile); on
 * Linux the /etc file. Machine-wide always wins over per-user. Only the reading is here: what
 * the values mean is in the pure readers beside it.
 */
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { mergedPolicy } from './policy-merge';
import { NO_POLICY, fileReadProblem, ignoredPolicy, loadPolicy, machinePolicyPath, type LoadedPolicy } from './policy';
import { managedPreferencesOrigin, plistPolicy } from './plist-policy';
import { POLICY_REGISTRY_KEY, registryOrigin, registryPolicy } from './registry-policy';
import { readRegistryKey, type RegistryHive } from './windows-registry';

function registrySource(hive: RegistryHive): LoadedPolicy {
  const origin = registryOrigin(hive);
  let read: ReturnType<typeof readRegistryKey>;
  try {
    read = readRegistryKey(hive, POLICY_REGISTRY_KEY);
  } catch {
    return ignoredPolicy(origin, 'the registry could not be read');
  }
  if (read.state === 'unreadable') return ignoredPolicy(origin, `it cannot be read (Windows error ${read.code})`);
  // A key Group Policy emptied when its settings were set back to "Not configured" manages nothing.
  if (read.state === 'absent' || read.values.length === 0) return NO_POLICY;
  return registryPolicy(origin, read.values);
}

function managedPreferencesSource(user: () => string | null): LoadedPolicy {
  let name: string | null;
  try {
    name = user();
  } catch {
    return ignoredPolicy(managedPreferencesOrigin('?'), 'the user could not be named');
  }
  const origin = managedPreferencesOrigin(name);
  let bytes: Buffer;
  try {
    bytes = readFileSync(origin.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? NO_POLICY : ignoredPolicy(origin, fileReadProblem(code));
  }
  return plistPolicy(origin, bytes);
}

/** The policy every source on this computer sets together (before any `--policy` file: see effectivePolicy). */
export function loadManagedPolicy(platform: NodeJS.Platform, programData: () => string): LoadedPolicy {
  const file = () => loadPolicy(machinePolicyPath(platform, programData), false);
  switch (platform) {
    case 'win32':
      return mergedPolicy([registrySource('HKLM'), file(), registrySource('HKCU')]);
    case 'darwin':
      return mergedPolicy([managedPreferencesSource(() => null), file(), managedPreferencesSource(() => userInfo().username)]);
    default:
      return file();
  }
}
