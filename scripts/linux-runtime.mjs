// What the app needs from a Linux system to run, as Debian packages: one table for the Debian
// package's Depends (package-deb.mjs), `npm start` on a machine without them (start.mjs) and
// the test machine (system-deps.sh, which runs `node scripts/linux-runtime.mjs` for the names).
import { execFileSync, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * By package, on Debian 12 and Ubuntu 22.04/24.04 (the second name of a pair is Ubuntu 24.04's
 * 64-bit-time rename). Read from the ELF files' NEEDED entries and the libraries they load at
 * run time; the end-to-end tests install the package, and start the app, on a minimal Debian 12
 * and check that nothing is missing.
 */
export const RUNTIME_PACKAGES = [
  // Electron's own binary
  'libgtk-3-0 | libgtk-3-0t64',
  'libglib2.0-0 | libglib2.0-0t64',
  'libnss3',
  'libnspr4',
  'libdbus-1-3',
  'libatk1.0-0 | libatk1.0-0t64',
  'libatk-bridge2.0-0 | libatk-bridge2.0-0t64',
  'libatspi2.0-0 | libatspi2.0-0t64',
  'libcups2 | libcups2t64',
  'libdrm2',
  'libgbm1',
  'libpango-1.0-0',
  'libcairo2',
  'libexpat1',
  'libudev1',
  'libxkbcommon0',
  'libx11-6',
  'libxcb1',
  'libxcomposite1',
  'libxdamage1',
  'libxext6',
  'libxfixes3',
  'libxrandr2',
  'libasound2 | libasound2t64',
  // Loaded at run time by Electron: notifications, the keyring behind safeStorage, screen savers
  'libnotify4',
  'libsecret-1-0',
  'libxss1',
  // The recorder (PvRecorder) plays through PulseAudio or PipeWire's PulseAudio server, else ALSA
  'libpulse0',
  // The keyboard hook (uiohook-napi: XRecord and XTest) and koffi
  'libxtst6',
  'libxt6 | libxt6t64',
  'libstdc++6',
  // Opening a lab report's original in the desktop's viewer
  'xdg-utils',
];

/**
 * A desktop has these: a sound server, a keyring, and OpenGL (without it Chromium draws in
 * software); and fonts for the Indian scripts a handout is written in (Devanagari, Bengali,
 * Gurmukhi, Gujarati, Tamil, Telugu, Kannada, Malayalam), which a desktop set up in English may lack.
 */
export const DESKTOP_RECOMMENDS = ['pulseaudio | pipewire-pulse', 'pulseaudio-utils', 'gnome-keyring | kwalletmanager', 'libgl1', 'fonts-indic | fonts-noto-core'];

/** Without a screen, the app opens in a virtual display (xvfb-run needs xauth), which needs fonts a desktop already has. */
export const VIRTUAL_DISPLAY_PACKAGES = ['xvfb', 'xauth', 'fonts-dejavu-core'];

const alternatives = (group) => group.split('|').map((name) => name.trim());

/** Whether packages can be asked about here: Debian, Ubuntu and their derivatives. */
export function hasDpkg() {
  return spawnSync('dpkg-query', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** The groups (`a | b`) of which no package is installed, by dpkg's own record. */
export function missingPackages(groups) {
  const names = groups.flatMap(alternatives);
  // dpkg-query exits 1 when it knows some names not at all; what it printed still holds.
  const listed = spawnSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Abbrev}\n', ...names], { encoding: 'utf8' }).stdout ?? '';
  const installed = new Set(
    listed
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, status]) => status?.startsWith('ii'))
      .map(([name]) => name.replace(/:.*$/, '')),
  );
  return groups.filter((group) => !alternatives(group).some((name) => installed.has(name)));
}

/**
 * For each group, the name apt can install: the first with a candidate version (on Ubuntu 24.04
 * `libasound2` is only a name that two packages provide, and apt would ask which). Needs apt's
 * lists, so after `apt-get update`.
 */
export function installableNames(groups) {
  const names = groups.flatMap(alternatives);
  const policy = spawnSync('apt-cache', ['policy', ...names], { encoding: 'utf8' }).stdout ?? '';
  const candidates = new Set();
  for (const block of policy.split(/\n(?=\S)/)) {
    const name = block.slice(0, block.indexOf(':'));
    if (/Candidate: (?!\(none\))/.test(block)) candidates.add(name);
  }
  return groups.map((group) => alternatives(group).find((name) => candidates.has(name)) ?? alternatives(group)[0]);
}

/** The shared libraries an executable needs that this system cannot find (`ldd`), by name. */
export function missingLibraries(executable) {
  try {
    const listed = execFileSync('ldd', [executable], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return [...listed.matchAll(/^\s*(\S+) => not found/gm)].map((match) => match[1]);
  } catch {
    return [];
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // For system-deps.sh: the runtime's packages by their Debian 12 names, one a line.
  console.log(RUNTIME_PACKAGES.map((group) => alternatives(group)[0]).join('\n'));
}
