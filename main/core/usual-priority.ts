/**
 * Main's thread at the usual priority for work no frame waits on. Where it may (Linux, with
 * CAP_SYS_NICE: as root), Chromium raises main's thread above the usual priority as
 * display-critical; the features loaded and built there at start-up then took a core from the
 * page's process, which compiles and draws the first screen in the same moments
 * (docs/benchmarks.md). An ordinary user's thread is never raised, and this changes nothing.
 * Linux only: there a thread's nice value is its own, elsewhere the call would change the
 * whole process's.
 */
import { getPriority, setPriority } from 'node:os';

export interface ThreadPriority {
  /** The calling thread's nice value. */
  get(): number;
  set(nice: number): void;
}

const USUAL_NICE = 0;

const callingThread: ThreadPriority = {
  get: () => getPriority(0),
  set: (nice) => setPriority(0, nice),
};

/**
 * `work`, with main's thread at the usual priority until it settles, then raised again as it
 * was. `said` hears what could not be done (the work runs all the same).
 */
export async function atUsualPriority<T>(
  work: () => Promise<T>,
  said: (problem: string) => void,
  platform: NodeJS.Platform = process.platform,
  thread: ThreadPriority = callingThread,
): Promise<T> {
  if (platform !== 'linux') return work();
  let raised: number;
  try {
    raised = thread.get();
    if (raised < USUAL_NICE) thread.set(USUAL_NICE);
  } catch (error) {
    said(`main's thread kept its priority (${(error as Error).message})`);
    return work();
  }
  if (raised >= USUAL_NICE) return work();
  try {
    return await work();
  } finally {
    try {
      thread.set(raised);
    } catch (error) {
      said(`main's thread could not be raised again (${(error as Error).message})`);
    }
  }
}
