/** Events from main to the page, on the contract's channels. */
import type { WebContents } from 'electron';
import type { EventName, EventPayload } from '../../../contract/ipc';
import { eventChannel } from '../../../contract/ipc-names';

export function sendEvent<K extends EventName>(contents: WebContents, name: K, payload: EventPayload<K>): void {
  if (!contents.isDestroyed()) contents.send(eventChannel(name), payload);
}
