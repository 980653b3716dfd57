/**
 * Where the administrator's policy is read from on each OS, in precedence order: on Windows
 * the registry under HKEY_LOCAL_MACHINE (Group Policy, Intune), the ProgramData file, then
 * the registry under HKEY_CURRENT_USER; on macOS the machine's managed preferences
 * (a device profile), the Application Support file, then the user's (a user profile); on
 * Linux the /etc file. Machine-wide always wins over per-user. A machine-wide file is used
 * only when no one but an administrator could have written it (admin-only-path.ts on Linux and
 * macOS, windows-admin-only.ts on Windows); otherwise it is refused, as a broken one is. Only
 * the reading is here: what the values mean is in the pure readers beside it.
 */
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { userInfo } from 'node:os';
import { win32 } from 'node:path';
import { adminOnlyProblem, notAdminOnlyReason } from './admin-only-path';
import { mergedPolicy } from './policy-merge';
import { NO_POLICY, fileReadProblem, ignoredPolicy, loadPolicy, machinePolicyPath, policyFileOrigin, type LoadedPolicy, type PolicyOrigin } from './policy';
import { managedPreferencesOrigin, plistPolicy } from './plist-policy';
import { POLICY_REGISTRY_KEY, registryOrigin, registryPolicy, settingValues } from './registry-policy';
import { windowsAdminOnlyProblem, windowsNotAdminOnlyReason } from './windows-admin-only';
import { windowsFileSecurity } from './windows-file-security';
import { readRegistryKey, type RegistryHive } from './windows-registry';

/** Why someone other than an administrator could have written the machine-wide file at `path` (which exists), or null. */
function notAdminOnly(platform: NodeJS.Platform, path: string): string | null {
  if (platform === 'win32') {
    const security = windowsFileSecurity();
    const problem = windowsAdminOnlyProblem(`the folder ${win32.dirname(path)}`, security(win32.dirname(path))) ?? windowsAdminOnlyProblem(`the file ${path}`, security(path));
    return problem && windowsNotAdminOnlyReason(problem);
  }
  const problem = adminOnlyProblem(path, { lstat: (at) => lstatSync(at), readlink: (at) => readlinkSync(at) });
  return problem && notAdminOnlyReason(problem);
}

/**
 * A machine-wide file (the policy file, macOS's managed preferences), read with `read` only when
 * no one but an administrator could have written it; a missing file is no policy.
 */
function adminOnlySource(platform: NodeJS.Platform, origin: PolicyOrigin, read: () => LoadedPolicy): LoadedPolicy {
  try {
    lstatSync(origin.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? NO_POLICY : ignoredPolicy(origin, fileReadProblem(code));
  }
  let problem: string | null;
  try {
    problem = notAdminOnly(platform, origin.path);
  } catch (error) {
    problem = `who may change it cannot be told (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  return problem ? ignoredPolicy(origin, problem) : read();
}

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
  if (read.state === 'absent' || settingValues(read.values).length === 0) return NO_POLICY;
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
  return adminOnlySource('darwin', origin, () => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(origin.path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? NO_POLICY : ignoredPolicy(origin, fileReadProblem(code));
    }
    return plistPolicy(origin, bytes);
  });
}

/** The policy every source on this computer sets together (before any `--policy` file: see effectivePolicy). */
export function loadManagedPolicy(platform: NodeJS.Platform, programData: () => string): LoadedPolicy {
  const file = () => {
    const path = machinePolicyPath(platform, programData);
    return adminOnlySource(platform, policyFileOrigin(path), () => loadPolicy(path, false));
  };
  switch (platform) {
    case 'win32':
      return mergedPolicy([registrySource('HKLM'), file(), registrySource('HKCU')]);
    case 'darwin':
      return mergedPolicy([managedPreferencesSource(() => null), file(), managedPreferencesSource(() => userInfo().username)]);
    default:
      return file();
  }
}
