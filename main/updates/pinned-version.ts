/**
 * The administrator's pinned version (`updatePinnedVersion`): the one version this computer
 * may update to. An offer of any other version, newer or older, is not taken; a pin older than
 * the running version never takes the computer back (nothing older is ever installed): it
 * stays where it is and takes no update. Pure.
 */
import { compareVersions, parseVersion } from './version-rule';

/** Why `offered` is not taken under the pin `pinned` while `running` runs, or null when it may be (or nothing is pinned). */
export function pinnedVersionHold(pinned: string, running: string, offered: string): string | null {
  if (pinned === '') return null;
  const pin = parseVersion(pinned);
  const current = parseVersion(running);
  const offer = parseVersion(offered);
  if (!pin) return `Your administrator pinned version "${pinned.slice(0, 64)}", which is not a version number; no update is installed.`;
  if (current && compareVersions(pin, current) < 0) {
    return `Your administrator pinned version ${pinned}, older than this one (${running}); the app never goes back to an older version, so it stays on ${running} and installs no update.`;
  }
  if (current && compareVersions(pin, current) === 0) return `Your administrator keeps this computer on version ${pinned}; version ${offered} is not installed.`;
  if (offer && compareVersions(offer, pin) === 0) return null;
  return `Your administrator pinned version ${pinned}; the update server offers version ${offered} instead, which is not installed.`;
}
