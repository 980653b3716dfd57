/**
 * A journal of a test's own: a development build's end-to-end tests start a real
 * systemd-journald in a mount namespace of its own and point the app at it with
 * `SCRIBE_TEST_JOURNAL_ROOT` (that process's root, `/proc/<pid>/root`). A release build never
 * reads it: its checkpoints go to the computer's own log.
 */
import { join } from 'node:path';
import { DEVELOPMENT_BUILD } from '../core/build-kind';
import { JOURNAL_SOCKET, SYSLOG_SOCKET } from './linux-system-log';

export function testJournal(env: NodeJS.ProcessEnv = process.env, development = DEVELOPMENT_BUILD): { socket: { journal: string; syslog: string }; directory: string } | null {
  const root = development ? env.SCRIBE_TEST_JOURNAL_ROOT : undefined;
  if (!root) return null;
  return { socket: { journal: join(root, JOURNAL_SOCKET), syslog: join(root, SYSLOG_SOCKET) }, directory: join(root, '/run/log/journal') };
}
