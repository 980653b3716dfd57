/**
 * The one shape of a feature (main/shell/features.ts builds them): its share of the bridge's
 * handlers, `start` for the work it does by itself, and `stop`, which ends that work and
 * settles what is under way. A feature may give the others more (its store, its clients).
 */
import type { OperationHandlers } from '../../contract/operation-handlers';

export interface Feature {
  handlers: Partial<OperationHandlers>;
  start(): void;
  stop(): Promise<void>;
  /** What it gives the other features. */
  [more: string]: unknown;
}
