/** Cutting texts to a bounded length, the same way in main and on the page. Pure; imports nothing. */

const ELLIPSIS = '…';

/** At most `max` characters, an ellipsis marking a cut; never splits a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - ELLIPSIS.length);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}
