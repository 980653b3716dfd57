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
    // Main numbers its statuses: an older one, however late it arrives, never replaces a newer one.
    const take = (status: AppStatus | null) => {
      const current = get().status;
      if (status && (!current || status.revision >= current.revision)) set({ status });
    };
    const off = scribe.on.statusChanged(take);
    void valueOf(scribe.getStatus()).then(take);
    return off;
  },
}));
