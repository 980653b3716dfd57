// The Electron runtime a package carries: a release carries exactly package.json's `electron`.
// Another runtime (this workspace's Electron 33 test runtime, where the release's cannot be
// downloaded) is packaged only as a test package, which says so in its version
// (`0.1.0-test.electron.33.2.1`; `0.1.0~test…` for apt, which sorts it below the release) and
// in the first words of its description. Every packaging script asks `testPackage()` and
// `packageIdentity()`; electron-builder runs `beforePack` below on every build (electron-builder.yml),
// so a build started any other way is held to the same rule.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A test package's version: the release's, with a prerelease tag that names the runtime. */
const TEST_TAG = /-test\.electron\.(\d+\.\d+\.\d+)$/;

/** The Electron version package.json names (a release carries exactly it). */
export function releaseElectron(root = ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return String(manifest.devDependencies?.electron ?? manifest.dependencies?.electron ?? '').replace(/^[~^=]/, '');
}

/** The version of the runtime in an Electron distribution folder (its `version` file). */
export function runtimeVersionIn(distFolder) {
  return readFileSync(join(distFolder, 'version'), 'utf8').trim().replace(/^v/, '');
}

export function testPackageVersion(version, runtime) {
  return `${version}-test.electron.${runtime}`;
}

export function testPackageDescription(description, runtime) {
  return `TEST PACKAGE, not a release: built with the Electron ${runtime} test runtime. ${description}`;
}

/** Why a package with this runtime, version and description must not be built, or null. */
export function runtimeProblem({ release, runtime, version, description }) {
  if (runtime === release) return null;
  const tagged = TEST_TAG.exec(version ?? '');
  if (tagged && tagged[1] === runtime && String(description ?? '').startsWith('TEST PACKAGE')) return null;
  return (
    `This package would carry Electron ${runtime}, but a release carries Electron ${release} (package.json's "electron"); refused. ` +
    'To build a test package with this runtime, pass --test-package (its version and description then say it is one).'
  );
}

/** `--test-package` on the command line, or SCRIBE_TEST_PACKAGE=1 in the environment. */
export function testPackage(argv = process.argv, env = process.env) {
  return argv.includes('--test-package') || env.SCRIBE_TEST_PACKAGE === '1';
}

/**
 * What a packaging script builds with: the runtime (ELECTRON_OVERRIDE_DIST_PATH where Electron
 * cannot be downloaded, else package.json's, which electron-builder downloads), the version the
 * package carries, `describe` for each description it carries, and electron-builder's arguments
 * for all of it. Throws the refusal when the runtime is not the release's and no test package
 * was asked for.
 */
export function packageIdentity({ version, test, env = process.env, root = ROOT }) {
  const release = releaseElectron(root);
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH || null;
  const runtime = dist ? runtimeVersionIn(dist) : release;
  const marked = test && runtime !== release;
  const describe = (description) => (marked ? testPackageDescription(description, runtime) : description);
  const identity = { version: marked ? testPackageVersion(version, runtime) : version, describe, runtime, release, test: marked };
  const appDescription = describe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).description ?? '');
  const problem = runtimeProblem({ release, runtime, version: identity.version, description: appDescription });
  if (problem) throw new Error(problem);
  const builderArgs = [
    `-c.extraMetadata.version=${identity.version}`,
    ...(marked ? [`-c.extraMetadata.description=${appDescription}`] : []),
    ...(dist ? [`-c.electronDist=${dist}`, `-c.electronVersion=${runtime}`] : []),
  ];
  return { ...identity, builderArgs };
}

/** Runs `build(identity)`; a refusal is printed as it is (no stack) and the script ends with 1. */
export async function withPackageIdentity(options, build) {
  let identity;
  try {
    identity = packageIdentity(options);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  return build(identity);
}

/** The version of the runtime electron-builder packages: its distribution folder's, a zip's by its name, else the one it downloads. */
function packagedRuntime(packager) {
  const dist = packager.config.electronDist;
  if (dist === undefined || dist === null || dist === '') return packager.info.framework.version;
  if (typeof dist !== 'string') throw new Error('electronDist is given as a function: the runtime it packages cannot be checked; refused.');
  const path = resolve(packager.projectDir ?? ROOT, dist);
  if (existsSync(join(path, 'version'))) return runtimeVersionIn(path);
  const named = /electron-v(\d+\.\d+\.\d+)-/.exec(basename(path));
  if (named) return named[1];
  throw new Error(`The Electron runtime in ${path} does not say its version; refused.`);
}

/**
 * electron-builder's `beforePack` hook: the runtime it is about to package, read from the
 * distribution folder it was given (never only the version it was told), against the rule.
 */
export async function beforePack(context) {
  const { packager } = context;
  const runtime = packagedRuntime(packager);
  const told = packager.info.framework.version;
  if (runtime !== told) throw new Error(`electron-builder was told Electron ${told}, but the runtime it packages is ${runtime}; refused.`);
  const problem = runtimeProblem({ release: releaseElectron(), runtime, version: packager.appInfo.version, description: packager.appInfo.description });
  if (problem) throw new Error(problem);
}

export default beforePack;
