/** Masks values that must never reach a log: identity numbers, tokens, keys. Pure. */

const PATTERNS: Array<[RegExp, string]> = [
  [/Bearer\s+[A-Za-z0-9._~+/=-]+/g, 'Bearer [redacted]'],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted-jwt]'],
  // 14 digits, optionally grouped 2-4-4-4: the shape of an ABHA number.
  [/(?<!\d)\d{2}-?\d{4}-?\d{4}-?\d{4}(?!\d)/g, '[redacted-abha-number]'],
  // 12 digits, optionally grouped 4-4-4: the shape of an Aadhaar number.
  [/(?<!\d)\d{4}[ -]?\d{4}[ -]?\d{4}(?!\d)/g, '[redacted-number]'],
];

export function redactSensitive(value: unknown): unknown {
  if (typeof value === 'string') {
    return PATTERNS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), value);
  }
  if (value instanceof Error) {
    const copy = new Error(redactSensitive(value.message) as string);
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : (redactSensitive(value.stack) as string);
    return copy;
  }
  return value;
}
