/**
 * How the page reads the bridge's answers (every operation answers with a Result). Imports no
 * bridge: the stores are given theirs, and where to report what fails (renderer/app/stores.ts).
 */
import type { AppError, Result } from '../../contract/result';

/** Shows a failure no screen shows itself, app-wide (the problem store's `report`). */
export type ReportProblem = (problem: AppError) => void;

/** Reads the value of a call the screen cannot go on without: a failure is reported and null is returned. */
export type ValueOrReport = <T>(call: Promise<Result<T>>) => Promise<T | null>;

/** `valueOrReport` for failures reported with `report`. */
export function valueReader(report: ReportProblem): ValueOrReport {
  return async (call) => {
    const result = await call;
    if (result.ok) return result.value;
    report(result.error);
    return null;
  };
}

/** Runs an action whose failure the caller shows itself; returns the error, or null when it worked. */
export async function errorOf(call: Promise<Result<unknown>>): Promise<AppError | null> {
  const result = await call;
  return result.ok ? null : result.error;
}
