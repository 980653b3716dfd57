// `npm run package:deb`: the Debian package, dist/scribe-desk_<version>_amd64.deb, from a release
// build that apt updates (SCRIBE_PACKAGE_MANAGER=apt): electron-builder's `dir` target, then
// electron-installer-debian (dpkg-deb under fakeroot). Options:
//   --version=<x.y.z>  package this version instead of package.json's (the app reports it too)
//   --out=<folder>     where the .deb goes (default dist/)
//   --no-build         package out/ as it is (a release build for apt made just before)
//   --compression=zstd a package in seconds rather than minutes, a quarter larger (default
//                      xz; Debian 12 and Ubuntu 22.04 and later read both)
//   --test-package     package a runtime other than package.json's `electron` (here, the Electron
//                      33 test runtime): the version becomes <version>-test.electron.<runtime>
//                      (<version>~test… for apt) and the description says it is a test package.
//                      Without it, such a runtime is refused (scripts/release-runtime.mjs).
// Prints the package's path on its last line.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { electronExecutable } from './electron-path.mjs';
import { DESKTOP_RECOMMENDS, RUNTIME_PACKAGES } from './linux-runtime.mjs';
import { testPackage, withPackageIdentity } from './release-runtime.mjs';

const require = createRequire(import.meta.url);
const { Installer, transformVersion } = require('electron-installer-debian');

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LINUX = join(ROOT, 'build', 'linux');


function option(name) {
  const prefix = `--${name}=`;
  const found = process.argv.find((arg) => arg.startsWith(prefix));
  return found ? found.slice(prefix.length) : null;
}

function run(command, args, env = process.env) {
  execFileSync(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env });
}

/** electron-installer-debian with this package's own dependency lists (not merged with its Electron defaults) and copyright file. */
class ScribeDeskDebian extends Installer {
  async generateDefaults() {
    await super.generateDefaults();
    // Its defaults would add alternatives such as `kde-cli-tools | … | gvfs-bin`, which apt
    // resolves to KDE on a bare machine; the lists above are complete and checked.
    Object.assign(this.defaults, { depends: [], recommends: [], suggests: [], enhances: [], preDepends: [] });
    return this.defaults;
  }

  async copyLicense(copyrightFile) {
    await copyFile(join(LINUX, 'copyright'), copyrightFile);
  }
}

/** A test package's `-test…` tag as `~test…`, which apt sorts below the release (transformVersion knows only beta, rc and the like). */
const debianVersion = (version) => transformVersion(version).replace(/-(test\.)/, '~$1');

const PRODUCT_DESCRIPTION =
  'Scribe Desk records doctors\' dictations and sends them to a transcription service, shows the structured note, uploads lab reports and registers patients for an ABHA number. Every recording is kept encrypted on the computer until the service has it. Clinic IT manage it with /etc/scribe-desk/policy.json.';

async function debianPackage(src, dest, identity, compression) {
  const installer = new ScribeDeskDebian({
    src,
    dest,
    arch: 'amd64',
    name: 'scribe-desk',
    bin: 'scribe-desk',
    productName: 'Scribe Desk',
    genericName: 'Clinical dictation',
    description: identity.summary,
    productDescription: identity.description,
    version: debianVersion(identity.version),
    section: 'misc',
    priority: 'optional',
    maintainer: 'Scribe Desk developers <support@scribedesk.invalid>',
    categories: ['Office'],
    depends: RUNTIME_PACKAGES,
    recommends: DESKTOP_RECOMMENDS,
    icon: Object.fromEntries(
      [16, 32, 48, 64, 128, 256, 512].map((size) => [`${size}x${size}`, join(ROOT, 'build', 'icons', `${size}x${size}.png`)]).concat([['scalable', join(ROOT, 'build', 'icon.svg')]]),
    ),
    desktopTemplate: join(LINUX, 'scribe-desk.desktop.ejs'),
    scripts: { postinst: join(LINUX, 'postinst'), postrm: join(LINUX, 'postrm') },
    compression,
    rename: (folder) => join(folder, '<%= name %>_<%= version %>_<%= arch %>.deb'),
    logger: () => {},
  });
  await installer.generateDefaults();
  await installer.generateOptions();
  await installer.createStagingDir();
  await installer.createContents();
  await installer.createPackage();
  await installer.movePackage();
  return installer.options.packagePaths[0];
}

const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
// Checked before anything is built: a release carries package.json's Electron, or says it is a test package.
await withPackageIdentity({ version: option('version') ?? manifest.version, test: testPackage() }, async (identity) => {
  const { version } = identity;
  const out = resolve(option('out') ?? join(ROOT, 'dist'));
  const unpackedRoot = join(ROOT, 'dist', `deb-${version}`);
  if (!process.argv.includes('--no-build')) {
    const env = { ...process.env, SCRIBE_PACKAGE_MANAGER: 'apt' };
    delete env.SCRIBE_BUILD; // a release build, never a development one
    electronExecutable();
    run('npx', ['electron-vite', 'build', '--logLevel', 'warn'], env);
  }
  await rm(unpackedRoot, { recursive: true, force: true });
  run('npx', ['electron-builder', '--dir', '--linux', '--x64', '--publish', 'never', `-c.directories.output=${unpackedRoot}`, ...identity.builderArgs]);
  await mkdir(out, { recursive: true });
  const summary = identity.test ? `TEST PACKAGE (Electron ${identity.runtime}), not a release` : 'Clinical dictation, lab report upload and patient registration';
  const deb = await debianPackage(join(unpackedRoot, 'linux-unpacked'), out, { version, summary, description: identity.describe(PRODUCT_DESCRIPTION) }, option('compression') ?? 'xz');
  await rm(unpackedRoot, { recursive: true, force: true });
  console.log(deb);
});
