/** The whole seconds until a moment (the OTP's resend), counted down while there are any. */
import { useEffect, useState } from 'react';

/** Whole seconds until `iso` (0 once it has passed), updated while there are any. */
export function useSecondsUntil(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
}
