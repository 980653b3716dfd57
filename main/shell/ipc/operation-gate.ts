/**
 * The page's way in, opened before the window exists: one ipcMain handler per operation,
 * each waiting for the dispatcher, which exists once the features are built. A call made
 * while the app is still starting is answered when it can be, never refused for being early.
 * Loads no schema library, so that it costs nothing before the first window.
 */
import { ipcMain } from 'electron';
import { OPERATION_NAMES, operationChannel } from '../../../contract/ipc-names';
import type { OperationDispatcher } from './operation-dispatcher';

export function openOperationGate(dispatcher: Promise<OperationDispatcher>, answered: (name: string) => void = () => {}): void {
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(operationChannel(name), async (event, raw: unknown) => {
      const answer = await (await dispatcher)(name, event, raw);
      answered(name);
      return answer;
    });
  }
}
