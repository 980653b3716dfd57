/**
 * One paced read of an audio source, as both of the recorder's loops do it (the microphone's and
 * the call's sound): wait until the next frame should be complete (read-pacer.ts), or a moment
 * after a failed read; read it; and count how long the source has sent nothing, which is how a
 * device that is gone is told from one that failed a read now and then. The loops say what
 * silence means to them and what to do with a frame.
 */
import type { Clock } from '../core/clock';
import { ReadPacer } from './read-pacer';
import { SAMPLE_RATE } from './wav-file';

/** What PvRecorder gives: frames read one after another. */
export interface FrameSource {
  readonly frameLength: number;
  read(): Promise<Int16Array>;
}

/** After a failed read, the next is tried this much later. */
const AFTER_FAILURE_MS = 20;

export class PacedReader {
  private readonly pacer: ReadPacer;
  private readonly began: number;
  private lastFrameAt: number | null = null;
  private failed = false;

  /** `clock`: the recorder process's own time and timers (the device's pace, never a date). */
  constructor(
    private readonly source: FrameSource,
    private readonly clock: Pick<Clock, 'now' | 'sleep'>,
  ) {
    this.pacer = new ReadPacer((source.frameLength / SAMPLE_RATE) * 1000, clock);
    this.began = clock.now();
  }

  /** Resolves when the next read is due: at once for the first, when its frame should be complete, or a moment after a failed read. */
  async due(): Promise<void> {
    const delay = this.failed ? AFTER_FAILURE_MS : this.pacer.delayMs();
    if (delay > 0) await this.clock.sleep(delay);
  }

  /** Reads the next frame now; null when the read failed (the next is not held back by the pace). */
  async read(): Promise<Int16Array | null> {
    const startedAt = this.clock.now();
    try {
      const frame = await this.source.read();
      this.pacer.frameRead(startedAt);
      this.heard();
      return frame;
    } catch {
      this.pacer.reset();
      this.failed = true;
      return null;
    }
  }

  /** The source is known to send sound now (a microphone kept warm, taken for a recording). */
  heard(): void {
    this.lastFrameAt = this.clock.now();
    this.failed = false;
  }

  /** Whether the source has sent a frame yet. */
  get started(): boolean {
    return this.lastFrameAt !== null;
  }

  /** How long the source has sent nothing: since its last frame, or since reading began. */
  silentMs(): number {
    return this.clock.now() - (this.lastFrameAt ?? this.began);
  }
}
