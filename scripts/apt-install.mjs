// Installs Debian packages with apt-get as root, and when it cannot, says why in words a
// newcomer can act on: another install holds apt's lock, or the package sources cannot be reached.
import { spawnSync } from 'node:child_process';
import { installableNames } from './linux-runtime.mjs';

/** How long to wait for another install (unattended upgrades at boot, say) to let go of apt's lock. */
const LOCK_WAIT_S = Number(process.env.SCRIBE_APT_LOCK_WAIT_S ?? 120);

const LOCKED = /Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock/;
const UNREACHABLE = /Temporary failure resolving|Could not resolve|Failed to fetch|Unable to connect|Could not connect|Connection (failed|refused|timed out)|Unable to locate package|has no installation candidate|Unable to fetch/;

export function canInstallPackages() {
  return process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

function aptGet(args, lockWait) {
  const result = spawnSync('apt-get', ['-o', `DPkg::Lock::Timeout=${lockWait}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) return { ok: false, output: result.error.message };
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** What went wrong, in one sentence, from apt's own words; `holder`: the program that held apt's lock when first asked. */
function reason(output, holder) {
  if (LOCKED.test(output)) return `another install${holder ? ` (${holder})` : ''} still holds apt's lock after ${LOCK_WAIT_S} s; try again when it has finished`;
  if (UNREACHABLE.test(output)) return `apt's package sources could not be reached (${lastError(output)}); check the network or /etc/apt/sources.list`;
  return `apt-get said: ${lastError(output)}`;
}

function lastError(output) {
  const lines = output.split('\n').map((line) => line.trim()).filter(Boolean);
  return (lines.filter((line) => /^(E|Err|W):/.test(line)).at(-1) ?? lines.at(-1) ?? 'no message').slice(0, 300);
}

/**
 * Installs the groups (`a | b`, the first with a candidate), updating apt's lists first. Resolves
 * to null when done, or to the reason it could not be.
 */
export function aptInstall(groups) {
  // Said at once rather than after a silent wait: `check` takes dpkg's lock, and without waiting names who holds it.
  const probe = aptGet(['check', '-qq'], 0);
  const holder = LOCKED.test(probe.output) ? (probe.output.match(/held by process \d+ \(([^)]+)\)/)?.[1] ?? null) : null;
  if (LOCKED.test(probe.output)) console.log(`Another install${holder ? ` (${holder})` : ''} holds apt's lock: waiting up to ${LOCK_WAIT_S} s for it to finish.`);
  const update = aptGet(['update', '-qq'], LOCK_WAIT_S);
  if (!update.ok && LOCKED.test(update.output)) return reason(update.output, holder);
  // A failed update may leave usable lists; the install says whether they were enough.
  const names = installableNames(groups);
  const install = aptGet(['install', '-y', '-qq', '--no-install-recommends', ...names], LOCK_WAIT_S);
  if (install.ok) return null;
  return reason(`${update.ok ? '' : update.output}\n${install.output}`, holder);
}
