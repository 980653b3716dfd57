import { create } from 'zustand';
import type { MicrophoneList, SaveResult, SettingsView } from '../../../contract/ipc';
import type { SecretName, SettingName, Settings } from '../../../contract/settings';
import { scribe } from '../../bridge';

type FieldErrors = Partial<Record<SettingName | SecretName, string>>;

interface SettingsState {
  view: SettingsView | null;
  microphones: MicrophoneList | null;
  errors: FieldErrors;
  /** Short confirmation after a save, read out by screen readers. */
  notice: string | null;
  follow(): () => void;
  loadMicrophones(): Promise<void>;
  save(patch: Partial<Settings>): Promise<boolean>;
  saveSecret(name: SecretName, value: string): Promise<boolean>;
  /** Saves the client id and secret and signs in with them; the outcome shows in the sign-in status. */
  signIn(clientId: string, clientSecret: string): Promise<boolean>;
  signInAgain(): Promise<void>;
}

export const useSettingsStore = create<SettingsState>((set) => {
  const apply = (result: SaveResult, notice: string | null): boolean => {
    if (result.ok) set({ view: result.view, errors: {}, notice });
    else set({ errors: result.errors, notice: null });
    return result.ok;
  };
  return {
    view: null,
    microphones: null,
    errors: {},
    notice: null,
    follow: () => {
      void scribe.getSettings().then((view) => set({ view }));
      return scribe.on.settingsChanged((view) => set({ view }));
    },
    loadMicrophones: async () => set({ microphones: await scribe.listMicrophones() }),
    save: async (patch) => apply(await scribe.updateSettings(patch), 'Settings saved.'),
    saveSecret: async (name, value) =>
      apply(await scribe.setSecret({ name, value }), value === '' ? 'Removed.' : 'Saved securely.'),
    signIn: async (clientId, clientSecret) => apply(await scribe.signIn({ clientId, clientSecret }), null),
    signInAgain: async () => {
      await scribe.signInAgain();
    },
  };
});
