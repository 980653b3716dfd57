/**
 * The recorder utility process: it stays running between recordings with the audio library
 * loaded (the MP3 encoder too, after the first recording), so that Record only has to open
 * the microphone (tens of milliseconds); the microphone itself is opened for each recording
 * and closed after it, so nothing holds it, and no OS microphone indicator shows, between
 * recordings. It reads 16 kHz mono 16-bit frames from PvRecorder and appends them to the
 * dictation's recording itself, encrypted in parcels of at most half a second, each synced
 * to disk as it is sealed, so a hung or crashed main process cannot lose what was spoken;
 * the compact MP3 is written alongside as the audio arrives, encrypted too. Main only controls it. Device listing happens here too: the native audio library
 * is never loaded in main. With the call's sound asked for, a second source (the sound output)
 * is opened beside the microphone and mixed into its frames before anything is written, so the
 * recording, its parts and its copy hold both (call-sound-input.ts).
 */
import { PvRecorder } from '@picovoice/pvrecorder-node';
import { processClock, type Clock } from '../core/clock';
import { SealedFileWriter } from '../storage/sealed-file';
import { storageProblem } from '../storage/storage-problem';
import { meterLevel, rms } from './level-meter';
import { AudioPartWriter, type PartChoice } from './audio-parts';
import { CompactCopy } from './compact-copy';
import { FramesBeforeAnswer, WAITED_FOR_SOUND_MS } from './frames-before-answer';
import { PacedReader } from './paced-reader';
import { CallSoundInput } from './call-sound-input';
import { callSoundSourceFor } from './call-sound-source';
import { pactl } from './pactl';
import { pulseMonitorSource } from './pulse-monitor-source';
import type { FromRecorder, ToRecorder } from './recorder-protocol';
import { BYTES_PER_SAMPLE, SAMPLE_RATE, durationMsOf } from './wav-file';

/** Half a second of audio per encrypted parcel: a crash loses at most that, plus what was not yet read. */
const PARCEL_BYTES = (SAMPLE_RATE * BYTES_PER_SAMPLE) / 2;

/** No frame for this long once recording: the microphone is gone (unplugged). */
const DEVICE_LOST_MS = 2_500;
/** No first frame for this long: the microphone did not start (said within 3 s; the next Record tries again). */
const START_TIMEOUT_MS = 2_500;
/** The level meter moves about eight times a second (every 128 ms of sound). */
const LEVEL_EVERY_FRAMES = 4;

/**
 * The process's clock: its loops follow the audio device, on the process's own time, with Node's
 * timers (which keep the process running while a loop waits for sound).
 */
