import { describe, expect, it } from 'vitest';
import type { RecorderState } from '../../../contract/dictation';
import { KEY, keyBindingOf } from '../../../main/shortcuts/accelerator-keys';
import { HeldShortcut, KeysDown } from '../../../main/shortcuts/held-keys';
import { ShortcutRecording, TOGGLE_REPEAT_MS, type ShortcutRecorder } from '../../../main/shortcuts/shortcut-recording';

const R = 0x13;

/** A recorder that takes `startMs` (fake time) to open the microphone, and notes what it was asked. */
function fakeRecorder() {
  let state: RecorderState = 'idle';
  let id = 0;
  let finishStart: (() => void) | null = null;
  const calls: string[] = [];
  const recorder: ShortcutRecorder = {
    state: () => state,
    start: () => {
      calls.push('start');
      state = 'starting';
      id += 1;
      const started = `d${id}`;
      return new Promise((resolve) => {
        finishStart = () => {
          state = 'recording';
          resolve(started);
        };
      });
    },
    stop: async (which) => {
      calls.push(`stop ${which}`);
      if (state === 'recording' || state === 'paused') state = 'idle';
    },
  };
  return {
    recorder,
    calls,
    opened: () => finishStart?.(),
    set: (next: RecorderState) => (state = next),
  };
}

function setup(hold: boolean) {
  let now = 0;
  const fake = fakeRecorder();
  const keys = new KeysDown();
  const control = new ShortcutRecording(fake.recorder, () => now);
  if (hold) control.useHold(new HeldShortcut(keyBindingOf('CommandOrControl+Alt+R', 'linux')!, keys));
  const down = (code: number) => {
    keys.keyDown(code, now);
    control.keyDown(code);
  };
  const up = (code: number) => {
    keys.keyUp(code);
    control.keyUp(code);
  };
  const press = () => {
    for (const code of [KEY.Ctrl, KEY.Alt, R]) down(code);
    control.pressed();
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { fake, control, down, up, press, flush, at: (ms: number) => (now = ms) };
}

describe('ShortcutRecording, toggle', () => {
  it('starts when idle and stops when recording, at each press', async () => {
    const t = setup(false);
    t.control.pressed();
    t.fake.opened();
    await t.flush();
    t.at(5_000);
    t.control.pressed();
    expect(t.fake.calls).toEqual(['start', 'stop null']);
  });

  it('ignores the presses the OS repeats while the shortcut is held, however long', async () => {
    const t = setup(false);
    t.control.pressed();
    t.fake.opened();
    await t.flush();
    // Held: the first repeat after the OS's delay, then one every 40 ms for three seconds.
    for (let ms = 660; ms <= 3_660; ms += 40) {
      t.at(ms);
      t.control.pressed();
    }
    expect(t.fake.calls).toEqual(['start']);
    t.at(3_660 + TOGGLE_REPEAT_MS);
    t.control.pressed();
    expect(t.fake.calls).toEqual(['start', 'stop null']);
  });
});

describe('ShortcutRecording, hold', () => {
  it('starts at the press, ignores the repeated presses, and stops that recording at the release', async () => {
    const t = setup(true);
    t.press();
    t.fake.opened();
    await t.flush();
    for (let at = 500; at < 3000; at += 40) {
      t.at(at);
      t.down(R);
      t.control.pressed();
    }
    expect(t.fake.calls).toEqual(['start']);
    t.at(3000);
    t.up(R);
    await t.flush();
    expect(t.fake.calls).toEqual(['start', 'stop d1']);
  });

  it('released while the microphone is still opening: stops as soon as the recording has begun', async () => {
    const t = setup(true);
    t.press();
    t.at(60);
    t.up(KEY.Alt);
    await t.flush();
    expect(t.fake.calls).toEqual(['start']);
    t.fake.opened();
    await t.flush();
    expect(t.fake.calls).toEqual(['start', 'stop d1']);
  });

  it('pressed during a recording started by hand: stops it, and the release does nothing more', async () => {
    const t = setup(true);
    t.fake.set('recording');
    t.press();
    t.at(1000);
    t.up(R);
    await t.flush();
    expect(t.fake.calls).toEqual(['stop null']);
  });

  it('back to toggle when the tracker is taken away', async () => {
    const t = setup(true);
    t.control.useHold(null);
    t.control.pressed();
    t.fake.opened();
    await t.flush();
    t.at(5_000);
    t.control.pressed();
    expect(t.fake.calls).toEqual(['start', 'stop null']);
  });
});
