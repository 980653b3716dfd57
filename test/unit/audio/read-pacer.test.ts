import { describe, expect, it } from 'vitest';
import { ReadPacer } from '../../../main/audio/read-pacer';

function clock() {
  let time = 1000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('pacing reads of 64 ms frames', () => {
  it('reads the first frame at once, then asks again only once the next frame should be complete', () => {
    const { now, advance } = clock();
    const pacer = new ReadPacer(64, { now });
    expect(pacer.delayMs()).toBe(0);
    const started = now();
    advance(40); // the first read waited for its frame
    pacer.frameRead(started);
    expect(pacer.delayMs()).toBe(70);
    advance(30);
    expect(pacer.delayMs()).toBe(40);
  });

  it('catches up without waiting when frames are already waiting, then keeps the schedule', () => {
    const { now, advance } = clock();
    const pacer = new ReadPacer(64, { now });
    pacer.frameRead(now()); // at t=1000, found at once: the anchor is now
    advance(500); // busy elsewhere: about seven frames wait in the buffer
    for (let i = 0; i < 7; i += 1) {
      expect(pacer.delayMs()).toBe(0);
      pacer.frameRead(now());
    }
    // Seven frames after the anchor, the schedule is at 1448; the eighth is due at 1512 + 6.
    expect(pacer.delayMs()).toBe(1000 + 8 * 64 + 6 - now());
  });

  it('follows a device slower than the wall clock: a read that waited moves the schedule', () => {
    const { now, advance } = clock();
    const pacer = new ReadPacer(64, { now });
    pacer.frameRead(now());
    advance(pacer.delayMs());
    const started = now();
    advance(20); // the frame came 20 ms after it was due
    pacer.frameRead(started);
    expect(pacer.delayMs()).toBe(70);
  });

  it('does not hold back the read after a failed one', () => {
    const { now } = clock();
    const pacer = new ReadPacer(64, { now });
    pacer.frameRead(now());
    expect(pacer.delayMs()).toBe(70);
    pacer.reset();
    expect(pacer.delayMs()).toBe(0);
  });
});
