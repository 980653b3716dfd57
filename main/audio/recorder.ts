/**
 * Main's handle on recording: start, pause, resume, stop; levels and a lost microphone
 * reported as they happen. The work happens in the recorder process (recorder-host.ts),
 * kept warm between recordings. If that process dies, the recording so far is repaired and
 * kept, and a new process is ready for the next Record.
 */
import type { AudioPart, PartChoice } from './audio-parts';
import type { CallSoundReport } from './call-sound-input';
import type { FromRecorder, RecorderProcess } from './recorder-protocol';
import type { RecordingSize } from './upload-audio';

import type { Clock } from '../core/clock';
import { completeSealedFile } from '../storage/sealed-file';
import { durationMsOf } from './wav-file';

/**
 * 32 ms of audio a frame: "speak now" shows once the first frame is in (64 ms with 1,024).
 * 384 and 256 were tried: on PulseAudio a first frame then took 1.1 s whenever the shortcut's
 * cue opened the audio output at the same moment, and 256 cost 0.4 points of CPU while recording.
 */
export const FRAME_LENGTH = 512;
/** After the recorder process died, start a new one this much later, ready for the next Record. */
const REWARM_AFTER_MS = 1_000;

export interface RecorderEvents {
  /** The microphone's level, and the call's sound's (null when it is not recorded). */
  onLevel(level: number, elapsedMs: number, callLevel: number | null): void;
  /** The call's sound stopped while recording (the microphone goes on). */
  onCallSound?(report: CallSoundReport): void;
  /** Recording ended without being asked: the microphone was lost or the process died. `parts` as in StopResult. */
  onInterrupted(result: { durationMs: number; parts: number | null; message: string; size: RecordingSize | null }): void;
  /** A part for the sessions API was cut and is on disk. */
  onPart?(part: AudioPart): void;
  /** What the recorder process printed to stderr (errors from the audio library). */
  onDiagnostic?(text: string): void;
}

export interface StopResult {
  dataBytes: number;
  durationMs: number;
  /** What the recording holds, as its writer or its repair knows it; null when neither could say (it is counted later, once). */
  size: RecordingSize | null;
  /** How many parts were cut for the sessions API (0 when none were wanted); null when they must be cut from the recording. */
  parts: number | null;
}

/** Where a recording goes: the file, encrypted with the key, and the folder of its parts when they are wanted. */
export interface RecordingTarget {
  path: string;
  key: Uint8Array;
  partsFolder: string | null;
  /** The parts' format and least length (MP3 and the usual length when absent). */
  partChoice?: PartChoice;
}

interface ActiveRecording {
  target: RecordingTarget;
  started: boolean;
  onStarted(started: { device: string; callSound: CallSoundReport | null }): void;
  onFailedToStart(message: string): void;
  onStopped: ((result: StopResult) => void) | null;
}

export class Recorder {
  private readonly host: RecorderProcess;
  private active: ActiveRecording | null = null;
  private disposed = false;

  constructor(
    host: RecorderProcess,
    private readonly events: RecorderEvents,
    /** The clock the new process after a dead one waits on. */
    private readonly clock: Pick<Clock, 'setTimeout'>,
  ) {
    this.host = host;
    host.attach({
      onMessage: (message) => this.onMessage(message),
      onExit: () => this.onExit(),
      onDiagnostic: events.onDiagnostic,
    });
  }

  /** Starts the recorder process ahead of the first Record. */
  warm(): Promise<void> {
    return this.host.ensure().then(() => undefined);
  }

  listDevices(): Promise<string[]> {
    return this.host.listDevices();
  }

  /** The recorder process's id while it runs (diagnostics and tests). */
  processId(): number | null {
    return this.host.pid();
  }

