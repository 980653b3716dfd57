/** The bridge preload exposes; its type comes from the IPC contract. */
import type { ScribeBridge } from '../contract/ipc';

declare global {
  interface Window {
    readonly scribe: ScribeBridge;
  }
}

export const scribe: ScribeBridge = window.scribe;
