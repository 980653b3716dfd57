/**
 * Runs PulseAudio's command-line tool `pactl` (package pulseaudio-utils; it talks to PipeWire's
 * PulseAudio server too) in the C locale, so that its words can be read. Plain Node.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';

const ENV = { ...process.env, LC_ALL: 'C', LANG: 'C' };

/** Its output; rejects with the error (code `ENOENT` when pactl is not installed). */
export function pactl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('pactl', args, { env: ENV, timeout: 2_000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}

/** `pactl subscribe`: one line per change in the sound server, until killed. */
export function pactlSubscribe(): ChildProcess {
  return spawn('pactl', ['subscribe'], { env: ENV, stdio: ['ignore', 'pipe', 'ignore'] });
}
