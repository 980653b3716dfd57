/**
 * Limits on JSON from the service, so no value handed on can exhaust the stack
 * (`JSON.stringify` and structured cloning recurse) or flood a screen. Pure; nothing here
 * recurses deeper than its limit.
 */

/** Deeper JSON is refused ("nested too deeply"). FHIR documents need far less. */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than `max` levels (arrays and objects). Iterative. */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: 'not JSON' | 'nested too deeply' };

/** JSON.parse, with depth refused rather than risked later. */
export function parseJsonText(text: string, maxDepth: number = MAX_JSON_DEPTH): ParsedJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  return nestsDeeperThan(value, maxDepth) ? { ok: false, problem: 'nested too deeply' } : { ok: true, value };
}

export interface CopyLimits {
  depth: number;
  items: number;
  chars: number;
}

const CUT = '[cut]';

/**
 * A JSON value copied within limits: deeper parts, extra items and long strings cut; keys
 * named like Object.prototype members kept as plain keys. For data kept only as a record.
 */
export function boundedCopy(value: unknown, limits: CopyLimits = { depth: 8, items: 100, chars: 1000 }, depth = 0): unknown {
  if (typeof value === 'string') return value.length > limits.chars ? `${value.slice(0, limits.chars)}…` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object') return null;
  if (depth >= limits.depth) return CUT;
  if (Array.isArray(value)) return value.slice(0, limits.items).map((item: unknown) => boundedCopy(item, limits, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, limits.items)) {
    Object.defineProperty(copy, key.slice(0, limits.chars), { value: boundedCopy(item, limits, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
