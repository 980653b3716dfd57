/**
 * The page's operations, each answered by exactly one feature: two features providing the same
 * operation would leave one of them silently unanswered, so start-up fails, naming the
 * operation and both features.
 */
import type { OperationHandlers } from '../../../contract/operation-handlers';

/** `A | B` as `A & B`: every feature's share of the handlers, together. */
type Together<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer All) => void ? All : never;

export function joinHandlers<ByFeature extends Record<string, Partial<OperationHandlers>>>(byFeature: ByFeature): Together<ByFeature[keyof ByFeature]> {
  const joined: Record<string, unknown> = {};
  const providedBy = new Map<string, string>();
  for (const [feature, handlers] of Object.entries(byFeature)) {
    for (const [operation, handler] of Object.entries(handlers)) {
      const other = providedBy.get(operation);
      if (other !== undefined) throw new Error(`Two features handle the operation "${operation}": ${other} and ${feature}. Each operation has one handler.`);
      providedBy.set(operation, feature);
      joined[operation] = handler;
    }
  }
  return joined as Together<ByFeature[keyof ByFeature]>;
}
