/**
 * A clock that stands still until the test moves it. Given to a sandbox (`SandboxOptions.clock`)
 * and to the client's own clocks (`now` of the sign-in session and of the registration flow),
 * it lets a token's, an OTP's or a result's time pass at once instead of being waited out,
 * and nothing else moves it: what a test checks at a time is checked at exactly that time.
 * Its timers keep real time (the system clock's): for timers that wait on the test, FakeClock.
 */
import { sleepOn, systemClock, type Clock, type ClockTimer } from '../../main/core/clock';

export class TestClock implements Clock {
  constructor(private time = Date.now()) {}

  readonly now = (): number => this.time;

  advance(ms: number): void {
    this.time += ms;
  }

  setTimeout(callback: () => void, ms: number): ClockTimer {
    return systemClock.setTimeout(callback, ms);
  }

  clearTimeout(timer: ClockTimer | null): void {
    systemClock.clearTimeout(timer);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepOn(this, ms, signal);
  }
}

/** A clock that is whichever clock `current` gives at each call: for a sandbox that lives across tests, each test moving a clock of its own. */
export function followingClock(current: () => Clock): Clock {
  return {
    now: () => current().now(),
    setTimeout: (callback, ms) => current().setTimeout(callback, ms),
    clearTimeout: (timer) => current().clearTimeout(timer),
    sleep: (ms, signal) => current().sleep(ms, signal),
  };
}
