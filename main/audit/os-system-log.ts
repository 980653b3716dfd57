/** This computer's system log, by its operating system. */
import type { Clock } from '../core/clock';
import { linuxSystemLog } from './linux-system-log';
import { macosUnifiedLog } from './macos-unified-log';
import type { SystemLog } from './system-log';
import { windowsEventLog } from './windows-event-log';

/** On Linux, at the sockets given: a test's own journal; `clock`: the time a line is stamped with where the log does not stamp it. */
export function systemLogFor(platform: NodeJS.Platform, clock: Pick<Clock, 'now'>, sockets?: { journal: string; syslog: string }): SystemLog {
  if (platform === 'win32') return windowsEventLog();
  if (platform === 'darwin') return macosUnifiedLog();
  return linuxSystemLog(clock, sockets);
}
