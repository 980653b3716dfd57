import { create } from 'zustand';
import type { UpdateStatus } from '../../contract/updates';
import { scribe, valueOf } from '../bridge';

interface UpdateStoreState {
  status: UpdateStatus | null;
  dismissed: boolean;
  follow(): () => void;
  check(): Promise<void>;
  restart(): Promise<void>;
  later(): void;
}

export const useUpdateStore = create<UpdateStoreState>((set, get) => {
  const show = (status: UpdateStatus | null) => {
    if (status) set(status.state === 'ready' ? { status } : { status, dismissed: false });
  };
  return {
    status: null,
    dismissed: false,
    follow: () => {
      const off = scribe.on.updateChanged(show);
      void valueOf(scribe.getUpdateStatus()).then((status) => {
        if (!get().status) show(status);
      });
      return off;
    },
    check: async () => show(await valueOf(scribe.checkForUpdates())),
    restart: async () => show(await valueOf(scribe.restartToUpdate())),
    later: () => set({ dismissed: true }),
  };
});
