/**
 * A video call's sound on this machine: a second virtual output (a PulseAudio null sink) made
 * the default, as a headset or the speakers are while a call plays, with the "patient"
 * speaking into it as a steady tone. Making it the default moves every playing stream to it,
 * the virtual microphone's feed too (the "doctor" would go silent), so that feed is moved
 * back to the microphone's own sink. Everything is put back as it was at stop: the default
 * output, and the sink removed. And "another program opens the microphone": parec recording
 * from it, as a call program does.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { defaultSink } from './sound-output';
import { SOURCE } from './virtual-microphone';

const CALL_SINK = 'scribe_call_sink';

function pactl(...args: string[]): string {
  return execFileSync('pactl', args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
}

/** Sink-input indexes playing into `sink`. */
function streamsOn(sink: string): string[] {
  const sinks = new Map(pactl('list', 'short', 'sinks').split('\n').map((line) => line.split('\t')).map(([index, name]) => [index, name]));
  return pactl('list', 'short', 'sink-inputs')
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([, sinkIndex]) => sinks.get(sinkIndex) === sink)
    .map(([index]) => index!);
}

function killGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already stopped
  }
}

export interface CallOutput {
  /** The output's monitor as the recorder lists it. */
  monitorName: string;
  stop(): void;
}

/** The second output, made the default, playing the patient's tone; the microphone's feed kept where it was. */
export function startCallOutput(patientToneHz: number): CallOutput {
  const before = defaultSink();
  const module = pactl('load-module', 'module-null-sink', `sink_name=${CALL_SINK}`, 'sink_properties=device.description=ScribeCallSink').trim();
  let player: ChildProcess | null = null;
  try {
    pactl('set-default-sink', CALL_SINK);
    for (const stream of streamsOn(CALL_SINK)) pactl('move-sink-input', stream, before);
    player = spawn(
      'sh',
      ['-c', `sox -n -t raw -r 22050 -c 1 -b 16 -e signed-integer - synth 100000 sine ${patientToneHz} vol 0.25 | pacat --latency-msec=30 --rate=22050 --channels=1 --format=s16le --device=${CALL_SINK}`],
      { stdio: 'ignore', detached: true },
    );
  } catch (error) {
    pactl('set-default-sink', before);
    pactl('unload-module', module);
    throw error;
  }
  return {
    monitorName: 'Monitor of ScribeCallSink',
    stop: () => {
      if (player) killGroup(player);
      pactl('set-default-sink', before);
      pactl('unload-module', module);
    },
  };
}

/** Another program recording from the microphone (a call program); stop() lets it go. */
export function anotherProgramOnTheMicrophone(): { stop(): void } {
  const parec = spawn('parec', ['-d', SOURCE, '--raw', '--format=s16le', '--rate=16000', '--channels=1'], { stdio: ['ignore', 'ignore', 'ignore'], detached: true });
  return { stop: () => killGroup(parec) };
}