  /**
   * Resolves once the first frame has arrived (with whether the call's sound is in it, when
   * `callSound` asked for it); rejects with a message for the user.
   * `mp3Path`: where to write the compact copy as the audio arrives, or null for none.
   */
  start(target: RecordingTarget, mp3Path: string | null, deviceName: string, callSound = false): Promise<{ device: string; callSound: CallSoundReport | null }> {
    if (this.active) return Promise.reject(new Error('A recording is already in progress.'));
    return new Promise((resolve, reject) => {
      this.active = {
        target,
        started: false,
        onStarted: resolve,
        onFailedToStart: (message) => reject(new Error(message)),
        onStopped: null,
      };
      const start = { type: 'start', audioPath: target.path, audioKey: target.key, mp3Path, partsFolder: target.partsFolder, partChoice: target.partChoice, deviceName, frameLength: FRAME_LENGTH, callSound } as const;
      this.host.send(start).catch((error: unknown) => {
        this.active = null;
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  /** Opens the microphone ahead of a recording about to be asked for; nothing it hears is kept (recorder-protocol.ts). */
  arm(deviceName: string): void {
    if (this.active) return;
    void this.host.send({ type: 'arm', deviceName, frameLength: FRAME_LENGTH }).catch(() => undefined);
  }

  /** Closes a microphone opened ahead of a recording that was not asked for after all. */
  disarm(): void {
    void this.host.send({ type: 'disarm' }).catch(() => undefined);
  }

  pause(): void {
    void this.host.send({ type: 'pause' });
  }

  resume(): void {
    void this.host.send({ type: 'resume' });
  }

  stop(): Promise<StopResult> {
    const active = this.active;
    if (!active) return Promise.resolve({ dataBytes: 0, durationMs: 0, parts: 0, size: null });
    return new Promise((resolve) => {
      active.onStopped = resolve;
      this.host.send({ type: 'stop' }).catch(() => {
        const repaired = repair(active.target);
        resolve({ dataBytes: repaired.size?.plainBytes ?? 0, durationMs: repaired.durationMs, parts: unknownParts(active.target), size: repaired.size });
      });
    });
  }

  dispose(): void {
    this.disposed = true;
    this.host.dispose();
  }

  private onMessage(message: FromRecorder): void {
    const active = this.active;
    if (!active) return;
    switch (message.type) {
      case 'started':
        active.started = true;
        active.onStarted({ device: message.device, callSound: message.callSound });
        break;
      case 'level':
        this.events.onLevel(message.level, message.elapsedMs, message.callLevel);
        break;
      case 'call-sound':
        this.events.onCallSound?.(message.report);
        break;
      case 'part':
        this.events.onPart?.({ sequence: message.sequence, startSample: message.startSample, endSample: message.endSample });
        break;
      case 'error':
        this.active = null;
        if (!active.started) active.onFailedToStart(message.message);
        else this.events.onInterrupted({ ...repair(active.target), parts: unknownParts(active.target), message: message.message });
        break;
      case 'stopped': {
        this.active = null;
        // Written whole by the recorder process just now: nothing in it is damaged.
        const size = { plainBytes: message.dataBytes, damagedParcels: 0 };
        if (active.onStopped) active.onStopped({ dataBytes: message.dataBytes, durationMs: message.durationMs, parts: message.parts, size });
        else if (message.reason === 'device-lost') {
          this.events.onInterrupted({
            durationMs: message.durationMs,
            parts: message.parts,
            size,
            message: 'The microphone stopped sending sound (was it unplugged?). The recording up to that moment is kept.',
          });
        }
        break;
      }
      case 'ready':
      case 'devices':
        break;
    }
  }

  private onExit(): void {
    const active = this.active;
    this.active = null;
    if (active) {
      const repaired = repair(active.target);
      const parts = unknownParts(active.target);
      if (!active.started) active.onFailedToStart('The recorder stopped unexpectedly while opening the microphone.');
      else if (active.onStopped) active.onStopped({ dataBytes: repaired.size?.plainBytes ?? 0, durationMs: repaired.durationMs, parts, size: repaired.size });
      else this.events.onInterrupted({ ...repaired, parts, message: 'The recorder stopped unexpectedly. The recording up to that moment is kept.' });
    }
    if (!this.disposed) {
      this.clock.setTimeout(() => void this.warm().catch(() => undefined), REWARM_AFTER_MS);
    }
  }
}

/** After an interruption, the parts still to be cut are cut from the recording (null); none were wanted (0). */
function unknownParts(target: RecordingTarget): number | null {
  return target.partsFolder ? null : 0;
}

/** Makes a recording left by an interrupted recorder whole; its duration (0 when there is nothing) and what it holds. */
function repair(target: RecordingTarget): { durationMs: number; size: RecordingSize | null } {
  try {
    const { plainBytes, damagedParcels } = completeSealedFile(target.path, target.key);
    return { durationMs: durationMsOf(plainBytes), size: { plainBytes, damagedParcels } };
  } catch {
    return { durationMs: 0, size: null };
  }
}
