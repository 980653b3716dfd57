/** `scribe-desk --audit-verify` and `--audit-export=…` as an administrator runs them: the built app, no window, its output and exit status. */
import { execFile } from 'node:child_process';
// @ts-expect-error: plain JavaScript helper shared with the npm scripts.
import { electronExecutable } from '../../../scripts/electron-path.mjs';
import { ROOT } from './launch-app';

export interface CommandResult {
  code: number;
  output: string;
}

export function auditCommand(userDataDir: string, args: string[], policyFile: string | null = null): Promise<CommandResult> {
  const argv = [ROOT, `--user-data-dir=${userDataDir}`, ...(policyFile ? [`--policy=${policyFile}`] : []), ...args];
  // Chromium will not run as root with its own sandbox; CI here runs as root.
  if (process.getuid?.() === 0) argv.push('--no-sandbox');
  return new Promise((resolve) => {
    execFile(electronExecutable() as string, argv, { encoding: 'utf8', timeout: 60_000, env: { ...process.env, SCRIBE_LOG_CONSOLE: '0' } }, (error, stdout) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, output: stdout.trim() });
    });
  });
}
