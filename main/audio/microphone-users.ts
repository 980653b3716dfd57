/**
 * Which other programs are recording from a microphone (a video call that began), on Linux
 * from the sound server's recording streams: `pactl subscribe` says when a stream comes or
 * goes (no polling, no CPU while nothing changes), then `pactl list source-outputs` says whose
 * each is. Streams of the sound server's own modules, streams that record an output's monitor
 * (level meters, screen recorders, this app's call's sound) and this app's own are not
 * counted. Elsewhere (and without pactl) it reports that it cannot watch, once.
 */
import type { ChildProcess } from 'node:child_process';
import { systemClock, type Clock, type ClockTimer } from '../core/clock';
import { PACTL_MISSING, pactl as runPactl, pactlSubscribe } from './pactl';

export interface MicrophoneUsersDeps {
  /** The app's own processes (main, the recorder): their streams are not another program's. */
  ownPids(): number[];
  /** How many other programs' streams record from a microphone, each time it changes. */
  onChange(count: number): void;
  /** Diagnostics (never patient data). */
  log(event: string): void;
  platform?: NodeJS.Platform;
  pactl?(args: string[]): Promise<string>;
  subscribe?(): ChildProcess;
  /** The clock of the settling and restarting waits (the system's by default). */
  clock?: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
}

/** The names of monitor sources (they record an output, not a microphone), by index, from `pactl list short sources`. */
export function monitorSourceIndexes(shortSources: string): Set<string> {
  const monitors = new Set<string>();
  for (const line of shortSources.split('\n')) {
    const [index, name] = line.split('\t');
    if (index && name?.endsWith('.monitor')) monitors.add(index.trim());
  }
  return monitors;
}

/** How many recording streams of other programs record from a microphone, from `pactl list source-outputs` (C locale). */
export function otherMicrophoneStreams(sourceOutputs: string, monitors: ReadonlySet<string>, ownPids: ReadonlySet<number>): number {
  let count = 0;
  for (const block of sourceOutputs.split(/^Source Output #\d+$/m).slice(1)) {
    const client = /^\s*Client: (.+)$/m.exec(block)?.[1]?.trim();
    const source = /^\s*Source: (.+)$/m.exec(block)?.[1]?.trim();
    const pid = Number(/^\s*application\.process\.id = "(\d+)"$/m.exec(block)?.[1] ?? NaN);
    if (!client || client === 'n/a' || !source || monitors.has(source) || ownPids.has(pid)) continue;
    count += 1;
  }
  return count;
}

/** After a burst of events, the list is read once this much later. */
const SETTLE_MS = 150;
/** The watch starts again this much later when the sound server went away (it restarts), twice as late each time it fails again, up to a minute. */
const RESTART_MS = 5_000;
const RESTART_MAX_MS = 60_000;
const NOT_INSTALLED = 'call offer: not available (pactl, package pulseaudio-utils, is not installed)';

const lastLine = (message: string) => message.split('\n').map((line) => line.trim()).filter(Boolean).at(-1) ?? message;

/** Starts watching; the returned function stops. */
export function watchMicrophoneUsers(deps: MicrophoneUsersDeps): () => void {
  if ((deps.platform ?? process.platform) !== 'linux') {
    deps.log('call offer: not available on this platform (the other programs using the microphone cannot be seen)');
    return () => undefined;
  }
  const pactl = deps.pactl ?? runPactl;
  const subscribe = deps.subscribe ?? pactlSubscribe;
  let stopped = false;
  let child: ChildProcess | null = null;
  const clock = deps.clock ?? systemClock;
  let timer: ClockTimer | null = null;
  let last = -1;
  let restartMs = RESTART_MS;
  // A sound server that stays away is said once, not at every attempt, until it answers again.
  const said = new Set<string>();
  const say = (event: string) => {
    if (!said.has(event)) deps.log(event);
    said.add(event);
  };

  const count = async () => {
    timer = null;
    try {
      const [outputs, sources] = await Promise.all([pactl(['list', 'source-outputs']), pactl(['list', 'short', 'sources'])]);
      const now = otherMicrophoneStreams(outputs, monitorSourceIndexes(sources), new Set(deps.ownPids()));
      if (now !== last && !stopped) deps.onChange(now);
      last = now;
      said.clear();
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      say(missing ? NOT_INSTALLED : `call offer: the recording streams could not be listed (${lastLine((error as Error).message)})`);
    }
  };
  const soon = () => {
    timer ??= clock.setTimeout(() => void count(), SETTLE_MS);
  };
  const start = () => {
    if (stopped) return;
    const watching = subscribe();
    const startedAt = clock.now();
    child = watching;
    let buffered = '';
    watching.stdout?.on('data', (chunk: Buffer) => {
      const lines = (buffered + chunk.toString('utf8')).split('\n');
      buffered = lines.pop() ?? '';
      if (lines.some((line) => line.includes('on source-output'))) soon();
    });
    watching.once('error', (error: NodeJS.ErrnoException) => {
      say(error.code === 'ENOENT' ? NOT_INSTALLED : `call offer: pactl failed (${error.message})`);
      child = null;
    });
    watching.once('exit', (code) => {
      if (stopped || child !== watching) return;
      child = null;
      if (code === PACTL_MISSING) {
        say(NOT_INSTALLED);
        return;
      }
      const delay = clock.now() - startedAt > RESTART_MAX_MS ? RESTART_MS : restartMs;
      restartMs = Math.min(delay * 2, RESTART_MAX_MS);
      say(`call offer: the sound server's watch ended (${code ?? 'signal'}); watching again, at most a minute apart, until it answers`);
      clock.setTimeout(start, delay);
    });
    soon();
  };
  start();
  return () => {
    stopped = true;
    clock.clearTimeout(timer);
    child?.kill();
    child = null;
  };
}
