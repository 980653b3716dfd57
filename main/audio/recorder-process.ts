/**
 * The recorder utility process: reads 16 kHz mono 16-bit frames from PvRecorder and
 * appends them to the dictation's WAV file itself, synced to disk at least twice a second,
 * so a hung or crashed main process cannot lose what was spoken. Main only controls it.
 */
import { PvRecorder } from '@picovoice/pvrecorder-node';
import { meterLevel, rms } from './level-meter';
import type { FromRecorder, ToRecorder } from './recorder-protocol';
import { storageProblem } from '../storage/storage-problem';
import { WavAppender, durationMsOf } from './wav-file';

/** No frame for this long once recording: the microphone is gone (unplugged). */
const DEVICE_LOST_MS = 2_500;
/** No first frame for this long: the microphone did not start. */
const START_TIMEOUT_MS = 10_000;
const LEVEL_EVERY_FRAMES = 2;

const port = process.parentPort;
const send = (message: FromRecorder) => port.postMessage(message);

let recorder: PvRecorder | null = null;
let appender: WavAppender | null = null;
let paused = false;
let stopRequested = false;

function release(): void {
  try {
    recorder?.stop();
  } catch {
    // already stopped
  }
  recorder?.release();
  recorder = null;
}

function finish(reason: 'requested' | 'device-lost'): void {
  release();
  const result = appender?.finish() ?? { dataBytes: 0, durationMs: 0 };
  appender = null;
  send({ type: 'stopped', ...result, reason });
}

async function record(): Promise<void> {
  const syncTimer = setInterval(() => appender?.syncIfDue(), 200);
  const startedAt = Date.now();
  let lastFrameAt = 0;
  let frames = 0;
  let loudest = 0;
  try {
    while (!stopRequested && recorder && appender) {
      let frame: Int16Array;
      try {
        frame = await recorder.read();
      } catch {
        // read() fails now and then; only a long silence from the device means it is gone.
        const waited = Date.now() - (lastFrameAt || startedAt);
        if (waited > (lastFrameAt ? DEVICE_LOST_MS : START_TIMEOUT_MS)) {
          if (!lastFrameAt) throw new Error('The microphone did not start sending sound.');
          finish('device-lost');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      if (!lastFrameAt) send({ type: 'started', device: recorder.getSelectedDevice() });
      lastFrameAt = Date.now();
      if (paused) continue;
      try {
        appender.append(frame);
      } catch (error) {
        throw new Error(`Recording stopped: ${storageProblem(error)} The recording up to that moment is kept.`);
      }
      loudest = Math.max(loudest, rms(frame));
      frames += 1;
      if (frames % LEVEL_EVERY_FRAMES === 0) {
        send({ type: 'level', level: meterLevel(loudest), elapsedMs: durationMsOf(appender.writtenBytes) });
        loudest = 0;
      }
    }
    finish('requested');
  } finally {
    clearInterval(syncTimer);
  }
}

function start(message: Extract<ToRecorder, { type: 'start' }>): void {
  try {
    appender = WavAppender.create(message.path);
  } catch (error) {
    send({ type: 'error', message: `The recording could not be started. ${storageProblem(error)}` });
    return;
  }
  try {
    recorder = new PvRecorder(message.frameLength, message.deviceIndex);
    recorder.start();
  } catch (error) {
    release();
    appender?.finish();
    appender = null;
    send({ type: 'error', message: `The microphone could not be opened (${(error as Error).message}).` });
    return;
  }
  record().catch((error: unknown) => {
    release();
    appender?.finish();
    appender = null;
    send({ type: 'error', message: (error as Error).message });
  });
}

port.on('message', (event: { data: ToRecorder }) => {
  const message = event.data;
  switch (message.type) {
    case 'start':
      start(message);
      break;
    case 'pause':
      paused = true;
      break;
    case 'resume':
      paused = false;
      break;
    case 'stop':
      stopRequested = true;
      if (!recorder) finish('requested');
      break;
  }
});
