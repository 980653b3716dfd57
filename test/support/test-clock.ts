/**
 * A clock that stands still until the test moves it, all at once: `advance` is `FakeClock.tick`
 * (fake-clock.ts), time and the timers due on the way. Given to a sandbox (`SandboxOptions.clock`)
 * and to the client's own clocks (`now` of the sign-in session and of the registration flow),
 * it lets a token's, an OTP's or a result's time pass at once instead of being waited out, and
 * holds the sandbox's latency until the test lets it pass; nothing else moves it: what a test
 * checks at a time is checked at exactly that time.
 */
import type { Clock, ClockTimer } from '../../main/core/clock';
import { FakeClock } from './fake-clock';

export class TestClock implements Clock {
  private readonly clock: FakeClock;

  constructor(start = Date.now()) {
    this.clock = new FakeClock(start);
  }

  /** Bound, so that it can be handed on as a `now` function. */
  readonly now = (): number => this.clock.now();

  advance(ms: number): void {
    this.clock.tick(ms);
  }

  setTimeout(callback: () => void, ms: number): ClockTimer {
    return this.clock.setTimeout(callback, ms);
  }

  clearTimeout(timer: ClockTimer | null): void {
    this.clock.clearTimeout(timer);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return this.clock.sleep(ms, signal);
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
