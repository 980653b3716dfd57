/**
 * Default file names for exports: the item's label and time first, so that a day's exports
 * of different patients never share a name. Pure.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** "Priya Sharma, OPD 7" at 10:42 on 23 Nov 2026 → "Priya-Sharma-OPD-7-2026-11-23-1042". */
export function exportStem(label: string, createdAt: string, fallback: string): string {
  const words = label
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const date = new Date(createdAt);
  const time = Number.isNaN(date.getTime())
    ? ''
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
  return [words || fallback, time].filter((part) => part !== '').join('-');
}
