/** Waiting for a process to be gone, instead of sleeping and hoping it is. */
import type { ChildProcess } from 'node:child_process';

export function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
