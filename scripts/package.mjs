// `npm run package` (installers for this OS) and `npm run package:dir` (the unpacked app only):
// checks the Electron runtime first (scripts/release-runtime.mjs: a release carries package.json's
// `electron`; `--test-package` builds another runtime as a test package that says so), then
// builds the app and runs electron-builder. Other arguments go to electron-builder as they are.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testPackage, withPackageIdentity } from './release-runtime.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const passed = process.argv.slice(2).filter((arg) => arg !== '--test-package' && arg !== '--no-build');

await withPackageIdentity({ version, test: testPackage() }, (identity) => {
  const run = (command, args) => execFileSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (!process.argv.includes('--no-build')) run('npm', ['run', 'build']);
  run('npx', ['electron-builder', ...passed, ...identity.builderArgs]);
});
