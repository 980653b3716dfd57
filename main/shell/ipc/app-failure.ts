/**
 * Failures as the page receives them: every error a handler meets becomes an AppError with
 * a kind and a message for a person. Core code throws a `Refusal` (core/refusal.ts) for what
 * it refuses, the wiring may throw `AppFailure`; refusals, the service's and the disk's errors
 * are mapped here, once. Pure.
 */
import { appError, type AppError, type ErrorKind } from '../../../contract/result';
import { isServiceError, type ServiceError, type ServiceErrorKind } from '../../api/service-error';
import { serviceDetail } from '../../api/service-text';
import { isRefusal, type Refusal } from '../../core/refusal';
import { isStorageError, storageProblem } from '../../storage/storage-problem';

/** A refusal a handler means to give, with its kind and message. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

export function fail(kind: ErrorKind, message: string, extra: Partial<Omit<AppError, 'kind' | 'message'>> = {}): never {
  throw new AppFailure(appError(kind, message, extra));
}

const SERVICE_KINDS: Record<ServiceErrorKind, ErrorKind> = {
  unauthorized: 'needs-sign-in',
  sign_in_failed: 'needs-sign-in',
  forbidden: 'service',
  not_found: 'not-found',
  invalid_request: 'service',
  registration_failed: 'service',
  rate_limited: 'service',
  server_error: 'service',
  network: 'offline',
  timeout: 'offline',
  deadline_exceeded: 'service',
  malformed_response: 'service',
  encryption: 'service',
  configuration: 'configuration',
  cancelled: 'cancelled',
};

export function serviceAppError(error: ServiceError): AppError {
  const source = error.sourceError?.message ? `${error.sourceError.message}${error.sourceError.code ? ` (${error.sourceError.code})` : ''}` : undefined;
  const detail = error.detail ?? source;
  return appError(SERVICE_KINDS[error.kind], error.message, { retryable: error.retryable, ...(detail ? { detail: serviceDetail(detail) } : {}) });
}

function refusalAppError(refusal: Refusal): AppError {
  const detail = refusal.detail ?? (isServiceError(refusal.cause) ? serviceAppError(refusal.cause).detail : undefined);
  return appError(refusal.kind, refusal.message, {
    ...(refusal.retryable === undefined ? {} : { retryable: refusal.retryable }),
    ...(refusal.fields ? { fields: refusal.fields } : {}),
    ...(detail ? { detail } : {}),
  });
}

/** Any error a handler let through, as the page may see it: no stack, no internals. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) return error.error;
  if (isRefusal(error)) return refusalAppError(error);
  if (isServiceError(error)) return serviceAppError(error);
  if (isStorageError(error)) return appError('storage', storageProblem(error));
  // A fault in the app itself (handleCall logs it): its own words are not meant for a person.
  return appError('unexpected', 'Something went wrong inside Scribe Desk. Nothing saved is lost; if it happens again, restart the app.');
}
