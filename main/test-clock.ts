/**
 * Tests move the app's clock forward to check time-based rules (the retention of
 * recordings) with `SCRIBE_TEST_CLOCK_OFFSET_DAYS`; honoured only by a development build,
 * like the other test hooks.
 */
import { DEVELOPMENT_BUILD } from './build-kind';

const DAY_MS = 24 * 60 * 60 * 1000;

export function testClockOffsetMs(): number {
  if (!DEVELOPMENT_BUILD) return 0;
  const days = Number(process.env.SCRIBE_TEST_CLOCK_OFFSET_DAYS ?? '0');
  return Number.isFinite(days) && Math.abs(days) <= 3650 ? days * DAY_MS : 0;
}
