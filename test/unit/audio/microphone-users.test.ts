import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { monitorSourceIndexes, otherMicrophoneStreams, watchMicrophoneUsers } from '../../../main/audio/microphone-users';
import { FakeClock } from '../../support/fake-clock';

/** The watch reads the list once a burst of events has settled, this long after the first. */
const SETTLE_MS = 150;

/** `pactl list source-outputs` (PulseAudio 16, C locale), cut to what is read: a module's own stream, a program on the microphone, one on a monitor, the app's recorder. */
const OUTPUTS = (programs: number) =>
  [
    'Source Output #0\n\tDriver: module-remap-source.c\n\tOwner Module: 18\n\tClient: n/a\n\tSource: 1\n\tProperties:\n\t\tmedia.name = "Remapped Stream"\n',
    ...Array.from({ length: programs }, (_, i) => `Source Output #${18 + i}\n\tDriver: protocol-native.c\n\tClient: ${126 + i}\n\tSource: 2\n\tProperties:\n\t\tapplication.name = "Video call"\n\t\tapplication.process.id = "${5000 + i}"\n`),
    'Source Output #30\n\tDriver: protocol-native.c\n\tClient: 140\n\tSource: 1\n\tProperties:\n\t\tapplication.name = "parec"\n\t\tapplication.process.id = "6000"\n',
    'Source Output #31\n\tDriver: protocol-native.c\n\tClient: 141\n\tSource: 2\n\tProperties:\n\t\tapplication.name = "PvRecorder"\n\t\tapplication.process.id = "4242"\n',
  ].join('');
const SHORT_SOURCES = '1\tscribe_test_sink.monitor\tmodule-null-sink.c\ts16le 2ch 44100Hz\tRUNNING\n2\tscribe_test_mic\tmodule-remap-source.c\ts16le 2ch 44100Hz\tRUNNING\n';

describe('other programs using the microphone', () => {
  it('are counted from the sound server’s recording streams, leaving out its own modules, monitors and this app', () => {
    const monitors = monitorSourceIndexes(SHORT_SOURCES);
    expect([...monitors]).toEqual(['1']);
    expect(otherMicrophoneStreams(OUTPUTS(0), monitors, new Set([4242]))).toBe(0);
    expect(otherMicrophoneStreams(OUTPUTS(2), monitors, new Set([4242]))).toBe(2);
    // The app's own recorder counts when its process is not known as the app's.
    expect(otherMicrophoneStreams(OUTPUTS(0), monitors, new Set())).toBe(1);
  });

  it('are watched through the sound server’s events, told only when their number changes', async () => {
    let programs = 0;
    const child = Object.assign(new EventEmitter(), { stdout: new PassThrough(), kill: () => true }) as unknown as ChildProcess;
    const counts: number[] = [];
    const clock = new FakeClock();
    let reads = 0;
    const stop = watchMicrophoneUsers({
      platform: 'linux',
      ownPids: () => [4242],
      onChange: (count) => counts.push(count),
      log: () => undefined,
      pactl: (args) => Promise.resolve(args[1] === 'short' ? SHORT_SOURCES : (reads++, OUTPUTS(programs))),
      subscribe: () => child,
      clock,
    });
    await clock.advance(SETTLE_MS);
    await expect.poll(() => counts).toEqual([0]);
    programs = 1;
    child.stdout!.emit('data', Buffer.from("Event 'new' on source-output #18\nEvent 'change' on source #2\n"));
    await clock.advance(SETTLE_MS - 1);
    expect(reads).toBe(1);
    await clock.advance(1);
    await expect.poll(() => counts).toEqual([0, 1]);
    child.stdout!.emit('data', Buffer.from("Event 'change' on source-output #18\n"));
    programs = 0;
    child.stdout!.emit('data', Buffer.from("Event 'remove' on source-output #18\n"));
    await clock.advance(SETTLE_MS);
    await expect.poll(() => counts).toEqual([0, 1, 0]);
    // A burst of events is one read of the list.
    expect(reads).toBe(3);
    stop();
    expect(clock.pending).toBe(0);
  });

  it('cannot be watched off Linux, nor without pactl, and say so once', async () => {
    const said: string[] = [];
    watchMicrophoneUsers({ platform: 'win32', ownPids: () => [], onChange: () => undefined, log: (event) => said.push(event) })();
    const child = Object.assign(new EventEmitter(), { stdout: new PassThrough(), kill: () => true }) as unknown as ChildProcess;
    const stop = watchMicrophoneUsers({ platform: 'linux', ownPids: () => [], onChange: () => undefined, log: (event) => said.push(event), pactl: () => Promise.resolve(''), subscribe: () => child });
    child.emit('error', Object.assign(new Error('spawn pactl ENOENT'), { code: 'ENOENT' }));
    child.emit('exit', null);
    stop();
    expect(said).toEqual([expect.stringContaining('not available on this platform'), expect.stringContaining('pactl, package pulseaudio-utils, is not installed')]);
  });

  it('say a sound server that stays away once, however often they try again, and again once it has answered', async () => {
    const said: string[] = [];
    const clock = new FakeClock();
    let answers = false;
    const children: ChildProcess[] = [];
    const subscribe = () => {
      const child = Object.assign(new EventEmitter(), { stdout: new PassThrough(), kill: () => true }) as unknown as ChildProcess;
      children.push(child);
      return child;
    };
    const refused = new Error('Command failed: pactl list source-outputs\nConnection failure: Connection refused\npa_context_connect() failed: Connection refused\n');
    const stop = watchMicrophoneUsers({
      platform: 'linux',
      ownPids: () => [],
      onChange: () => undefined,
      log: (event) => said.push(event),
      pactl: () => (answers ? Promise.resolve('') : Promise.reject(refused)),
      subscribe,
      clock,
    });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await clock.advance(SETTLE_MS);
      children.at(-1)!.emit('exit', 1);
      await clock.advance(60_000);
    }
    expect(children.length).toBeGreaterThan(4);
    expect(said).toEqual([
      'call offer: the recording streams could not be listed (pa_context_connect() failed: Connection refused)',
      "call offer: the sound server's watch ended (1); watching again, at most a minute apart, until it answers",
    ]);
    said.length = 0;
    answers = true;
    children.at(-1)!.stdout!.emit('data', Buffer.from("Event 'new' on source-output #18\n"));
    await clock.advance(SETTLE_MS);
    answers = false;
    children.at(-1)!.emit('exit', 1);
    await clock.advance(60_000);
    await clock.advance(SETTLE_MS);
    expect(said).toEqual([
      "call offer: the sound server's watch ended (1); watching again, at most a minute apart, until it answers",
      'call offer: the recording streams could not be listed (pa_context_connect() failed: Connection refused)',
    ]);
    stop();
  });
});
