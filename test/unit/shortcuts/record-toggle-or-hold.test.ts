import { describe, expect, it } from 'vitest';
import type { RecorderState } from '../../../contract/dictation';
import { KEY, keyBindingOf } from '../../../main/shortcuts/accelerator-keys';
import { ShortcutRecording, type RecordingSwitch } from '../../../main/shortcuts/record-toggle-or-hold';
import { HOOK_IDLE_MS, JUDGE_AFTER_MS, TOGGLE_REPEAT_MS } from '../../../main/shortcuts/shortcut-presses';
import { FakeClock } from '../../support/fake-clock';

const R = 0x13;

/** A recorder that opens the microphone when told to (`opened`), and notes what it was asked. */
function fakeRecorder() {
  let state: RecorderState = 'idle';
  let id = 0;
  let finishStart: (() => void) | null = null;
  const calls: string[] = [];
  const recorder: RecordingSwitch = {
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
      if (state === 'recording' || state === 'paused' || state === 'starting') state = 'idle';
    },
  };
  return { recorder, calls, opened: () => finishStart?.(), set: (next: RecorderState) => (state = next) };
}

/**
 * The shortcut Ctrl+Alt+R with a keyboard hook that can run (or not), on a clock the test
 * moves: the OS's shortcut presses and the hook's key events are played as a desktop sends them.
 */
function setup(options: { hold?: boolean; hook?: boolean } = {}) {
  const clock = new FakeClock(0);
  const fake = fakeRecorder();
  let sessions = 0;
  const hookEvents: string[] = [];
  const control = new ShortcutRecording(
    fake.recorder,
    clock,
    {
      available: () => options.hook !== false,
      begin: () => {
        if (options.hook === false) return null;
        sessions += 1;
        hookEvents.push('hook on');
        return {
          end: () => {
            sessions -= 1;
            hookEvents.push('hook off');
          },
        };
      },
    },
  );
  control.use(keyBindingOf('CommandOrControl+Alt+R', 'linux'), options.hold ?? false);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Moves the clock to `ms`, running the timers due on the way. */
  const at = async (ms: number) => {
    clock.tick(ms - clock.now());
    await flush();
  };
  return {
    fake,
    control,
    at,
    hookEvents,
    hookRunning: () => sessions > 0,
    /** xdotool's `key ctrl+alt+r`: all three down, the shortcut fires, all up within a few milliseconds. */
    tap: async (ms: number, seen = true) => {
      await at(ms);
      if (seen) [KEY.Ctrl, KEY.Alt, R].forEach((code) => control.keyDown(code));
      control.pressed();
      await at(ms + 12);
      if (seen) [R, KEY.Alt, KEY.Ctrl].forEach((code) => control.keyUp(code));
    },
  };
}

