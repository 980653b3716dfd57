/** Command-line switches the app understands. Pure: no Electron. */
import { isAbsolute, resolve } from 'node:path';

export interface AppArguments {
  /** `--user-data-dir=<dir>`: the app's data goes below it (downloaded updates go to the user's cache folder). */
  userDataDir: string | null;
  /** `--policy=<file>`: a policy file added to the machine-wide one (installed app) or used instead of it (development and tests); see effectivePolicy. */
  policyFile: string | null;
}

function switchValue(argv: readonly string[], name: string): string | null {
  const prefix = `--${name}=`;
  for (let i = argv.length - 1; i >= 0; i -= 1) {
    const arg = argv[i]!;
    if (arg.startsWith(prefix)) return arg.slice(prefix.length) || null;
  }
  return null;
}

export function parseAppArguments(argv: readonly string[], cwd: string): AppArguments {
  const absolute = (value: string | null) => (value === null ? null : isAbsolute(value) ? value : resolve(cwd, value));
  return {
    userDataDir: absolute(switchValue(argv, 'user-data-dir')),
    policyFile: absolute(switchValue(argv, 'policy')),
  };
}

/**
 * Switches that open the app to a debugger: what a release build refuses to start with, since
 * any of them gives whoever started it DevTools over the app's pages, or a JavaScript debugger
 * in main, and through either every bridge operation.
 *
 * - Chromium's DevTools protocol, which Electron starts after main's first script has run:
 *   `remote-debugging-port` (at any value: a free port when it is missing or not a number, as
 *   in `--remote-debugging-port 9222`) and `remote-debugging-pipe` (on file descriptors 3
 *   and 4; `remote-debugging-io-pipes` names the pipes on Windows). `remote-debugging-address`
 *   and `remote-allow-origins` only say who may connect (Electron binds 127.0.0.1 whatever the
 *   address says): refused as the same request.
 * - Node's inspector in main: the switches Electron hands to Node (`IsAllowedDebugOption` in
 *   electron/shell/common/node_bindings.cc: debug, debug-brk, debug-port, inspect,
 *   inspect-brk, inspect-brk-node, inspect-port, inspect-publish-uid) and Node's later
 *   `inspect-wait`. The inspector starts before any of the app's code runs, so what holds in
 *   a packaged app is its EnableNodeCliInspectArguments fuse (off: Electron ignores them);
 *   refusing them here is the second line, for a release build started outside its package.
 *
 * Not refused: `js-flags` (V8's own flags: V8 has no debugger endpoint of its own, the
 * inspector is Node's and Chromium's, and V8 ignores `--inspect` as a flag it does not know),
 * and `wait-for-debugger` or `renderer-startup-dialog` (they pause for a native debugger,
 * which attaches by the operating system's own means whatever the switches say).
 */
export const DEBUGGING_SWITCHES = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-io-pipes',
  'remote-debugging-address',
  'remote-allow-origins',
  'inspect',
  'inspect-brk',
  'inspect-brk-node',
  'inspect-wait',
  'inspect-port',
  'inspect-publish-uid',
  'debug',
  'debug-brk',
  'debug-port',
] as const;

/**
 * The switch names in `argv` as Chromium's command line reads them (base/command_line.cc),
 * for what Electron's own parser is not asked about: after `--` or `-` (also `/` on Windows,
 * where names are case-blind), up to an `=`; white space around an argument ignored; nothing
 * after a lone `--` is a switch. `--name value` is the switch `name` with no value (the value
 * is a plain argument). `argv[0]` is the program.
 */
export function chromiumSwitchNames(argv: readonly string[], platform: NodeJS.Platform): string[] {
  const prefixes = platform === 'win32' ? ['--', '-', '/'] : ['--', '-'];
  const names: string[] = [];
  for (const given of argv.slice(1)) {
    const arg = given.trim();
    if (arg === '--') break;
    const prefix = prefixes.find((candidate) => arg.startsWith(candidate));
    if (!prefix || arg.length === prefix.length) continue;
    const name = arg.slice(prefix.length).split('=')[0]!;
    names.push(platform === 'win32' ? name.toLowerCase() : name);
  }
  return names;
}

/**
 * The debugging switches the app was started with, asked of Electron's own parser of the
 * command line (`app.commandLine`, which is what Chromium and Electron act on) and read from
 * `argv` as Chromium reads it: either one is enough.
 */
export function debuggingSwitches(commandLine: { hasSwitch(name: string): boolean }, argv: readonly string[], platform: NodeJS.Platform): string[] {
  const given = new Set(chromiumSwitchNames(argv, platform));
  return DEBUGGING_SWITCHES.filter((name) => commandLine.hasSwitch(name) || given.has(name));
}
