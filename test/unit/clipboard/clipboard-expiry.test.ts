import { describe, expect, it } from 'vitest';
import { CLIPBOARD_KEEP_MS, ClipboardExpiry } from '../../../main/clipboard/clipboard-expiry';
import { FakeClock } from '../../support/fake-clock';

/** A clipboard and a clock: the OS clipboard cannot be shared by parallel unit tests, and two minutes are not waited for. */
function setUp(enabled = true, asynchronous = false) {
  let text = '';
  const clock = new FakeClock(0);
  const expiry = new ClipboardExpiry({
    clipboard: { readText: () => (asynchronous ? Promise.resolve(text) : text), clear: () => (text = '') },
    enabled: () => enabled,
    clock,
  });
  const copy = (value: string) => {
    text = value;
    expiry.copied(value);
  };
  /** `ms` of the clock pass (two minutes by default), and what they started ends. */
  const elapse = async (ms = CLIPBOARD_KEEP_MS) => {
    clock.tick(ms);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { expiry, copy, elapse, clock, read: () => text, userCopies: (value: string) => (text = value) };
}

describe('ClipboardExpiry', () => {
  it('takes the note off the clipboard two minutes later, if the clipboard still holds it', async () => {
    for (const asynchronous of [false, true]) {
      const clip = setUp(true, asynchronous);
      clip.copy('Meena Iyer · Consultation · note');
      await clip.elapse(CLIPBOARD_KEEP_MS - 1);
      expect(clip.read()).toBe('Meena Iyer · Consultation · note');
      await clip.elapse(1);
      expect(clip.read()).toBe('');
    }
  });

  it('leaves alone what the user copied since, and does nothing with the setting off', async () => {
    const clip = setUp();
    clip.copy('note');
    clip.userCopies('a phone number');
    await clip.elapse();
    expect(clip.read()).toBe('a phone number');

    const off = setUp(false);
    off.copy('note');
    expect(off.clock.pending).toBe(0);
    await off.elapse();
    expect(off.read()).toBe('note');
  });

  it('counts two minutes from the last copy, and clears on quit what is still there', async () => {
    const clip = setUp();
    clip.copy('first note');
    await clip.elapse(CLIPBOARD_KEEP_MS - 1);
    clip.copy('second note');
    expect(clip.clock.pending).toBe(1);
    await clip.elapse(CLIPBOARD_KEEP_MS - 1);
    expect(clip.read()).toBe('second note');
    await clip.expiry.dispose();
    expect(clip.read()).toBe('');
    expect(clip.clock.pending).toBe(0);
  });
});
