import { create } from 'zustand';
import type { UpdateStatus } from '../../contract/updates';
import { scribe } from '../bridge';

interface UpdateStoreState {
  status: UpdateStatus | null;
  dismissed: boolean;
  follow(): () => void;
  check(): Promise<void>;
  restart(): Promise<void>;
  later(): void;
}

export const useUpdateStore = create<UpdateStoreState>((set) => ({
  status: null,
  dismissed: false,
  follow: () => {
    void scribe.getUpdateStatus().then((status) => set({ status }));
    return scribe.on.updateChanged((status) => set(status.state === 'ready' ? { status } : { status, dismissed: false }));
  },
  check: async () => set({ status: await scribe.checkForUpdates() }),
  restart: async () => set({ status: await scribe.restartToUpdate() }),
  later: () => set({ dismissed: true }),
}));
