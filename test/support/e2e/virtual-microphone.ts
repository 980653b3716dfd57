/**
 * A virtual microphone that speaks: PulseAudio with a null sink, a remapped monitor source
 * set as the default input, and espeak-ng speech streamed into the sink without pause.
 * PvRecorder in the app then records real speech.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SINK = 'scribe_test_sink';
export const SOURCE = 'scribe_test_mic';
export const SPEECH_TEXT =
  'Paracetamol five hundred milligrams, one tablet in the morning and one at night, after food, for five days. Review after one week.';

function pactl(...args: string[]): string {
  return execFileSync('pactl', args, { encoding: 'utf8' });
}

function ensurePulseAudio(): void {
  try {
    execFileSync('pulseaudio', ['--check']);
  } catch {
    execFileSync('pulseaudio', ['-D', '--exit-idle-time=-1', '--disallow-exit'], { stdio: 'ignore' });
    for (let i = 0; i < 50; i += 1) {
      try {
        pactl('info');
        return;
      } catch {
        execFileSync('sleep', ['0.1']);
      }
    }
    throw new Error('PulseAudio did not start.');
  }
}

export interface VirtualMicrophone {
  stop(): void;
}

/**
 * A player already running into the microphone's sink, beside the speech: what is written to it
 * (16 kHz mono 16-bit PCM) is heard within milliseconds. A new one takes a second or two to
 * sound: start it well before its first sound matters.
 */
export function tonePlayer() {
  return spawn('pacat', ['--latency-msec=10', '--rate=16000', '--channels=1', '--format=s16le', `--device=${SINK}`], { stdio: ['pipe', 'ignore', 'ignore'] });
}

/** Takes the whole sound system away, as when a USB headset is pulled out. */
export function killSoundSystem(): void {
  execFileSync('pulseaudio', ['-k']);
}

/** The microphone hears the speech, or (`toneHz`) a steady tone that a test can find by its frequency. */
export function startVirtualMicrophone(sound: { toneHz: number } | 'speech' = 'speech'): VirtualMicrophone {
  ensurePulseAudio();
  if (!pactl('list', 'short', 'sinks').includes(SINK)) {
    pactl('load-module', 'module-null-sink', `sink_name=${SINK}`, `sink_properties=device.description=ScribeTestSink`);
  }
  if (!pactl('list', 'short', 'sources').includes(SOURCE)) {
    pactl('load-module', 'module-remap-source', `master=${SINK}.monitor`, `source_name=${SOURCE}`, `source_properties=device.description=ScribeTestMicrophone`);
  }
  pactl('set-default-source', SOURCE);
  const folder = join(tmpdir(), 'scribe-speech');
  mkdirSync(folder, { recursive: true });
  const speech = join(folder, 'speech.wav');
  if (!existsSync(speech)) execFileSync('espeak-ng', ['-s', '150', '-w', speech, SPEECH_TEXT]);
  // One continuous, low-latency stream, like a real microphone that is always there: a player
  // restarted in a loop (paplay) makes the sound server re-tune its latency at every restart,
  // and a recording that starts meanwhile waits a second for its first sound.
  const input = sound === 'speech' ? `${speech} -t raw -r 22050 -c 1 -b 16 -e signed-integer - repeat 100000` : `-n -t raw -r 22050 -c 1 -b 16 -e signed-integer - synth 100000 sine ${sound.toneHz} vol 0.25`;
  const player: ChildProcess = spawn(
    'sh',
    ['-c', `sox ${input} | pacat --latency-msec=30 --rate=22050 --channels=1 --format=s16le --device=${SINK}`],
    { stdio: 'ignore', detached: true },
  );
  return {
    stop: () => {
      if (player.pid) {
        try {
          process.kill(-player.pid, 'SIGTERM');
        } catch {
          // already stopped
        }
      }
    },
  };
}
