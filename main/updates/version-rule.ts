/**
 * Which offered version may be installed: only one strictly newer than the running one, by
 * semantic versioning precedence (https://semver.org §11). Written here rather than imported
 * because `semver` is only a transitive dependency of electron-updater. Pure.
 */

interface Version {
  core: [number, number, number];
  prerelease: string[];
}

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

export function parseVersion(text: string): Version | null {
  const match = SEMVER.exec(text);
  if (!match) return null;
  const core = [Number(match[1]), Number(match[2]), Number(match[3])] as [number, number, number];
  if (!core.every(Number.isSafeInteger)) return null;
  return { core, prerelease: match[4] ? match[4].split('.') : [] };
}

function compareIdentifiers(a: string, b: string): number {
  const aNumeric = /^\d+$/.test(a);
  const bNumeric = /^\d+$/.test(b);
  if (aNumeric && bNumeric) return Math.sign(Number(a) - Number(b));
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** -1, 0 or 1 as `a` has lower, equal or higher precedence than `b` (build metadata ignored). */
export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    if (a.core[i] !== b.core[i]) return Math.sign(a.core[i]! - b.core[i]!);
  }
  // A pre-release comes before its release: 1.0.0-beta.1 < 1.0.0.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) return Math.sign(b.prerelease.length - a.prerelease.length);
  for (let i = 0; i < Math.min(a.prerelease.length, b.prerelease.length); i++) {
    const order = compareIdentifiers(a.prerelease[i]!, b.prerelease[i]!);
    if (order !== 0) return order;
  }
  return Math.sign(a.prerelease.length - b.prerelease.length);
}

/**
 * Why the offered version must not be taken (not a version, or older than the running one),
 * or null. The same version is no problem: it just means there is nothing to update.
 */
export function offeredVersionProblem(running: string, offered: unknown): string | null {
  const shown = typeof offered === 'string' ? offered.slice(0, 64) : String(offered);
  const offeredVersion = typeof offered === 'string' ? parseVersion(offered) : null;
  if (!offeredVersion) return `The update server offers version "${shown}", which is not a valid version number; refused. Nothing was downloaded.`;
  const runningVersion = parseVersion(running);
  if (!runningVersion) return `This copy's own version (${running}) cannot be compared with the offered one; refused. Nothing was downloaded.`;
  if (compareVersions(offeredVersion, runningVersion) < 0) {
    return `The update server offers version ${shown}, which is not newer than this version (${running}); refused. Nothing was downloaded.`;
  }
  return null;
}

/** Whether `offered` may be installed over `running`: strictly newer. */
export function isNewerVersion(running: string, offered: string): boolean {
  const a = parseVersion(offered);
  const b = parseVersion(running);
  return a !== null && b !== null && compareVersions(a, b) > 0;
}
