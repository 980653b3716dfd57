/** The whole seconds until a moment (the OTP's resend), counted down on the page's clock. */
import { useEffect, useState } from 'react';
import { repeatOn } from '../../../contract/clock';
import { pageClock } from '../../app/clock';

/** Whole seconds from `now` until `iso` (0 once it has passed, or with no moment it can read). */
export function secondsUntil(iso: string | null, now: number): number {
  const left = iso ? Math.ceil((Date.parse(iso) - now) / 1000) : 0;
  return Number.isNaN(left) ? 0 : Math.max(0, left);
}

/** Whole seconds until `iso` (0 once it has passed), updated while there are any. */
export function useSecondsUntil(iso: string | null): number {
  const [now, setNow] = useState(() => pageClock.now());
  useEffect(() => (iso ? repeatOn(pageClock, 250, () => setNow(pageClock.now())) : undefined), [iso]);
  return secondsUntil(iso, now);
}
