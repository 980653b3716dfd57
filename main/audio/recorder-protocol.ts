/** Messages between main and the recorder utility process. */

export type ToRecorder =
  | { type: 'start'; path: string; deviceIndex: number; frameLength: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' };

export type FromRecorder =
  /** The first frame arrived: the doctor can speak. */
  | { type: 'started'; device: string }
  /** About 15 times a second while recording. */
  | { type: 'level'; level: number; elapsedMs: number }
  /** The file is complete and closed. */
  | { type: 'stopped'; dataBytes: number; durationMs: number; reason: 'requested' | 'device-lost' }
  | { type: 'error'; message: string };
