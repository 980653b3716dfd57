/**
 * The app's status as the status bar shows it (online, the service, what waits to be sent),
 * followed from main, a newer status never replaced by an older one.
 */
import { create } from 'zustand';
import type { AppStatus, ScribeBridge } from '../../contract/ipc';
import { valueReader, type ReportProblem } from './answers';
import { followValue } from './follow';

export interface StatusState {
  status: AppStatus | null;
  /** Loads the status once and follows main's updates; returns the unsubscribe function. */
  follow(): () => void;
}

export function createStatusStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<StatusState>((set, get) => ({
    status: null,
    follow: () =>
      followValue({
        on: bridge.on.statusChanged,
        load: () => valueOrReport(bridge.getStatus()),
        // Main numbers its statuses: an older one, however late it arrives, never replaces a newer one.
        isNewer: (status) => {
          const current = get().status;
          return !current || status.revision >= current.revision;
        },
        apply: (status) => set({ status }),
      }),
  }));
}
