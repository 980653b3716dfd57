/** Messages between main and the recorder utility process, which stays running between recordings. */

export type ToRecorder =
  /**
   * Records into `audioPath` (and, when given, the compact copy into `mp3Path`), both
   * encrypted with `audioKey`, from the named microphone ('' = default).
   */
  | { type: 'start'; audioPath: string; audioKey: Uint8Array; mp3Path: string | null; deviceName: string; frameLength: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'list-devices'; requestId: number };

export type FromRecorder =
  /** The process has loaded the audio library and takes requests. */
  | { type: 'ready' }
  /** The first frame arrived: the doctor can speak. */
  | { type: 'started'; device: string }
  /** About 15 times a second while recording. */
  | { type: 'level'; level: number; elapsedMs: number }
  /** The files are complete and closed. */
  | { type: 'stopped'; dataBytes: number; durationMs: number; reason: 'requested' | 'device-lost' }
  | { type: 'error'; message: string }
  | { type: 'devices'; requestId: number; devices: string[] | null; error: string | null };
