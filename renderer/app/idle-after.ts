/** Work for when the page is idle, only after something it waits for has happened. */

/** The page's idle callbacks (requestIdleCallback), or a test's. */
export interface IdleScheduler {
  request(work: () => void, options: { timeout: number }): number;
  cancel(handle: number): void;
}

/**
 * Runs `work` once `first` has settled and then the page has nothing else to do (at most
 * `timeoutMs` after that); never, once the returned function has been called.
 */
export function idleAfter(first: Promise<unknown>, work: () => void, timeoutMs: number, idle: IdleScheduler): () => void {
  let cancelled = false;
  let handle: number | null = null;
  const schedule = () => {
    if (!cancelled) handle = idle.request(work, { timeout: timeoutMs });
  };
  first.then(schedule, schedule);
  return () => {
    cancelled = true;
    if (handle !== null) idle.cancel(handle);
  };
}
