/**
 * The only door from the page to main: one method per contract operation and one
 * subscription per contract event, made from the contract's lists of names
 * (contract/ipc-names.ts), so that the bridge has exactly the operations main registers. No
 * raw ipcRenderer, no generic invoke, no validation library (main validates every input).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { EventPayload, ScribeBridge } from '../contract/ipc';
import { EVENT_NAMES, OPERATION_NAMES, eventChannel, operationChannel, type EventName, type OperationName } from '../contract/ipc-names';

// ipcRenderer.invoke answers `any`: what comes back is main's Result for that operation.
const invoke = (name: OperationName) => (input?: unknown) => ipcRenderer.invoke(operationChannel(name), input);

const subscribe = <K extends EventName>(name: K) => (listener: (payload: EventPayload<K>) => void) => {
  const channel = eventChannel(name);
  const forward = (_event: IpcRendererEvent, payload: EventPayload<K>) => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
};

/** One method per operation and one subscription per event, made from the contract's one list of names. */
const bridge = {
  ...(Object.fromEntries(OPERATION_NAMES.map((name) => [name, invoke(name)])) as Omit<ScribeBridge, 'on'>),
  on: Object.fromEntries(EVENT_NAMES.map((name) => [name, subscribe(name)])) as ScribeBridge['on'],
} satisfies ScribeBridge;

contextBridge.exposeInMainWorld('scribe', bridge);
