// `npm start`: builds and starts the app with electron-vite's dev server, against the
// embedded sandbox unless settings say otherwise. Extra arguments go to the app.
// On Linux without a display it opens the app in a virtual one, installing (as root, with apt)
// the few system packages that needs, or naming them; a desktop is left alone.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { aptInstall, canInstallPackages } from './apt-install.mjs';
import { displayState } from './display-check.mjs';
import { electronExecutable } from './electron-path.mjs';
import { RUNTIME_PACKAGES, VIRTUAL_DISPLAY_PACKAGES, hasDpkg, installableNames, missingLibraries, missingPackages } from './linux-runtime.mjs';

function stop(message) {
  console.error(message);
  process.exit(1);
}

const aptCommand = (groups) => `sudo apt-get install -y --no-install-recommends ${installableNames(groups).join(' ')}`;

/** Makes sure this Linux system can run the app (in a virtual display when `virtual`); the reason it cannot, or null. */
function readyLinux(executable, virtual) {
  const debian = hasDpkg();
  if (virtual && debian) {
    const missing = missingPackages([...RUNTIME_PACKAGES, ...VIRTUAL_DISPLAY_PACKAGES]);
    if (missing.length > 0 && !canInstallPackages()) {
      return `No display here, so Scribe Desk opens in a virtual one, which needs ${missing.length} system packages that are not installed. Install them and run npm start again: ${aptCommand(missing)}`;
    }
    if (missing.length > 0) {
      console.log(`No display here: installing the ${missing.length} system packages Scribe Desk needs to run in a virtual display: ${installableNames(missing).join(' ')}`);
      const failed = aptInstall(missing);
      if (failed) return `Could not install them: ${failed}. The app was not started.`;
    }
  }
  if (virtual && !debian && spawnSync('xvfb-run', ['--help'], { stdio: 'ignore' }).error) {
    return 'No display here, and xvfb-run is not installed to open the app in a virtual one: install Xvfb and xauth with your package manager (on Fedora: sudo dnf install xorg-x11-server-Xvfb xauth), or start it from a desktop.';
  }
  const libraries = missingLibraries(executable);
  if (libraries.length === 0) return null;
  const fix = debian ? `install them with: ${aptCommand(missingPackages(RUNTIME_PACKAGES))}` : 'install the packages that provide them with your package manager';
  return `Electron cannot start here: this system lacks ${libraries.join(', ')}; ${fix}`;
}

/** Chromium's complaints that a virtual display's machine has no D-Bus and no GPU: true, harmless, and alarming to read. */
const EXPECTED_IN_VIRTUAL_DISPLAY = [/ERROR:bus\.cc\(\d+\)\] Failed to connect to the bus/, /ERROR:viz_main_impl\.cc\(\d+\)\] Exiting GPU process due to errors during initialization/];

function filterExpected(stream) {
  let said = false;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    if (!EXPECTED_IN_VIRTUAL_DISPLAY.some((pattern) => pattern.test(line))) return console.error(line);
    if (said) return;
    said = true;
    console.error("(Left out: Chromium's messages that this machine has no D-Bus and no GPU, as a virtual display's machine has not; the app needs neither.)");
  });
}

let executable;
try {
  executable = electronExecutable();
} catch (error) {
  stop(error.message);
}

let virtual = false;
if (process.platform === 'linux') {
  const display = await displayState();
  if (display.kind === 'dead') stop(`${display.variable} is set, but no display server answers there: start it, or unset the variable to open the app in a virtual display.`);
  virtual = display.kind === 'none';
  const problem = readyLinux(executable, virtual);
  if (problem) stop(problem);
}

const appArgs = process.argv.slice(2);
// Chromium refuses to run as root with its sandbox on; only then is it turned off.
if (process.getuid?.() === 0 && !appArgs.includes('--no-sandbox')) appArgs.push('--no-sandbox');

// A development build: the dev server's page address is honoured (main/core/build-kind.ts).
const env = { ...process.env, ELECTRON_EXEC_PATH: executable, SCRIBE_BUILD: 'development' };
// electron-vite's own script under this Node: npx may not be on a fresh machine's PATH (xvfb-run looks there).
const electronVite = [process.execPath, fileURLToPath(new URL('../node_modules/electron-vite/bin/electron-vite.js', import.meta.url)), 'dev', '--', ...appArgs];
const [command, ...args] = virtual ? ['xvfb-run', '-a', '-s', '-screen 0 1280x900x24', ...electronVite] : electronVite;
if (virtual) console.log('No display found: starting the app in a virtual display (xvfb-run).');

const child = spawn(command, args, { stdio: ['inherit', 'inherit', virtual ? 'pipe' : 'inherit'], env });
if (virtual) filterExpected(child.stderr);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
child.on('error', (error) => stop(`Could not start ${command}: ${error.message}`));
