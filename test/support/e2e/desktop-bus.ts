/**
 * A desktop's session bus for the tests that read the note back from a field: a private D-Bus
 * session, on which the accessibility bus (at-spi2-core's launcher) starts on demand as on a
 * clinic's desktop. The app and the programs standing in for an EMR are given its address;
 * the launcher ends with the session.
 */
import { execFileSync } from 'node:child_process';

export interface DesktopBus {
  env: Record<string, string>;
  stop(): void;
}

export function startDesktopBus(): DesktopBus {
  const launched = execFileSync('dbus-launch', ['--sh-syntax'], { encoding: 'utf8' });
  const address = /DBUS_SESSION_BUS_ADDRESS='([^']+)'/.exec(launched)?.[1];
  const pid = Number(/DBUS_SESSION_BUS_PID=(\d+)/.exec(launched)?.[1]);
  if (!address || !pid) throw new Error(`dbus-launch said: ${launched}`);
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    stop: () => {
      try {
        process.kill(pid);
      } catch {
        // already gone
      }
    },
  };
}
