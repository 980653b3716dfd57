/**
 * A real OS keyring for tests: a private D-Bus session with gnome-keyring-daemon unlocked,
 * so that safeStorage uses the gnome-libsecret backend as on a clinic's Linux desktop.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Keyring {
  env: Record<string, string>;
  args: string[];
  stop(): void;
}

export function startKeyring(): Keyring {
  const launched = execFileSync('dbus-launch', ['--sh-syntax'], { encoding: 'utf8' });
  const address = /DBUS_SESSION_BUS_ADDRESS='([^']+)'/.exec(launched)?.[1];
  const pid = Number(/DBUS_SESSION_BUS_PID=(\d+)/.exec(launched)?.[1]);
  if (!address || !pid) throw new Error(`dbus-launch said: ${launched}`);
  const home = mkdtempSync(join(tmpdir(), 'scribe-keyring-'));
  const env = { DBUS_SESSION_BUS_ADDRESS: address, XDG_DATA_HOME: join(home, 'data'), XDG_CURRENT_DESKTOP: 'GNOME' };
  execFileSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'keyring-password-for-tests',
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return {
    env,
    args: ['--password-store=gnome-libsecret'],
    stop: () => {
      try {
        execFileSync('pkill', ['-f', `gnome-keyring-daemon.*`], { env: { ...process.env, ...env } });
      } catch {
        // already gone
      }
      process.kill(pid);
    },
  };
}
