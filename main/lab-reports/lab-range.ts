/**
 * Reference ranges of lab tests, as the service sends them (a JSON text such as
 * `{"min":13,"max":17}`, or a text for people such as "13 - 17" or "< 200"), and where a
 * value lies against one. Pure.
 */
import type { LabFlag } from '../../contract/lab-reports';

export interface LabRange {
  min: number | null;
  max: number | null;
  /** Whether a value equal to the bound is within the range ("< 200" excludes 200). */
  minInclusive: boolean;
  maxInclusive: boolean;
}

const LOWER_KEYS = ['min', 'low', 'lower', 'from'] as const;
const UPPER_KEYS = ['max', 'high', 'upper', 'to'] as const;
const NUMBER = String.raw`[-+]?\d+(?:[.,]\d+)?`;
// The dashes, ≤ and ≥ written as escapes: the bundles stay ASCII (electron.vite.config.ts).
const BETWEEN = new RegExp(String.raw`^(${NUMBER})\s*(?:-|\u2013|\u2014|to)\s*(${NUMBER})\b`, 'i');
const ONE_SIDED = new RegExp(String.raw`^(<=|>=|\u2264|\u2265|<|>|up to|upto|below|above|less than|more than|greater than)\s*(${NUMBER})\b`, 'i');

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && new RegExp(`^\\s*${NUMBER}\\s*$`).test(value)) return Number(value.trim().replace(',', '.'));
  return null;
}

function usable(range: LabRange): LabRange | null {
  if (range.min === null && range.max === null) return null;
  if (range.min !== null && range.max !== null && range.min > range.max) return null;
  return range;
}

/** A range from a JSON text (an object with min/max or low/high, or a list of them: the first is taken). */
export function rangeFromJson(text: unknown): LabRange | null {
  if (typeof text !== 'string' || text.length > 2_000) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return rangeFromText(text);
  }
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'string') return rangeFromText(value);
  if (typeof value !== 'object' || value === null) return null;
  const fields = new Map(Object.entries(value).map(([key, item]) => [key.toLowerCase(), item]));
  const pick = (keys: readonly string[]) => keys.map((key) => numberOf(fields.get(key))).find((found) => found !== null) ?? null;
  return usable({ min: pick(LOWER_KEYS), max: pick(UPPER_KEYS), minInclusive: true, maxInclusive: true });
}

/** A range from a text for people: "13 - 17", "13.0 to 17.0", "< 200", "≥ 40", "up to 5". */
export function rangeFromText(text: unknown): LabRange | null {
  if (typeof text !== 'string') return null;
  const clean = text.trim().slice(0, 200);
  const between = BETWEEN.exec(clean);
  if (between) return usable({ min: numberOf(between[1]), max: numberOf(between[2]), minInclusive: true, maxInclusive: true });
  const oneSided = ONE_SIDED.exec(clean);
  if (!oneSided) return null;
  const bound = numberOf(oneSided[2]);
  const operator = oneSided[1]!.toLowerCase();
  if (['<', 'below', 'less than'].includes(operator)) return usable({ min: null, max: bound, minInclusive: true, maxInclusive: false });
  if (['<=', '≤', 'up to', 'upto'].includes(operator)) return usable({ min: null, max: bound, minInclusive: true, maxInclusive: true });
  if (['>', 'above', 'more than', 'greater than'].includes(operator)) return usable({ min: bound, max: null, minInclusive: false, maxInclusive: true });
  return usable({ min: bound, max: null, minInclusive: true, maxInclusive: true });
}

/** Where `value` lies: below, above or within the range; `unknown` without both. */
export function flagOf(value: number | null, range: LabRange | null): LabFlag {
  if (value === null || range === null) return 'unknown';
  if (range.min !== null && (range.minInclusive ? value < range.min : value <= range.min)) return 'low';
  if (range.max !== null && (range.maxInclusive ? value > range.max : value >= range.max)) return 'high';
  return 'normal';
}

/** The range as a person reads it. */
export function describeRange(range: LabRange): string {
  if (range.min !== null && range.max !== null) return `${range.min} – ${range.max}`;
  if (range.max !== null) return `${range.maxInclusive ? '≤' : '<'} ${range.max}`;
  return `${range.minInclusive ? '≥' : '>'} ${range.min}`;
}
