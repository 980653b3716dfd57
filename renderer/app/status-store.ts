import { create } from 'zustand';
import type { AppStatus } from '../../contract/ipc';
import { scribe } from '../bridge';

interface StatusState {
  status: AppStatus | null;
  /** Loads the status once and follows main's updates; returns the unsubscribe function. */
  follow(): () => void;
}

export const useStatusStore = create<StatusState>((set) => ({
  status: null,
  follow: () => {
    void scribe.getStatus().then((status) => set({ status }));
    return scribe.on.statusChanged((status) => set({ status }));
  },
}));