describe('the record shortcut, toggle', () => {
  it('starts and stops at each press, presses 0.3 s apart included, and after a Stop the next press starts at once', async () => {
    const t = setup();
    // The first press's keys go up before the hook, started by it, can see them (as with xdotool).
    await t.tap(0, false);
    t.fake.opened();
    await t.tap(300);
    await t.tap(600);
    t.fake.opened();
    await t.tap(900);
    await t.at(2_000);
    expect(t.fake.calls).toEqual(['start', 'stop null', 'start', 'stop null']);
  });

  it('200 presses in a row, 0.3 s to 90 s apart, seen by the hook or not: every one starts or stops, none is lost', async () => {
    const t = setup();
    const gaps = [300, 500, 1_000, 1_100, 1_500, 5_000, 30_000, 90_000];
    let at = 0;
    for (let press = 0; press < 200; press += 1) {
      // The hook sees a press's keys only when it runs already (a press soon after the last);
      // otherwise they go up before the hook, started by the press, can see them.
      await t.at(at);
      await t.tap(at, t.hookRunning());
      if (press % 2 === 0) t.fake.opened();
      at += gaps[(press * 7) % gaps.length]!;
    }
    await t.at(at + HOOK_IDLE_MS * 2);
    expect(t.fake.calls).toHaveLength(200);
    expect(t.fake.calls.filter((call) => call === 'start')).toHaveLength(100);
    expect(t.fake.calls.every((call, index) => call === (index % 2 === 0 ? 'start' : 'stop null'))).toBe(true);
  });

  it('ignores the presses the OS repeats while the shortcut is held, however long, and the next real press acts', async () => {
    const t = setup();
    [KEY.Ctrl, KEY.Alt, R].forEach((code) => t.control.keyDown(code));
    t.control.pressed();
    t.fake.opened();
    // Held: the first repeat after the OS's delay, then one every 40 ms for three seconds; the hook
    // reports each repeated key, sometimes a moment after the shortcut fired.
    for (let ms = 660; ms <= 3_660; ms += 40) {
      await t.at(ms);
      t.control.pressed();
      await t.at(ms + 5);
      t.control.keyDown(R);
    }
    expect(t.fake.calls).toEqual(['start']);
    await t.at(3_700);
    [R, KEY.Alt, KEY.Ctrl].forEach((code) => t.control.keyUp(code));
    await t.tap(4_000);
    await t.at(4_000 + JUDGE_AFTER_MS + 10);
    expect(t.fake.calls).toEqual(['start', 'stop null']);
  });

  it('runs the hook only from a press (once its recording has started) until its keys are let go, never while idle', async () => {
    const t = setup();
    expect(t.hookRunning()).toBe(false);
    await t.at(0);
    [KEY.Ctrl, KEY.Alt, R].forEach((code) => t.control.keyDown(code));
    t.control.pressed();
    expect(t.hookRunning()).toBe(false);
    t.fake.opened();
    await t.at(100);
    expect(t.hookRunning()).toBe(true);
    [R, KEY.Alt, KEY.Ctrl].forEach((code) => t.control.keyUp(code));
    expect(t.hookRunning()).toBe(false);
    // Keys let go before the hook could see them: it is let go when nothing more comes.
    await t.tap(5_000, false);
    expect(t.hookRunning()).toBe(true);
    await t.at(5_000 + HOOK_IDLE_MS + 50);
    expect(t.hookRunning()).toBe(false);
    expect(t.hookEvents).toEqual(['hook on', 'hook off', 'hook on', 'hook off']);
  });

  it('a repeat in flight when the held keys are let go does not stop the recording', async () => {
    const t = setup();
    await t.tap(0);
    t.fake.opened();
    await t.at(200);
    // Pressed again and held: the OS repeats it; one repeat is judged only after the release.
    [KEY.Ctrl, KEY.Alt, R].forEach((code) => t.control.keyDown(code));
    t.control.pressed();
    await t.at(700);
    t.control.keyDown(R);
    t.control.pressed();
    await t.at(705);
    [R, KEY.Alt, KEY.Ctrl].forEach((code) => t.control.keyUp(code));
    await t.at(2_000);
    expect(t.fake.calls).toEqual(['start', 'stop null']);
  });

  it('where no hook can run, takes a press within TOGGLE_REPEAT_MS of the last for a repeat', async () => {
    const t = setup({ hook: false });
    await t.tap(0, false);
    t.fake.opened();
    await t.tap(500, false);
    expect(t.fake.calls).toEqual(['start']);
    await t.tap(500 + TOGGLE_REPEAT_MS + 1, false);
    expect(t.fake.calls).toEqual(['start', 'stop null']);
  });
});

describe('the record shortcut, hold', () => {
  it('starts at the press, ignores the repeated presses, and stops that recording at the release', async () => {
    const t = setup({ hold: true });
    [KEY.Ctrl, KEY.Alt, R].forEach((code) => t.control.keyDown(code));
    t.control.pressed();
    t.fake.opened();
    for (let at = 500; at < 3000; at += 40) {
      await t.at(at);
      t.control.keyDown(R);
      t.control.pressed();
    }
    // Held past the hook's idle time without repeats (the OS's repeat off): still recording.
    await t.at(3000 + HOOK_IDLE_MS * 3);
    expect(t.fake.calls).toEqual(['start']);
    expect(t.hookRunning()).toBe(true);
    t.control.keyUp(KEY.Alt);
    await t.at(9_000);
    expect(t.fake.calls).toEqual(['start', 'stop d1']);
    expect(t.hookRunning()).toBe(false);
  });

  it('a repeat still being judged when the keys are let go neither stops twice nor starts another recording', async () => {
    const t = setup({ hold: true });
    [KEY.Ctrl, KEY.Alt, R].forEach((code) => t.control.keyDown(code));
    t.control.pressed();
    t.fake.opened();
    await t.at(500);
    // The OS's repeat, reported by the shortcut before the hook saw its key go down again, then the release.
    t.control.pressed();
    await t.at(510);
    [KEY.Ctrl, KEY.Alt, R].forEach((code) => t.control.keyUp(code));
    await t.at(510 + JUDGE_AFTER_MS + 10);
    await t.at(5_000);
    expect(t.fake.calls).toEqual(['start', 'stop d1']);
  });

  it('released while the microphone is still opening: stops as soon as the recording has begun', async () => {
    const t = setup({ hold: true });
    [KEY.Ctrl, KEY.Alt, R].forEach((code) => t.control.keyDown(code));
    t.control.pressed();
    await t.at(60);
    t.control.keyUp(KEY.Alt);
    await t.at(70);
    expect(t.fake.calls).toEqual(['start']);
    t.fake.opened();
    await t.at(80);
    expect(t.fake.calls).toEqual(['start', 'stop d1']);
  });

  it('pressed during a recording started by hand: stops it, and the release does nothing more', async () => {
    const t = setup({ hold: true });
    t.fake.set('recording');
    await t.tap(0);
    await t.at(1000);
    expect(t.fake.calls).toEqual(['stop null']);
  });
});
