/**
 * The only door from the page to main: one method per contract operation and one
 * subscription per contract event. No raw ipcRenderer, no generic invoke.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  EVENT_NAMES,
  OPERATION_NAMES,
  eventChannel,
  operationChannel,
  type EventName,
  type ScribeBridge,
} from '../contract/ipc';

const methods = Object.fromEntries(
  OPERATION_NAMES.map((name) => [name, (input?: unknown) => ipcRenderer.invoke(operationChannel(name), input)]),
);

const subscribe = (name: EventName) => (listener: (payload: unknown) => void) => {
  const channel = eventChannel(name);
  const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
};

const on = Object.fromEntries(EVENT_NAMES.map((name) => [name, subscribe(name)]));

const bridge = { ...methods, on } as ScribeBridge;

contextBridge.exposeInMainWorld('scribe', bridge);
