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

/**
 * Follows main (`follow` answers how to stop) once `first` has settled and the page is idle, at
 * most `timeoutMs` after; the returned function stops it, or stops it from starting.
 */
export function followWhenIdle(first: Promise<unknown>, follow: () => () => void, timeoutMs: number, idle: IdleScheduler): () => void {
  let stopFollowing: (() => void) | null = null;
  const stopWaiting = idleAfter(first, () => (stopFollowing = follow()), timeoutMs, idle);
  return () => {
    stopWaiting();
    stopFollowing?.();
  };
}
