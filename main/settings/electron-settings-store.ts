/** User settings persisted with electron-store (atomic JSON in the data folder). */
import Store from 'electron-store';
import type { Settings } from '../../contract/settings';
import type { SettingsPersistence } from './settings-service';

export function electronSettingsStore(): SettingsPersistence {
  const store = new Store<Record<string, unknown>>({ name: 'settings', clearInvalidConfig: true });
  return {
    read: () => ({ ...store.store }),
    write: (settings: Settings) => {
      store.store = { ...settings };
    },
  };
}
