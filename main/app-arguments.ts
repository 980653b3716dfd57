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
 * Switches that open the app to a debugger (Chromium's remote debugging, Node's inspector):
 * what a release build refuses to start with, since they would give DevTools to its pages.
 */
const DEBUGGING_SWITCHES = ['--remote-debugging-port', '--remote-debugging-pipe', '--remote-debugging-address', '--inspect', '--inspect-brk', '--inspect-port'];

export function debuggingSwitches(argv: readonly string[]): string[] {
  return argv.map((arg) => arg.split('=')[0]!).filter((name) => DEBUGGING_SWITCHES.includes(name));
}
