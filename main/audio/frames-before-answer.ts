/**
 * Which of a warm microphone's frames hold sound from before the patient's answer, all of which
 * are dropped. A read that had to wait for its sound says the recorder's buffer is empty, but not
 * that the backlog is over: a busy computer holds the reading process up mid-read, and the sound
 * server hands a held-up backlog over in pieces. So the frames are also counted: the device sends
 * one every frame's length from its first, and every frame begun before the answer must be read
 * before the recording may keep one.
 */

/** A read that took this long had to wait for sound; one of a frame already in the recorder's buffer takes microseconds. */
export const WAITED_FOR_SOUND_MS = 2;

export class FramesBeforeAnswer {
  private firstAt: number | null = null;
  private read = 0;

  constructor(private readonly frameMs: number) {}

  /** A frame was read (and dropped) at `at`, on the clock of the answer's time. */
  frameRead(at: number): void {
    this.firstAt ??= at;
    this.read += 1;
  }

  /**
   * Whether every frame begun before `answeredAt` has been read, the last read having waited
   * `waitedMs` for its sound. The first frame's time is when its read came back, at or after it
   * was complete: the count may fall one short, never over; the wait covers that one.
   */
  allRead(answeredAt: number, waitedMs: number): boolean {
    if (waitedMs < WAITED_FOR_SOUND_MS) return false;
    if (this.firstAt === null) return true;
    // Frame k is complete at firstAt + k × frameMs; the one under way at the answer is the last begun before it.
    const begunBefore = Math.max(0, Math.ceil((answeredAt - this.firstAt) / this.frameMs)) + 1;
    return this.read >= begunBefore;
  }
}
