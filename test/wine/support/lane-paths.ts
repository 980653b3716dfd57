/** Where the in-Wine tests find the checkout (its fixtures), as the lane names it in Windows' form (Z:\…). */
import { win32 } from 'node:path';

export function checkoutPath(...parts: string[]): string {
  const checkout = process.env.SCRIBE_CHECKOUT;
  if (!checkout) throw new Error('SCRIBE_CHECKOUT is not set: run the in-Wine tests through the Windows lane (scripts/windows-lane.sh).');
  return win32.join(checkout, ...parts);
}
