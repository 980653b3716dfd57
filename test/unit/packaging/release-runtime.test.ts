/**
 * A release carries the runtime it names (scripts/release-runtime.mjs): the packaging scripts
 * as a publisher runs them, refusing another Electron before anything is built, and
 * electron-builder's beforePack hook as every build meets it. The runtimes are distribution
 * folders with only their `version` file: nothing is packaged here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript, run by Node and electron-builder as it is.
import * as releaseRuntime from '../../../scripts/release-runtime.mjs';
import { tempFolder } from '../../support/temp-folder';

interface Identity {
  version: string;
  test: boolean;
  runtime: string;
  builderArgs: string[];
  describe(text: string): string;
}
const { beforePack, packageIdentity, releaseElectron } = releaseRuntime as {
  beforePack(context: unknown): Promise<void>;
  packageIdentity(options: { version: string; test: boolean; env: Record<string, string | undefined> }): Identity;
  releaseElectron(): string;
};

const ROOT = join(import.meta.dirname, '..', '..', '..');
const RELEASE = releaseElectron();
const APP = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; description: string };

function runtimeFolder(version: string): string {
  const folder = join(tempFolder(), `electron-v${version}-linux-x64`);
  mkdirSync(folder);
  writeFileSync(join(folder, 'version'), `${version}\n`);
  return folder;
}

/** Runs a packaging script with ELECTRON_OVERRIDE_DIST_PATH at `runtime`; nothing is built when it refuses. */
function packaging(script: string, runtime: string, ...args: string[]) {
  const out = tempFolder();
  const env = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: runtime };
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', script), '--no-build', `--out=${out}`, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  return { ...result, out };
}

describe('the packaging scripts', () => {
  it.each(['package-deb.mjs', 'package.mjs'])('%s refuses a runtime other than package.json’s electron, before anything is built', (script) => {
    const refused = packaging(script, runtimeFolder('33.2.1'));
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `This package would carry Electron 33.2.1, but a release carries Electron ${RELEASE} (package.json's "electron"); refused. To build a test package with this runtime, pass --test-package (its version and description then say it is one).`,
    );
    expect(refused.stdout).not.toMatch(/electron-builder|\.deb/);
    expect(existsSync(join(ROOT, 'dist', `deb-${APP.version}`))).toBe(false);
  });

  it('a test package says so in its version and description; the release’s own runtime is packaged as the release', () => {
    const test = packageIdentity({ version: '0.1.0', test: true, env: { ELECTRON_OVERRIDE_DIST_PATH: runtimeFolder('33.2.1') } });
    expect(test.version).toBe('0.1.0-test.electron.33.2.1');
    expect(test.describe('Clinical dictation.')).toBe('TEST PACKAGE, not a release: built with the Electron 33.2.1 test runtime. Clinical dictation.');
    expect(test.builderArgs).toEqual([
      '-c.extraMetadata.version=0.1.0-test.electron.33.2.1',
      `-c.extraMetadata.description=TEST PACKAGE, not a release: built with the Electron 33.2.1 test runtime. ${APP.description}`,
      expect.stringMatching(/^-c\.electronDist=.*electron-v33\.2\.1-linux-x64$/),
      '-c.electronVersion=33.2.1',
    ]);
    // Asked for a test package with the release's runtime, it is the release: nothing to mark.
    const release = packageIdentity({ version: '0.1.0', test: true, env: { ELECTRON_OVERRIDE_DIST_PATH: runtimeFolder(RELEASE) } });
    expect({ version: release.version, test: release.test, described: release.describe('Clinical dictation.') }).toEqual({ version: '0.1.0', test: false, described: 'Clinical dictation.' });
    expect(packageIdentity({ version: '0.1.0', test: false, env: {} }).builderArgs).toEqual(['-c.extraMetadata.version=0.1.0']);
  });
});

/** What electron-builder hands the hook: its packager's config, framework and app info. */
function context(options: { told: string; dist?: string; version: string; description: string }) {
  return {
    packager: {
      projectDir: ROOT,
      config: { electronDist: options.dist },
      info: { framework: { version: options.told } },
      appInfo: { version: options.version, description: options.description },
    },
  };
}

describe('electron-builder’s beforePack hook (electron-builder.yml)', () => {
  it('is the one every build runs', () => {
    expect(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(/^beforePack: \.\/scripts\/release-runtime\.mjs$/m);
  });

  it('packages the release’s runtime, and another only as a test package that names it in its version and description', async () => {
    const test33 = runtimeFolder('33.2.1');
    await expect(beforePack(context({ told: RELEASE, version: '0.1.0', description: APP.description }))).resolves.toBeUndefined();
    await expect(beforePack(context({ told: '33.2.1', dist: test33, version: '0.1.0', description: APP.description }))).rejects.toThrow(/would carry Electron 33\.2\.1.*refused/);
    const described = `TEST PACKAGE, not a release: built with the Electron 33.2.1 test runtime. ${APP.description}`;
    await expect(beforePack(context({ told: '33.2.1', dist: test33, version: '0.1.0-test.electron.33.2.1', description: described }))).resolves.toBeUndefined();
    // A test version that names another runtime, or a description that does not say it, is no test package.
    await expect(beforePack(context({ told: '33.2.1', dist: test33, version: '0.1.0-test.electron.33.2.0', description: described }))).rejects.toThrow(/refused/);
    await expect(beforePack(context({ told: '33.2.1', dist: test33, version: '0.1.0-test.electron.33.2.1', description: APP.description }))).rejects.toThrow(/refused/);
  });

  it('reads the runtime from the folder it packages, not from the version it was told', async () => {
    await expect(beforePack(context({ told: RELEASE, dist: runtimeFolder('33.2.1'), version: '0.1.0', description: APP.description }))).rejects.toThrow(
      `electron-builder was told Electron ${RELEASE}, but the runtime it packages is 33.2.1; refused.`,
    );
  });
});
