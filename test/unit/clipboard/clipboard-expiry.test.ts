import { describe, expect, it } from 'vitest';
import { CLIPBOARD_KEEP_MS, ClipboardExpiry } from '../../../main/clipboard/clipboard-expiry';

/** A clipboard and a clock: the OS clipboard cannot be shared by parallel unit tests, and two minutes are not waited for. */
function setUp(enabled = true, asynchronous = false) {
  let text = '';
  const timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
  const expiry = new ClipboardExpiry({
    clipboard: { readText: () => (asynchronous ? Promise.resolve(text) : text), clear: () => (text = '') },
    enabled: () => enabled,
    setTimer: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
  });
  const copy = (value: string) => {
    text = value;
    expiry.copied(value);
  };
  const elapse = async () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { expiry, copy, elapse, timers, read: () => text, userCopies: (value: string) => (text = value) };
}

describe('ClipboardExpiry', () => {
  it('takes the note off the clipboard two minutes later, if the clipboard still holds it', async () => {
    for (const asynchronous of [false, true]) {
      const clip = setUp(true, asynchronous);
      clip.copy('Meena Iyer · Consultation · note');
      expect(clip.timers[0]?.ms).toBe(CLIPBOARD_KEEP_MS);
      await clip.elapse();
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
    expect(off.timers).toHaveLength(0);
    await off.elapse();
    expect(off.read()).toBe('note');
  });

  it('counts two minutes from the last copy, and clears on quit what is still there', async () => {
    const clip = setUp();
    clip.copy('first note');
    clip.copy('second note');
    expect(clip.timers.filter((timer) => !timer.cancelled)).toHaveLength(1);
    await clip.expiry.dispose();
    expect(clip.read()).toBe('');
  });
});
