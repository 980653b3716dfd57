/** The page's own idle callbacks, for idle-after.ts (which its tests hand a scheduler of their own). */
import type { IdleScheduler } from './idle-after';

export const PAGE_IDLE: IdleScheduler = {
  request: (work, options) => requestIdleCallback(work, options),
  cancel: (handle) => cancelIdleCallback(handle),
};
