/**
 * Main's handle on the recorder utility process: start, pause, resume, stop; levels and
 * a lost microphone reported as they happen. A crash of the native audio code ends the
 * utility process, never main; the file it leaves is repaired.
 */
import { utilityProcess, type UtilityProcess } from 'electron';
import type { FromRecorder, ToRecorder } from './recorder-protocol';
import { repairWav } from './wav-file';

export const FRAME_LENGTH = 512;

export interface RecorderEvents {
  onLevel(level: number, elapsedMs: number): void;
  /** Recording ended without being asked: the microphone was lost or the process died. */
  onInterrupted(result: { durationMs: number; message: string }): void;
  /** What the recorder process printed to stderr (errors from the audio library). */
  onDiagnostic?(text: string): void;
}

export interface StopResult {
  dataBytes: number;
  durationMs: number;
}

export class Recorder {
  private child: UtilityProcess | null = null;
  private pendingStop: ((result: StopResult) => void) | null = null;
  private path = '';

  constructor(
    private readonly processPath: string,
    private readonly events: RecorderEvents,
  ) {}

  get active(): boolean {
    return this.child !== null;
  }

  /** Resolves once the first frame has arrived; rejects with a message for the user. */
  start(path: string, deviceIndex: number): Promise<{ device: string }> {
    if (this.child) return Promise.reject(new Error('A recording is already in progress.'));
    this.path = path;
    const child = utilityProcess.fork(this.processPath, [], { serviceName: 'Scribe Desk recorder', stdio: 'pipe' });
    child.stderr?.on('data', (chunk: Buffer) => this.events.onDiagnostic?.(chunk.toString('utf8').trim()));
    child.stdout?.resume();
    this.child = child;
    return new Promise((resolve, reject) => {
      let started = false;
      child.on('message', (message: FromRecorder) => {
        switch (message.type) {
          case 'started':
            started = true;
            resolve({ device: message.device });
            break;
          case 'level':
            this.events.onLevel(message.level, message.elapsedMs);
            break;
          case 'error':
            this.child = null;
            child.kill();
            if (!started) reject(new Error(message.message));
            else this.events.onInterrupted({ durationMs: this.repair(), message: message.message });
            break;
          case 'stopped':
            this.child = null;
            child.kill();
            if (this.pendingStop) {
              this.pendingStop(message);
              this.pendingStop = null;
            } else if (message.reason === 'device-lost') {
              this.events.onInterrupted({
                durationMs: message.durationMs,
                message: 'The microphone stopped sending sound (was it unplugged?). The recording up to that moment is kept.',
              });
            }
            break;
        }
      });
      child.on('exit', () => {
        if (this.child !== child) return;
        this.child = null;
        const durationMs = this.repair();
        if (!started) reject(new Error('The recorder stopped unexpectedly while opening the microphone.'));
        else if (this.pendingStop) {
          this.pendingStop({ dataBytes: 0, durationMs });
          this.pendingStop = null;
        } else this.events.onInterrupted({ durationMs, message: 'The recorder stopped unexpectedly. The recording up to that moment is kept.' });
      });
      this.send({ type: 'start', path, deviceIndex, frameLength: FRAME_LENGTH });
    });
  }

  pause(): void {
    this.send({ type: 'pause' });
  }

  resume(): void {
    this.send({ type: 'resume' });
  }

  stop(): Promise<StopResult> {
    if (!this.child) return Promise.resolve({ dataBytes: 0, durationMs: this.repair() });
    return new Promise((resolve) => {
      this.pendingStop = resolve;
      this.send({ type: 'stop' });
    });
  }

  private repair(): number {
    try {
      return repairWav(this.path)?.durationMs ?? 0;
    } catch {
      return 0;
    }
  }

  private send(message: ToRecorder): void {
    this.child?.postMessage(message);
  }
}
