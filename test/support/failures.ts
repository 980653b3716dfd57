/** How a test reads a failure: the error a service call fails with, the refusal an action meets, a step as the page receives it. */
import type { AppError } from '../../contract/result';
import type { ServiceError } from '../../main/api/service-error';
import { isRefusal, type Refusal } from '../../main/core/refusal';
import { toAppError } from '../../main/shell/ipc/app-failure';

/** The error a call that must fail fails with (a ServiceError, as the client raises them). */
export async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    return error as ServiceError;
  }
  throw new Error('expected the call to fail');
}

/** The refusal `act` meets, or null when it is let through; any other error is the test's failure. */
export function refusalOf(act: () => unknown): Refusal | null {
  try {
    act();
    return null;
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
}

/** The refusal `act` must meet. */
export function refused(act: () => unknown): Refusal {
  const refusal = refusalOf(act);
  if (!refusal) throw new Error('expected a refusal');
  return refusal;
}

/** The refusal an action that answers later (a bridge's handler) must meet. */
export async function refusedLater(act: () => unknown): Promise<Refusal> {
  try {
    await act();
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A step as the page receives it: its value, or the error it failed with. */
export async function asThePageSees<T>(step: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await step };
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
}
