/**
 * A real systemd-journald of a test's own: started in a mount namespace with its own
 * `/run/systemd` and `/run/log`, so that the machine's journal (if any) is not touched, and
 * reached from outside through `/proc/<pid>/root` (what `SCRIBE_TEST_JOURNAL_ROOT` tells a
 * development build). Needs root and the systemd package; null where it cannot run.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface TestJournald {
  /** `/proc/<pid>/root`: the journal's socket, syslog's and its files are below it. */
  root: string;
  socket: string;
  devLog: string;
  directory: string;
  stop(): void;
}

const BINARY = ['/lib/systemd/systemd-journald', '/usr/lib/systemd/systemd-journald'].find((path) => existsSync(path)) ?? null;

export const JOURNALD_CAN_RUN = BINARY !== null && process.platform === 'linux' && process.getuid?.() === 0;

export async function startJournald(): Promise<TestJournald | null> {
  if (!JOURNALD_CAN_RUN) return null;
  const script = 'mount -t tmpfs tmpfs /run/systemd && mkdir -p /run/systemd/journal && mount -t tmpfs tmpfs /run/log && exec "$0"';
  const child = spawn('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script, BINARY!], { stdio: 'ignore' });
  const root = `/proc/${child.pid}/root`;
  const journald = { root, socket: `${root}/run/systemd/journal/socket`, devLog: `${root}/run/systemd/journal/dev-log`, directory: `${root}/run/log/journal`, stop: () => void child.kill('SIGTERM') };
  // Its sockets appear within a few milliseconds; polled in short steps.
  for (let tries = 0; tries < 500; tries += 1) {
    if (existsSync(journald.socket) && existsSync(journald.devLog)) return journald;
    if (child.exitCode !== null) return null;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  journald.stop();
  return null;
}
