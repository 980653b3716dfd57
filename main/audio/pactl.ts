/**
 * Runs PulseAudio's command-line tool `pactl` (package pulseaudio-utils; it talks to PipeWire's
 * PulseAudio server too) in the C locale, so that its words can be read. Plain Node.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';

/** Read at each run, so that the PATH of the moment is the one searched. */
const env = () => ({ ...process.env, LC_ALL: 'C', LANG: 'C' });

/** Its output; rejects with the error (code `ENOENT` when pactl is not installed). */
export function pactl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('pactl', args, { env: env(), timeout: 2_000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}

/** The exit code of `pactlSubscribe()` when pactl is not installed. */
export const PACTL_MISSING = 127;

/**
 * `pactl subscribe`, by a shell that first closes every descriptor it was given beyond the
 * standard three: a process started from Electron's main inherits Chromium's own channels, and
 * while it held them the app's other processes (the recorder with the microphone among them)
 * outlived a crash of main. The shell ends it when stopped or when its input closes, that is
 * when main ends however it ends. Needs bash, as every Linux desktop has, for descriptors above 9.
 */
const SUBSCRIBE = [
  "trap 'kill $p 2>/dev/null; exit 0' TERM",
  'for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done 2>/dev/null',
  `command -v pactl >/dev/null || exit ${PACTL_MISSING}`,
  'pactl subscribe </dev/null & p=$!',
  '{ read -r _; kill $p 2>/dev/null; } <&0 &',
  'wait $p',
].join('\n');

/** One line per change in the sound server on its output, until killed (SIGTERM) or main ends. */
export function pactlSubscribe(): ChildProcess {
  return spawn('/bin/bash', ['-c', SUBSCRIBE], { env: env(), stdio: ['pipe', 'pipe', 'ignore'] });
}