const deviceClock: Pick<Clock, 'now' | 'sleep'> = {
  now: () => processClock.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const port = process.parentPort;
const send = (message: FromRecorder) => port.postMessage(message);
/** Main logs what the process writes to stderr as diagnostics (never patient data). */
const diagnose = (text: string) => process.stderr.write(`${text}\n`);

interface Recording {
  recorder: PvRecorder;
  audio: SealedFileWriter;
  mp3: CompactCopy | null;
  /** Where the compact copy goes (null: none), begun once the first frame is in. */
  mp3Path: string | null;
  /** The parts for the sessions API, cut as the audio arrives; null when none are wanted, or cutting failed. */
  partWriter: AudioPartWriter | null;
  partsFolder: string | null;
  partChoice?: PartChoice;
  audioKey: Uint8Array;
  paused: boolean;
  stopRequested: boolean;
  /** The call's sound, opening from Record on, and once open (by the first frame); null when not asked for. */
  callOpening: Promise<CallSoundInput> | null;
  call: CallSoundInput | null;
  /** A microphone kept warm for the answer: it already sends sound, and its frames from before the answer are being dropped until this settles. */
  answered: Promise<void> | null;
}

let current: Recording | null = null;

/** The microphone opened ahead of a recording: its frames read and dropped until `start` takes it, or `disarm` closes it. */
interface Armed {
  recorder: PvRecorder;
  deviceName: string;
  frameLength: number;
  /** Set by `end`, at the answer (`at`, on the device clock): `taken` keeps the microphone open for the recording. */
  ending: { taken: boolean; at: number } | null;
  /** Wakes the dropping loop, which may be asleep until its next frame is due. */
  wake(): void;
  /** Settles once the loop has dropped its last frame from before the answer. */
  dropping: Promise<void>;
}
let armed: Armed | null = null;
/** A microphone armed and never taken is closed after this long, whatever main says. */
const ARMED_FOR_AT_MOST_MS = 3 * 60_000;
/**
 * Frames from before the answer are read out for at most this long after it: only sound the
 * device never handed over (the recorder's buffer overflowed while the process was held up) keeps
 * them from all coming, and the frames read meanwhile are the answer's own, dropped too.
 */
const DROPPING_AT_MOST_MS = 2_000;
/** Dropping ends here whatever the device does: one that sends faster than it should never lets a read wait. */
const DROPPING_ENDS_MS = 2 * DROPPING_AT_MOST_MS;

/** Reads and drops one frame; resolves with how long the read waited for sound, or null when it failed (after a short pause). */
function dropFrame(recorder: PvRecorder): Promise<number | null> {
  return new Promise((resolve) => {
    setTimeout(() => {
      const began = deviceClock.now();
      try {
        recorder.readSync();
        resolve(deviceClock.now() - began);
      } catch {
        setTimeout(() => resolve(null), 20);
      }
    });
  });
}

function arm(message: Extract<ToRecorder, { type: 'arm' }>): void {
  if (current || armed) return;
  let recorder: PvRecorder;
  try {
    recorder = new PvRecorder(message.frameLength, deviceIndexOf(message.deviceName));
    recorder.start();
  } catch (error) {
    // Only a head start: the recording opens the microphone itself and says what is wrong.
    diagnose(`The microphone could not be opened ahead of the recording: ${(error as Error).message}`);
    return;
  }
  const state: Armed = { recorder, deviceName: message.deviceName, frameLength: message.frameLength, ending: null, wake: () => undefined, dropping: Promise.resolve() };
  const woken = new Promise<void>((resolve) => (state.wake = resolve));
  const limit = setTimeout(() => disarm(), ARMED_FOR_AT_MOST_MS);
  state.dropping = (async () => {
    // Nothing heard before the answer is kept: every frame is read and dropped. Each is read once
    // it is complete (paced, as a recording reads), so that this process waits in a timer, not in
    // a read, and takes the answer the moment it comes.
    const reader = new PacedReader(recorder, deviceClock);
    const before = new FramesBeforeAnswer((message.frameLength / SAMPLE_RATE) * 1000);
    while (state.ending === null) {
      await Promise.race([reader.due(), woken]);
      if (state.ending === null && (await reader.read())) before.frameRead(deviceClock.now());
    }
    clearTimeout(limit);
    if (!state.ending.taken) return releaseRecorder(recorder);
    // Read out what is left from before the answer (much, when the process was held up), then
    // the frame under way at it.
    const answeredAt = state.ending.at;
    for (;;) {
      const waited = await dropFrame(recorder);
      if (waited !== null) before.frameRead(deviceClock.now());
      if (waited !== null && before.allRead(answeredAt, waited)) return;
      const since = deviceClock.now() - answeredAt;
      // Past the bound, frames still in the buffer are read out: they are from before the answer.
      if (since > DROPPING_ENDS_MS || (since > DROPPING_AT_MOST_MS && (waited === null || waited >= WAITED_FOR_SOUND_MS))) return;
    }
  })();
  armed = state;
}

function disarm(): void {
  const state = armed;
  if (!state || state.ending) return;
  armed = null;
  end(state, false);
}

/** The armed microphone for this device, with the moment its frames from before the answer are all dropped; null when none fits. */
function takeArmed(deviceName: string, frameLength: number): { recorder: PvRecorder; answered: Promise<void> } | null {
  const state = armed;
  if (!state) return null;
  armed = null;
  const fits = state.deviceName === deviceName && state.frameLength === frameLength;
  end(state, fits);
  return fits ? { recorder: state.recorder, answered: state.dropping } : null;
}

function end(state: Armed, taken: boolean): void {
  state.ending = { taken, at: deviceClock.now() };
  state.wake();
}

function releaseRecorder(recorder: PvRecorder): void {
  try {
    recorder.stop();
  } catch {
    // already stopped
  }
  recorder.release();
}

function deviceIndexOf(name: string): number {
  if (name === '') return -1;
  const index = PvRecorder.getAvailableDevices().indexOf(name);
  if (index < 0) throw new Error(`The microphone "${name}" chosen in Settings is not connected. Connect it, or choose another microphone in Settings.`);
  return index;
}

/** Opens the call's sound, on this platform's source; a lost source is told to main at once. */
function openCallSound(frameLength: number): Promise<CallSoundInput> {
  const choice = callSoundSourceFor(process.platform, {
    linux: () =>
      pulseMonitorSource({
        pactl,
        clock: deviceClock,
        devices: () => PvRecorder.getAvailableDevices(),
        openRecorder: (index) => {
          const recorder = new PvRecorder(frameLength, index);
          recorder.start();
          return recorder;
        },
      }),
  });
  return CallSoundInput.open(choice, (report) => send({ type: 'call-sound', report }));
}

/** Stops capturing and closes the microphone (and the call's sound). */
function release(recording: Recording): void {
  void recording.callOpening?.then((call) => {
    const counts = call.counts();
    if (counts && (counts.silenced > 0 || counts.dropped > 0)) diagnose(`The call's sound was silenced for ${counts.silenced} samples and ${counts.dropped} were dropped.`);
    call.close();
  });
  releaseRecorder(recording.recorder);
}

async function finish(recording: Recording, reason: 'requested' | 'device-lost'): Promise<void> {
  release(recording);
  const { plainBytes } = recording.audio.finish();
  const parts = await finishParts(recording);
  const result = { dataBytes: plainBytes, durationMs: durationMsOf(plainBytes), parts };
  try {
    await recording.mp3?.finish();
  } catch (error) {
    // The recording is whole; the compact copy is made again from it before upload.
    recording.mp3?.abandon();
    diagnose(`The compact copy could not be finished: ${(error as Error).message}`);
  }
  current = null;
  send({ type: 'stopped', ...result, reason });
}

/** Cuts the last part; the number of parts, or null when they must be cut from the recording. */
async function finishParts(recording: Recording): Promise<number | null> {
  if (!recording.partsFolder) return 0;
  if (!recording.partWriter) return null;
  try {
    return await recording.partWriter.finish();
  } catch (error) {
    diagnose(`The last part of the recording could not be cut: ${(error as Error).message}`);
    return null;
  }
}

/** The recording goes on without parts: they are cut from it once it is finished. */
function stopCuttingParts(recording: Recording, error: unknown): void {
  diagnose(`Parts of the recording could not be cut while recording: ${(error as Error).message}`);
  recording.partWriter = null;
}

function fail(recording: Recording, message: string): void {
  release(recording);
  current = null;
  try {
    recording.audio.finish();
  } catch {
    // The disk refused: what was sealed so far is on it, and recovery reads it.
  }
  recording.mp3?.abandon();
  send({ type: 'error', message });
}

/** "Speak now": the microphone sends sound, and all it hears from then on is kept. */
async function announce(recording: Recording): Promise<void> {
  // The call's sound is said at Record, with "speak now": on, or why it is missing.
  if (recording.callOpening) recording.call = await recording.callOpening;
  send({ type: 'started', device: recording.recorder.getSelectedDevice(), callSound: recording.call?.report() ?? null });
  // The encoder loads only now: its compiling must not hold up the news that the microphone works.
  if (recording.mp3Path) recording.mp3 = new CompactCopy(recording.mp3Path, recording.audioKey, diagnose);
  if (recording.partsFolder) {
    recording.partWriter = new AudioPartWriter(recording.partsFolder, recording.audioKey, { sequence: 0, sample: 0 }, (part) => send({ type: 'part', ...part }), recording.partChoice);
  }
}

async function capture(recording: Recording): Promise<void> {
  const reader = new PacedReader(recording.recorder, deviceClock);
  let frames = 0;
  let loudest = 0;
  let announced = false;
  // Every append syncs the file to disk when the last sync is 500 ms old; with no frames there is nothing new to sync.
  if (recording.answered) {
    // The microphone kept warm sends sound already: "speak now" as soon as the frame under way at the answer is dropped,
    // so that everything said once it shows is kept (and nothing from before the answer).
    await recording.answered;
    announced = true;
    reader.heard();
    await announce(recording);
  }
  while (!recording.stopRequested) {
    // Also when Stop came meanwhile: the frame due now holds the last words.
    await reader.due();
    let frame = await reader.read();
    if (!frame) {
      // read() fails now and then; only a long silence from the device means it is gone.
      if (reader.silentMs() > (reader.started ? DEVICE_LOST_MS : START_TIMEOUT_MS)) {
        if (!reader.started) throw new Error('The microphone did not start sending sound. Check that it is connected and not used by another program, then press Record again.');
        await finish(recording, 'device-lost');
        return;
      }
      continue;
    }
    if (!announced) {
      announced = true;
      await announce(recording);
    }
    if (recording.paused) {
      // The call's sound paused too: what it played meanwhile is not kept.
      recording.call?.mix(frame);
      recording.audio.syncIfDue();
      continue;
    }
    const micLevel = rms(frame);
    if (recording.call) frame = recording.call.mix(frame);
    try {
      recording.audio.append(new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength));
    } catch (error) {
      throw new Error(`Recording stopped: ${storageProblem(error)} The recording up to that moment is kept.`);
    }
    try {
      recording.mp3?.append(frame);
    } catch {
      // The compact copy is a convenience: without it the recording is encoded before upload.
      recording.mp3?.abandon();
      recording.mp3 = null;
    }
    const level = recording.call ? rms(frame) : micLevel;
    if (recording.partWriter) await recording.partWriter.append(frame, level).catch((error: unknown) => stopCuttingParts(recording, error));
    loudest = Math.max(loudest, micLevel);
    frames += 1;
    if (frames % LEVEL_EVERY_FRAMES === 0) {
      const callLevel = recording.call ? meterLevel(recording.call.takeLoudest()) : null;
      send({ type: 'level', level: meterLevel(loudest), callLevel, elapsedMs: durationMsOf(recording.audio.plainBytes) });
      loudest = 0;
    }
  }
  await finish(recording, 'requested');
}

