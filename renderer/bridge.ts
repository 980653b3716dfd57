/**
 * The bridge preload exposes (its type comes from the IPC contract), read from the window here
 * and nowhere else; and how the page reads its answers. The stores are given it in
 * renderer/app/stores.ts.
 */
import type { ScribeBridge } from '../contract/ipc';
import type { AppError } from '../contract/result';
import { errorOf, valueReader } from './app/answers';
import { useProblemStore } from './app/problem-store';

declare global {
  interface Window {
    readonly scribe: ScribeBridge;
  }
}

export const scribe: ScribeBridge = window.scribe;

/** Shows a failure no screen shows itself in the app-wide banner. */
export const reportProblem = (problem: AppError): void => useProblemStore.getState().report(problem);

/**
 * The value of a call the screen cannot go on without; a failure is shown in the app-wide
 * banner and null is returned.
 */
export const valueOrReport = valueReader(reportProblem);

/** Runs an action whose failure the caller shows itself; returns the error, or null when it worked. */
export { errorOf };
