/**
 * What the app plays: a capture of the sound system's default output (the monitor of the
 * default sink) while a test runs. In these tests that sink is the virtual microphone's, so
 * the capture holds exactly what the microphone hears: the speech, and any sound the app plays.
 */
import { execFileSync, spawn } from 'node:child_process';

export const CAPTURE_RATE = 16_000;

export interface SoundCapture {
  /** Resolves once sound is flowing (parec takes a moment to connect). */
  flowing: Promise<void>;
  /** Stops capturing; the samples (16 kHz mono 16-bit) and the time, by Date.now(), the capture began. */
  stop(): Promise<{ samples: Int16Array; startedAt: number }>;
}

export function defaultSink(): string {
  const info = execFileSync('pactl', ['info'], { encoding: 'utf8' });
  const sink = /^Default Sink: (.+)$/m.exec(info)?.[1]?.trim();
  if (!sink) throw new Error('PulseAudio names no default sink.');
  return sink;
}

export function captureDefaultOutput(): SoundCapture {
  const chunks: Buffer[] = [];
  let startedAt = 0;
  let onFlowing: () => void = () => undefined;
  const flowing = new Promise<void>((resolve) => (onFlowing = resolve));
  const parec = spawn('parec', ['-d', `${defaultSink()}.monitor`, '--raw', '--format=s16le', `--rate=${CAPTURE_RATE}`, '--channels=1', '--latency-msec=20'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  parec.stdout.on('data', (chunk: Buffer) => {
    if (startedAt === 0) {
      startedAt = Date.now() - (chunk.length / 2 / CAPTURE_RATE) * 1000;
      onFlowing();
    }
    chunks.push(chunk);
  });
  return {
    flowing,
    stop: () =>
      new Promise((resolve) => {
        parec.once('close', () => {
          const bytes = Buffer.concat(chunks);
          const samples = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
          resolve({ samples: Int16Array.from(samples), startedAt });
        });
        parec.kill('SIGTERM');
      }),
  };
}