async function start(message: Extract<ToRecorder, { type: 'start' }>): Promise<void> {
  if (current) {
    send({ type: 'error', message: 'A recording is already in progress.' });
    return;
  }
  const warm = takeArmed(message.deviceName, message.frameLength);
  let audio: SealedFileWriter;
  try {
    audio = SealedFileWriter.create(message.audioPath, message.audioKey, { parcelBytes: PARCEL_BYTES, sync: { everyMs: 500, clock: deviceClock } });
  } catch (error) {
    if (warm) void warm.answered.then(() => releaseRecorder(warm.recorder));
    send({ type: 'error', message: `The recording could not be started. ${storageProblem(error)}` });
    return;
  }
  let recorder: PvRecorder;
  try {
    recorder = warm?.recorder ?? new PvRecorder(message.frameLength, deviceIndexOf(message.deviceName));
    if (!warm) recorder.start();
  } catch (error) {
    audio.finish();
    const text = (error as Error).message;
    send({ type: 'error', message: text.startsWith('The microphone') ? text : `The microphone could not be opened (${text}).` });
    return;
  }
  const recording: Recording = {
    recorder,
    audio,
    mp3: null,
    mp3Path: message.mp3Path,
    partWriter: null,
    partsFolder: message.partsFolder,
    partChoice: message.partChoice,
    audioKey: message.audioKey,
    paused: false,
    stopRequested: false,
    callOpening: message.callSound ? openCallSound(message.frameLength) : null,
    call: null,
    answered: warm?.answered ?? null,
  };
  current = recording;
  capture(recording).catch((error: unknown) => fail(recording, (error as Error).message));
}

function listDevices(requestId: number): void {
  try {
    send({ type: 'devices', requestId, devices: PvRecorder.getAvailableDevices(), error: null });
  } catch (error) {
    send({ type: 'devices', requestId, devices: null, error: (error as Error).message });
  }
}

port.on('message', (event: { data: ToRecorder }) => {
  const message = event.data;
  switch (message.type) {
    case 'start':
      void start(message);
      break;
    case 'arm':
      arm(message);
      break;
    case 'disarm':
      disarm();
      break;
    case 'pause':
      if (current) current.paused = true;
      break;
    case 'resume':
      if (current) current.paused = false;
      break;
    case 'stop':
      if (current) current.stopRequested = true;
      else send({ type: 'stopped', dataBytes: 0, durationMs: 0, parts: 0, reason: 'requested' });
      break;
    case 'list-devices':
      listDevices(message.requestId);
      break;
  }
});

send({ type: 'ready' });
