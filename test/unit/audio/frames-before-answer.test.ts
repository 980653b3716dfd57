/**
 * A warm microphone's frames from before the patient's answer: all are read and dropped, also
 * when a busy computer held the reading process up (a read of a buffered frame that took long)
 * or the sound server handed a held-up backlog over in pieces (a read that waited, mid-backlog).
 */
import { describe, expect, it } from 'vitest';
import { FramesBeforeAnswer, WAITED_FOR_SOUND_MS } from '../../../main/audio/frames-before-answer';

/** 512 samples at 16 kHz. */
const FRAME_MS = 32;
/** The device's first frame is complete (and read) at this time. */
const FIRST_AT = 40;

/** Frames read on time, one as each is complete, up to (not after) `until`. */
function readOnTime(frames: FramesBeforeAnswer, until: number): number {
  let at = FIRST_AT;
  for (; at <= until; at += FRAME_MS) frames.frameRead(at);
  return at;
}

describe('the frames before the answer', () => {
  it('are over with the frame under way at the answer, read once it is complete', () => {
    const frames = new FramesBeforeAnswer(FRAME_MS);
    const next = readOnTime(frames, 1_000);
    const answeredAt = next - 10;
    frames.frameRead(next);
    expect(frames.allRead(answeredAt, 10)).toBe(true);
  });

  it('are not over at a read that came back at once: the recorder holds more', () => {
    const frames = new FramesBeforeAnswer(FRAME_MS);
    const next = readOnTime(frames, 1_000);
    frames.frameRead(next);
    expect(frames.allRead(next - 10, 0)).toBe(false);
  });

  it('are not over at a buffered read the process was held up in, while frames begun before the answer are unread', () => {
    const frames = new FramesBeforeAnswer(FRAME_MS);
    readOnTime(frames, 1_000);
    // Six frames behind at the answer (a busy computer): the first read out of the buffer took 5 ms.
    const answeredAt = 1_200;
    frames.frameRead(answeredAt + 5);
    expect(frames.allRead(answeredAt, 5)).toBe(false);
    for (let frame = 0; frame < 5; frame += 1) {
      frames.frameRead(answeredAt + 5);
      expect(frames.allRead(answeredAt, 0)).toBe(false);
    }
    // The frame under way at the answer: its read waits for its sound.
    frames.frameRead(answeredAt + 20);
    expect(frames.allRead(answeredAt, 15)).toBe(true);
  });

  it('are not over when a held-up backlog comes in pieces, until every frame of the hold is read', () => {
    const frames = new FramesBeforeAnswer(FRAME_MS);
    readOnTime(frames, 700);
    // Held up from 700 to 1,900 ms, answered at once: about 37 frames are owed.
    const answeredAt = 1_900;
    const owed = Math.ceil((answeredAt - FIRST_AT) / FRAME_MS) + 1 - Math.floor((700 - FIRST_AT) / FRAME_MS + 1);
    for (let frame = 1; frame < owed; frame += 1) {
      frames.frameRead(answeredAt + frame);
      // Half-way, the sound server's next piece is late: that read waits, and the backlog is not over.
      expect(frames.allRead(answeredAt, frame === 18 ? 8 : 0)).toBe(false);
    }
    frames.frameRead(answeredAt + 60);
    expect(frames.allRead(answeredAt, 20)).toBe(true);
  });

  it('are one frame when the answer came before the device sent any: that frame began before it', () => {
    const frames = new FramesBeforeAnswer(FRAME_MS);
    frames.frameRead(FIRST_AT);
    expect(frames.allRead(FIRST_AT - 20, FIRST_AT - 20)).toBe(true);
  });

  it('count a read as waiting for sound from the threshold on', () => {
    const frames = new FramesBeforeAnswer(FRAME_MS);
    frames.frameRead(FIRST_AT);
    expect(frames.allRead(FIRST_AT - 20, WAITED_FOR_SOUND_MS - 0.5)).toBe(false);
    expect(frames.allRead(FIRST_AT - 20, WAITED_FOR_SOUND_MS)).toBe(true);
  });
});
