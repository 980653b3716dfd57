/** scripts/sign-release.mjs as the publisher runs it: a staged share set, raised, and signed with the file. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSignedByPublisher, publisherKeyFromPem } from '../../../main/updates/release-signature';
import { tempFolder } from '../../support/temp-folder';

const SCRIPTS = join(import.meta.dirname, '..', '..', '..', 'scripts');
const run = (script: string, ...args: string[]) => spawnSync(process.execPath, [join(SCRIPTS, script), ...args], { encoding: 'utf8' });

function publisher() {
  const keys = join(tempFolder(), 'keys');
  execFileSync(process.execPath, [join(SCRIPTS, 'make-release-key.mjs'), keys]);
  return { privateKey: join(keys, 'update-private-key.pem'), publicKey: publisherKeyFromPem(readFileSync(join(keys, 'update-public-key.pem'), 'utf8')) };
}

function dist(): string {
  const folder = join(tempFolder(), 'dist');
  mkdirSync(folder);
  writeFileSync(join(folder, 'latest-linux.yml'), "version: 1.4.0\npath: Scribe-Desk-1.4.0.AppImage\nsha512: abc\nreleaseDate: '2026-11-25T06:05:00.000Z'");
  return folder;
}

describe('sign-release.mjs --staging-percentage', () => {
  it('sets the share in each channel file, replaces it when raised, and signs the file with it', () => {
    const key = publisher();
    const folder = dist();
    expect(run('sign-release.mjs', key.privateKey, folder, '--staging-percentage=10').status).toBe(0);
    expect(readFileSync(join(folder, 'latest-linux.yml'), 'utf8')).toMatch(/\nreleaseDate: '2026-11-25T06:05:00.000Z'\nstagingPercentage: 10\n$/);

    expect(run('sign-release.mjs', key.privateKey, folder, '--staging-percentage=50').status).toBe(0);
    const yml = readFileSync(join(folder, 'latest-linux.yml'));
    expect(yml.toString().match(/stagingPercentage/g)).toHaveLength(1);
    expect(yml.toString()).toMatch(/\nstagingPercentage: 50\n$/);
    expect(isSignedByPublisher('latest-linux.yml', yml, readFileSync(join(folder, 'latest-linux.yml.sig'), 'utf8'), key.publicKey)).toBe(true);
  });

  it('refuses a share that is not a number from 0 to 100, changing nothing', () => {
    const key = publisher();
    const folder = dist();
    const before = readFileSync(join(folder, 'latest-linux.yml'), 'utf8');
    for (const value of ['', '-5', '101', 'ten']) {
      const result = run('sign-release.mjs', key.privateKey, folder, `--staging-percentage=${value}`);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/takes a number from 0 to 100/);
    }
    expect(readFileSync(join(folder, 'latest-linux.yml'), 'utf8')).toBe(before);
  });
});
