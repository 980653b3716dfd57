/** The bridge preload exposes (its type comes from the IPC contract), and how the page reads its answers. */
import type { ScribeBridge } from '../contract/ipc';
import type { AppError, Result } from '../contract/result';
import { useProblemStore } from './app/problem-store';

declare global {
  interface Window {
    readonly scribe: ScribeBridge;
  }
}

export const scribe: ScribeBridge = window.scribe;

/**
 * The value of a call the screen cannot go on without; a failure is shown in the app-wide
 * banner and null is returned.
 */
export async function valueOf<T>(call: Promise<Result<T>>): Promise<T | null> {
  const result = await call;
  if (result.ok) return result.value;
  useProblemStore.getState().report(result.error);
  return null;
}

/** Runs an action whose failure the caller shows itself; returns the error, or null when it worked. */
export async function errorOf(call: Promise<Result<unknown>>): Promise<AppError | null> {
  const result = await call;
  return result.ok ? null : result.error;
}
