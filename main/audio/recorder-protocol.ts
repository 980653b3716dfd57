/** Messages between main and the recorder utility process, which stays running between recordings. */
import type { PartChoice } from './audio-parts';
import type { CallSoundReport } from './call-sound-input';

export type ToRecorder =
  /**
   * Records into `audioPath` (and, when given, the compact copy into `mp3Path`), both
   * encrypted with `audioKey`, from the named microphone ('' = default); when `partsFolder`
   * is given, also cut into parts for the sessions API as it is spoken (audio-parts.ts), in
   * the format and at the length `partChoice` says (MP3 and the usual length when absent).
   * `callSound`: the computer's sound output is mixed in (call-sound-input.ts).
   */
  | {
      type: 'start';
      audioPath: string;
      audioKey: Uint8Array;
      mp3Path: string | null;
      partsFolder: string | null;
      partChoice?: PartChoice;
      deviceName: string;
      frameLength: number;
      callSound: boolean;
    }
  /**
   * Opens the microphone ahead of a recording about to be asked for (the patient's consent is
   * being asked): its frames are read and dropped, never kept, so that the recording starts at
   * the answer with no wait for the device. `disarm` closes it again; `start` takes it over.
   */
  | { type: 'arm'; deviceName: string; frameLength: number }
  | { type: 'disarm' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'list-devices'; requestId: number };

export type FromRecorder =
  /** The process has loaded the audio library and takes requests. */
  | { type: 'ready' }
  /** The first frame arrived: the doctor can speak. `callSound`: whether the call's sound is in it too (null: not asked for). */
  | { type: 'started'; device: string; callSound: CallSoundReport | null }
  /** About 8 times a second while recording; `callLevel` the call's sound's (null: not asked for). */
  | { type: 'level'; level: number; elapsedMs: number; callLevel: number | null }
  /** The call's sound stopped while recording (the microphone goes on). */
  | { type: 'call-sound'; report: CallSoundReport }
  /** A part was cut and is on disk, whole. */
  | { type: 'part'; sequence: number; startSample: number; endSample: number }
  /** The files are complete and closed. `parts`: how many parts were cut; null when cutting failed (they are cut from the recording). */
  | { type: 'stopped'; dataBytes: number; durationMs: number; parts: number | null; reason: 'requested' | 'device-lost' }
  | { type: 'error'; message: string }
  | { type: 'devices'; requestId: number; devices: string[] | null; error: string | null };

export interface RecorderHostEvents {
  onMessage(message: FromRecorder): void;
  /** The process ended without being asked (a crash, or killed). */
  onExit(): void;
  /** What the process printed to stderr (errors from the audio library). */
  onDiagnostic?(text: string): void;
}

/** The recorder process as the recorder drives it (recorder-host.ts runs it in an Electron utility process). */
export interface RecorderProcess {
  attach(events: RecorderHostEvents): void;
  /** Started if needed; settles once it takes requests. */
  ensure(): Promise<unknown>;
  send(message: ToRecorder): Promise<void>;
  listDevices(): Promise<string[]>;
  pid(): number | null;
  dispose(): void;
}
