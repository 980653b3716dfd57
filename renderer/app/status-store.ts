import { create } from 'zustand';
import type { AppStatus } from '../../contract/ipc';
import { scribe, valueOf } from '../bridge';

interface StatusState {
  status: AppStatus | null;
  /** Loads the status once and follows main's updates; returns the unsubscribe function. */
  follow(): () => void;
}

export const useStatusStore = create<StatusState>((set, get) => ({
  status: null,
  follow: () => {
    const off = scribe.on.statusChanged((status) => set({ status }));
    void valueOf(scribe.getStatus()).then((status) => {
      // An event that came first is newer.
      if (status && !get().status) set({ status });
    });
    return off;
  },
}));
