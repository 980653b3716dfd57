/**
 * The unified log of macOS, as the system log of checkpoints: each message written by
 * `/usr/bin/logger` (tag `scribe-desk-audit`), which reaches the unified log, where a user
 * can neither change nor erase it (`log erase` needs an administrator). The command is named
 * by its full path, so no variable a user sets picks another.
 */
import { execFile } from 'node:child_process';
import { SYSTEM_LOG_NAME } from './checkpoint';
import type { SystemLog } from './system-log';

export const LOGGER = '/usr/bin/logger';

/** Runs a program; rejects with why it did not end well. */
export type RunProgram = (file: string, args: string[]) => Promise<void>;

const runProgram: RunProgram = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 10_000 }, (error) => (error ? reject(new Error(`${file} failed (${(error as NodeJS.ErrnoException).code ?? 'error'})`)) : resolve()));
  });

export function macosUnifiedLog(run: RunProgram = runProgram): SystemLog {
  return {
    name: () => 'the macOS unified log',
    write: (message) => run(LOGGER, ['-t', SYSTEM_LOG_NAME, '--', message]),
  };
}
