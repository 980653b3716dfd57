/**
 * The page's clock: the browser's time and timers, which the page reads and waits on (the dates
 * it shows, the OTP's resend countdown, "Send now"'s patience, the pause before an address is
 * checked). The page's root (stores.ts) hands it to the stores, whose tests hand them a clock they
 * move instead (test/support/fake-clock.ts); views and their helpers read it here.
 */
import { sleepOn, type Clock, type ClockTimer } from '../../contract/clock';

export const pageClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, Math.max(0, ms)) as unknown as ClockTimer,
  clearTimeout: (timer) => {
    if (timer !== null) globalThis.clearTimeout(timer as unknown as ReturnType<typeof setTimeout>);
  },
  sleep: (ms, signal) => sleepOn(pageClock, ms, signal),
};
