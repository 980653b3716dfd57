/**
 * The update as the page knows it: followed from main, checked now, restarted into, or put off
 * until later.
 */
import { create } from 'zustand';
import type { ScribeBridge } from '../../contract/ipc';
import type { UpdateStatus } from '../../contract/updates';
import { valueReader, type ReportProblem } from './answers';
import { followValue } from './follow';

export interface UpdateStoreState {
  status: UpdateStatus | null;
  dismissed: boolean;
  follow(): () => void;
  check(): Promise<void>;
  restart(): Promise<void>;
  later(): void;
}

export function createUpdateStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<UpdateStoreState>((set, get) => {
    const show = (status: UpdateStatus | null) => {
      if (status) set(status.state === 'ready' ? { status } : { status, dismissed: false });
    };
    return {
      status: null,
      dismissed: false,
      follow: () =>
        followValue({
          on: bridge.on.updateChanged,
          load: () => valueOrReport(bridge.getUpdateStatus()),
          // Every event is shown; the load's answer only while there is nothing yet (an event or a check said more).
          isNewer: (_status, source) => source === 'event' || !get().status,
          apply: show,
        }),
      check: async () => show(await valueOrReport(bridge.checkForUpdates())),
      restart: async () => show(await valueOrReport(bridge.restartToUpdate())),
      later: () => set({ dismissed: true }),
    };
  });
}
