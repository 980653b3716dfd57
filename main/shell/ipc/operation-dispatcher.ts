/**
 * Answers the page's calls to contract operations (see operation-gate.ts for how they get
 * here). Every call goes through here: the sender must be the app's own page in an app
 * window, and the input must match the operation's schema, before the handler sees it.
 * Whatever happens, the page gets a Result.
 */
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import type { z } from 'zod';
import { operations, type OperationInput, type OperationName, type OperationOutput } from '../../../contract/ipc';
import type { OperationHandler, OperationHandlers } from '../../../contract/operation-handlers';
import { appError, failed, ok, type AppError, type Result } from '../../../contract/result';
import { log } from '../log';
import { toAppError } from './app-failure';
import { isTrustedFrame } from './trusted-sender';

export interface SenderPolicy {
  appOrigin: string;
  isAppWindow(contents: WebContents): boolean;
}

export function isTrustedSender(event: IpcMainInvokeEvent, policy: SenderPolicy): boolean {
  const frame = event.senderFrame;
  return (
    policy.isAppWindow(event.sender) &&
    isTrustedFrame(frame ? { url: frame.url, isMainFrame: frame.parent === null } : null, policy.appOrigin)
  );
}

/** Zod's issues as a message and per-field messages; issues never carry the input itself. */
export function invalidInput(issues: z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in fields)) fields[field] = issue.message;
  }
  return appError('invalid-input', issues.map((issue) => issue.message).join(' '), Object.keys(fields).length > 0 ? { fields } : {});
}

/** Runs one call: checks, validates, handles, and turns every outcome into a Result. */
export async function handleCall<K extends OperationName>(
  name: K,
  raw: unknown,
  handler: OperationHandler<K>,
): Promise<Result<OperationOutput<K>>> {
  const parsed = operations[name].input.safeParse(raw);
  if (!parsed.success) {
    log.warn(`ipc: invalid input for "${name}"`);
    return failed(invalidInput(parsed.error.issues));
  }
  try {
    return ok(await handler(parsed.data as OperationInput<K>));
  } catch (error) {
    const appFailure = toAppError(error);
    if (appFailure.kind === 'unexpected') log.error(`ipc: "${name}" failed`, error);
    return failed(appFailure);
  }
}

/** One call from the page, by operation name. */
export type OperationDispatcher = (name: OperationName, event: IpcMainInvokeEvent, raw: unknown) => Promise<Result<unknown>>;

export function operationDispatcher(handlers: OperationHandlers, policy: SenderPolicy): OperationDispatcher {
  return async (name, event, raw) => {
    if (!isTrustedSender(event, policy)) {
      log.warn(`ipc: refused "${name}" from an untrusted frame`);
      return failed(appError('refused', 'Refused: the request did not come from the app.'));
    }
    return handleCall(name, raw, handlers[name] as OperationHandler<typeof name>);
  };
}
