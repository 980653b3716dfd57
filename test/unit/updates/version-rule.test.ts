import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compareVersions, isNewerVersion, offeredVersionProblem, parseVersion } from '../../../main/updates/version-rule';

// The semver package electron-updater itself uses, as an independent reference.
const semver = createRequire(import.meta.url)('electron-updater/node_modules/semver') as { compare(a: string, b: string): number };

const VERSIONS = [
  '0.0.9',
  '0.1.0-alpha',
  '0.1.0-alpha.1',
  '0.1.0-alpha.beta',
  '0.1.0-beta',
  '0.1.0-beta.2',
  '0.1.0-beta.11',
  '0.1.0-rc.1',
  '0.1.0',
  '0.1.0+build.7',
  '0.1.1',
  '0.2.0-0',
  '0.2.0',
  '0.10.0',
  '1.0.0-1',
  '1.0.0-a',
  '1.0.0',
  '2.0.0',
  '10.0.0',
];

describe('compareVersions', () => {
  it('orders every pair as semver does', () => {
    for (const a of VERSIONS) {
      for (const b of VERSIONS) {
        expect([a, b, compareVersions(parseVersion(a)!, parseVersion(b)!)]).toEqual([a, b, semver.compare(a, b)]);
      }
    }
  });

  it('accepts only full semantic versions', () => {
    for (const bad of ['', '1', '1.2', 'v1.2.3', '01.2.3', '1.2.3-', '1.2.3-01', '1.2.3 ', ' 1.2.3', '1.2.3-beta..1', '99999999999999999999.0.0']) {
      expect(parseVersion(bad), bad).toBeNull();
    }
  });
});

describe('offeredVersionProblem', () => {
  it('refuses an older version with the versions named', () => {
    expect(offeredVersionProblem('0.1.0', '0.0.9')).toBe(
      'The update server offers version 0.0.9, which is not newer than this version (0.1.0); refused. Nothing was downloaded.',
    );
    expect(offeredVersionProblem('0.2.0', '0.2.0-beta.3')).toMatch(/not newer than this version \(0\.2\.0\); refused/);
  });

  it('refuses what is not a version', () => {
    expect(offeredVersionProblem('0.1.0', 'latest')).toMatch(/"latest", which is not a valid version number; refused/);
    expect(offeredVersionProblem('0.1.0', undefined)).toMatch(/not a valid version number/);
    expect(offeredVersionProblem('0.1.0', 2)).toMatch(/not a valid version number/);
  });

  it('lets a newer version through, and the same version (nothing to update)', () => {
    expect(offeredVersionProblem('0.1.0', '0.2.0')).toBeNull();
    expect(offeredVersionProblem('0.1.0', '0.1.1-beta.1')).toBeNull();
    expect(offeredVersionProblem('0.1.0', '0.1.0')).toBeNull();
  });
});

describe('isNewerVersion', () => {
  it('is true only for a strictly newer version', () => {
    expect(isNewerVersion('0.1.0', '0.2.0')).toBe(true);
    expect(isNewerVersion('0.1.0-beta.1', '0.1.0')).toBe(true);
    expect(isNewerVersion('0.1.0', '0.1.0')).toBe(false);
    expect(isNewerVersion('0.1.0', '0.1.0+build.2')).toBe(false);
    expect(isNewerVersion('0.1.0', '0.0.9')).toBe(false);
    expect(isNewerVersion('0.1.0', 'garbage')).toBe(false);
  });
});
