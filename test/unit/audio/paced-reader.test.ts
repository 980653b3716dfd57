/**
 * The one paced read both of the recorder's loops use (the microphone's, the call's sound): the
 * next frame asked for only once it should be complete, a failed read tried again a moment
 * later, and the source's silence counted on the clock the test moves, as a device that is gone
 * is told from one that failed a read now and then.
 */
import { describe, expect, it } from 'vitest';
import { PacedReader, type FrameSource } from '../../../main/audio/paced-reader';
import { FakeClock } from '../../support/fake-clock';

/** 1,024 samples at 16 kHz: a frame every 64 ms. */
const FRAME_LENGTH = 1024;

/** A source whose reads take `waitMs` of the clock's time each (a read that waits for its frame), and fail while `failing` says so. */
function source(clock: FakeClock, script: { waitMs?: number; failing?: () => boolean } = {}): FrameSource & { reads: number } {
  return {
    frameLength: FRAME_LENGTH,
    reads: 0,
    async read() {
      this.reads += 1;
      clock.tick(script.waitMs ?? 0);
      if (script.failing?.()) throw new Error('PvRecorder failed to read audio data frame.');
      return new Int16Array(FRAME_LENGTH);
    },
  };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `wait` has resolved by the next turn of the event loop. */
async function over(wait: Promise<void>): Promise<boolean> {
  let done = false;
  void wait.then(() => (done = true));
  await turn();
  return done;
}

describe('a paced read', () => {
  it('reads the first frame at once, then asks for each only once it should be complete', async () => {
    const clock = new FakeClock();
    const reader = new PacedReader(source(clock, { waitMs: 40 }), clock);
    expect(await over(reader.due())).toBe(true);
    expect(await reader.read()).toHaveLength(FRAME_LENGTH);
    // The read waited for its frame: the next is due a frame and a margin after it came.
    const next = reader.due();
    clock.tick(69);
    expect(await over(next)).toBe(false);
    clock.tick(1);
    expect(await over(next)).toBe(true);
  });

  it('tries again a moment after a failed read, and counts the silence since the last frame', async () => {
    const clock = new FakeClock();
    let failing = false;
    const reader = new PacedReader(source(clock, { failing: () => failing }), clock);
    await reader.due();
    expect(await reader.read()).not.toBeNull();
    expect(reader).toMatchObject({ started: true });
    expect(reader.silentMs()).toBe(0);

    failing = true;
    const paced = reader.due();
    clock.tick(70);
    await paced;
    expect(await reader.read()).toBeNull();
    expect(reader.silentMs()).toBe(70);
    // Not held back by the pace: 20 ms later.
    const again = reader.due();
    clock.tick(19);
    expect(await over(again)).toBe(false);
    clock.tick(1);
    expect(await over(again)).toBe(true);
    expect(await reader.read()).toBeNull();
    expect(reader.silentMs()).toBe(90);

    failing = false;
    const back = reader.due();
    clock.tick(20);
    await back;
    expect(await reader.read()).not.toBeNull();
    expect(reader.silentMs()).toBe(0);
  });

  it('bad input: a source that never sends is silent since reading began; a microphone taken warm, since it was taken', async () => {
    const clock = new FakeClock();
    const reader = new PacedReader(source(clock, { failing: () => true }), clock);
    clock.tick(500);
    expect(await reader.read()).toBeNull();
    expect(reader).toMatchObject({ started: false });
    expect(reader.silentMs()).toBe(500);

    reader.heard();
    expect(reader).toMatchObject({ started: true });
    expect(reader.silentMs()).toBe(0);
    expect(await over(reader.due())).toBe(true);
    clock.tick(2_600);
    expect(reader.silentMs()).toBe(2_600);
  });
});
