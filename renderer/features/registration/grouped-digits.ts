/** Where the caret belongs in a number shown in groups ("2341 2341 2346") as digits come and go. Pure. */

/** How many digits come before `position` in `text`. */
export function digitsBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/\D/g, '').length;
}

/** The caret position just after the `count`-th digit of `formatted`. */
export function positionAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === count) return index + 1;
  }
  return formatted.length;
}

/**
 * Backspace right after a group's space, or Delete right before one, would remove only the
 * space, which the grouping puts back: nothing would change. The digit beyond it goes instead.
 * Returns the new digits and the caret (in digits), or null when the key needs no help.
 */
export function deleteAcrossSpace(
  formatted: string,
  digits: string,
  key: 'Backspace' | 'Delete',
  start: number,
  end: number,
): { digits: string; caret: number } | null {
  if (start !== end) return null;
  if (key === 'Backspace' && start > 0 && formatted[start - 1] === ' ') {
    const index = digitsBefore(formatted, start) - 1;
    if (index < 0) return null;
    return { digits: digits.slice(0, index) + digits.slice(index + 1), caret: index };
  }
  if (key === 'Delete' && formatted[start] === ' ') {
    const index = digitsBefore(formatted, start);
    if (index >= digits.length) return null;
    return { digits: digits.slice(0, index) + digits.slice(index + 1), caret: index };
  }
  return null;
}
