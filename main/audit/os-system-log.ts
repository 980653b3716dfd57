/** This computer's system log, by its operating system. */
import { linuxSystemLog } from './linux-system-log';
import { macosUnifiedLog } from './macos-unified-log';
import type { SystemLog } from './system-log';
import { windowsEventLog } from './windows-event-log';

/** On Linux, at the sockets given: a test's own journal. */
export function systemLogFor(platform: NodeJS.Platform, sockets?: { journal: string; syslog: string }): SystemLog {
  if (platform === 'win32') return windowsEventLog();
  if (platform === 'darwin') return macosUnifiedLog();
  return linuxSystemLog(sockets);
}
