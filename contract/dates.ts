/**
 * The one way the app writes dates and times, Indian style, in this computer's time zone:
 * "25 Nov 2026, 11:35", "25 Nov 2026", "11:35" (24-hour), a date of birth "7 Dec 1990". Pure.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const NONE = '—';
const pad = (value: number) => String(value).padStart(2, '0');

function dateOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "25 Nov 2026". */
export function dayText(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "25 Nov 2026, 11:35". */
export function dateTimeText(iso: string): string {
  const date = dateOf(iso);
  return date ? `${dayText(date)}, ${pad(date.getHours())}:${pad(date.getMinutes())}` : NONE;
}

/** "11:35", or "11:35:07" with seconds. */
export function timeText(iso: string, withSeconds = false): string {
  const date = dateOf(iso);
  if (!date) return NONE;
  return `${pad(date.getHours())}:${pad(date.getMinutes())}${withSeconds ? `:${pad(date.getSeconds())}` : ''}`;
}

/** A calendar day given as YYYY-MM-DD (or YYYY-MM, YYYY: as much as is known): "25 Nov 2026", "Nov 2026", "2026". */
export function calendarDayText(day: string): string {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(day);
  if (!match) return day || NONE;
  const [year, month, date] = [match[1]!, match[2] ? Number(match[2]) : null, match[3] ? Number(match[3]) : null];
  if (month === null || month < 1 || month > 12) return year;
  return date === null ? `${MONTHS[month - 1]} ${year}` : `${date} ${MONTHS[month - 1]} ${year}`;
}

/** Whole years from a birth date (YYYY-MM-DD, YYYY-MM or YYYY) to `now`; null when it cannot be told. */
export function ageFrom(birthDate: string | null, now: Date): number | null {
  const match = birthDate ? /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(birthDate) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), match[2] ? Number(match[2]) : null, match[3] ? Number(match[3]) : null];
  let age = now.getFullYear() - year;
  // Not yet had this year's birthday (a date without its month counts from the year alone).
  if (month !== null && (now.getMonth() + 1 < month || (now.getMonth() + 1 === month && day !== null && now.getDate() < day))) age -= 1;
  return age >= 0 && age <= 130 ? age : null;
}
