/**
 * Settings as the page knows them: followed from main, saved group by group (each saying the outcome
 * beside its own button), secrets, the sign-in, and the microphones to choose from.
 */
import { create } from 'zustand';
import type { ScribeBridge, SettingsView } from '../../../contract/ipc';
import type { Result } from '../../../contract/result';
import type { SecretName, SettingName, Settings } from '../../../contract/settings';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import { followValue } from '../../app/follow';

type FieldErrors = Partial<Record<SettingName | SecretName, string>>;

/** The groups of the Settings screen saved each with its own button. */
export type SettingsGroup = 'settings' | 'signIn' | 'accessToken' | 'jweClientKey';

/** What a group's button did, said beside that button (and nowhere else). */
export interface SettingsNotice {
  text: string;
  error: boolean;
  about: SettingsGroup;
}

/** The service chosen on the screen, saved with the client id and secret by "Save and sign in". */
export type ServiceChoice = Pick<Settings, 'service' | 'customServiceUrl'>;

export interface SettingsState {
  view: SettingsView | null;
  /** Capture devices by name; null until listed. */
  microphones: string[] | null;
  microphonesProblem: string | null;
  errors: FieldErrors;
  /** Short word after a save, beside the button that saved; read out by screen readers. */
  notice: SettingsNotice | null;
  /** What each group of the screen holds that is not saved yet (the names of its changes); empty groups are left out. */
  unsaved: Partial<Record<SettingsGroup, string[]>>;
  follow(): () => void;
  loadMicrophones(): Promise<void>;
  save(patch: Partial<Settings>): Promise<boolean>;
  saveSecret(name: SecretName, value: string): Promise<boolean>;
  /**
   * Saves the client id and secret and signs in with them; the outcome shows in the sign-in
   * status. `service`: the service the screen shows chosen when it is not the saved one, saved
   * with them first.
   */
  signIn(clientId: string, clientSecret: string, service?: ServiceChoice): Promise<boolean>;
  /** Signs in again with the stored credentials; returns what went wrong before trying, or null. */
  signInAgain(): Promise<string | null>;
  /** A group of the screen says what it holds unsaved (nothing: saved, or left); its last notice goes once it changes again. */
  setUnsaved(group: SettingsGroup, names: string[]): void;
}

const SAVED_WORDS: Record<SettingsGroup, string> = { settings: 'Settings saved.', signIn: 'Saved.', accessToken: 'Saved securely.', jweClientKey: 'Saved securely.' };

export function createSettingsStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<SettingsState>((set, get) => {
    const apply = async (call: Promise<Result<SettingsView>>, about: SettingsGroup, saved: string | null): Promise<boolean> => {
      const result = await call;
      if (result.ok) set({ view: result.value, errors: {}, notice: saved === null ? null : { text: saved, error: false, about } });
      else set({ errors: result.error.fields ?? {}, notice: result.error.fields ? null : { text: result.error.message, error: true, about } });
      return result.ok;
    };
    return {
      view: null,
      microphones: null,
      microphonesProblem: null,
      errors: {},
      notice: null,
      unsaved: {},
      follow: () =>
        followValue({
          on: bridge.on.settingsChanged,
          load: () => valueOrReport(bridge.getSettings()),
          // Every event is shown; the load's answer only while there is nothing yet (an event or a save said more).
          isNewer: (_view, source) => source === 'event' || !get().view,
          apply: (view) => set({ view }),
        }),
      loadMicrophones: async () => {
        const result = await bridge.listMicrophones();
        set(result.ok ? { microphones: result.value, microphonesProblem: null } : { microphones: [], microphonesProblem: result.error.message });
      },
      save: (patch) => apply(bridge.updateSettings(patch), 'settings', SAVED_WORDS.settings),
      saveSecret: (name, value) => apply(bridge.setSecret({ name, value }), name === 'clientSecret' ? 'signIn' : name, value === '' ? 'Removed.' : SAVED_WORDS[name === 'clientSecret' ? 'signIn' : name]),
      // Its outcome is the sign-in status beside it: nothing more to say when it worked.
      signIn: async (clientId, clientSecret, service) => {
        const signedIn = await apply(bridge.signIn({ clientId, clientSecret, ...(service ? { service } : {}) }), 'signIn', null);
        // The service's address is refused in the form above: said beside this button too, which is where the doctor looks.
        const refused = get().errors.customServiceUrl ?? get().errors.service;
        if (!signedIn && refused) set({ notice: { text: `Nothing was saved: the service chosen above cannot be used. ${refused}`, error: true, about: 'signIn' } });
        return signedIn;
      },
      signInAgain: async () => (await errorOf(bridge.signInAgain()))?.message ?? null,
      setUnsaved: (group, names) => {
        const { [group]: before = [], ...others } = get().unsaved;
        if (before.length === names.length && before.every((name, index) => name === names[index])) return;
        const notice = get().notice;
        set({
          unsaved: names.length > 0 ? { ...others, [group]: names } : others,
          // "Saved" never stays beside changes made after it.
          ...(notice?.about === group && names.length > 0 ? { notice: null } : {}),
        });
      },
    };
  });
}
