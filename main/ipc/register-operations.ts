/**
 * Registers one ipcMain handler per contract operation. Every call goes through here: the
 * sender must be the app's own page in an app window, and the input must match the
 * operation's schema, before the handler sees it.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import {
  OPERATION_NAMES,
  eventChannel,
  operationChannel,
  operations,
  type EventName,
  type EventPayload,
  type OperationInput,
  type OperationName,
  type OperationOutput,
} from '../../contract/ipc';
import { log } from '../log';
import { isTrustedFrame } from './trusted-sender';

export type OperationHandlers = {
  [K in OperationName]: (input: OperationInput<K>) => Promise<OperationOutput<K>> | OperationOutput<K>;
};

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

export function registerOperations(handlers: OperationHandlers, policy: SenderPolicy): void {
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(operationChannel(name), async (event, raw: unknown) => {
      if (!isTrustedSender(event, policy)) {
        log.warn(`ipc: refused "${name}" from an untrusted frame`);
        throw new Error('Refused: the request did not come from the app.');
      }
      const parsed = operations[name].input.safeParse(raw);
      if (!parsed.success) {
        log.warn(`ipc: invalid input for "${name}"`);
        throw new Error(`Invalid request "${name}": ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
      }
      const handler = handlers[name] as (input: unknown) => unknown;
      return handler(parsed.data);
    });
  }
}

export function sendEvent<K extends EventName>(contents: WebContents, name: K, payload: EventPayload<K>): void {
  if (!contents.isDestroyed()) contents.send(eventChannel(name), payload);
}
