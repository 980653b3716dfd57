/**
 * When to ask PvRecorder for the next frame. Its read waits for a whole frame by polling
 * every few milliseconds, which costs more CPU than everything else done while recording;
 * asked only once the frame should be complete, it finds the frame there. The pace follows
 * the device's own clock: a read that had to wait marks when a frame completed; a read that
 * found its frame waiting keeps the schedule. Plain logic: the reader (paced-reader.ts) sleeps.
 */
import type { Clock } from '../core/clock';

/** Later than the frame's due time by this much, so that it has surely arrived. */
const MARGIN_MS = 6;
/** A read that took longer than this waited for its frame. */
const WAITED_MS = 3;

export class ReadPacer {
  /** When the last frame became available, as far as can be told. */
  private anchor: number | null = null;

  constructor(
    private readonly frameMs: number,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /** Milliseconds to wait before the next read (0 for the first: Record wants its first sound at once). */
  delayMs(): number {
    return this.anchor === null ? 0 : Math.max(0, this.anchor + this.frameMs + MARGIN_MS - this.clock.now());
  }

  /** A read that began at `startedAt` has returned its frame. */
  frameRead(startedAt: number): void {
    const now = this.clock.now();
    this.anchor = this.anchor === null || now - startedAt > WAITED_MS ? now : this.anchor + this.frameMs;
  }

  /** After a failed read: the next read is not held back. */
  reset(): void {
    this.anchor = null;
  }
}
