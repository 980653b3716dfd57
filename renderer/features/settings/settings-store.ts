import { create } from 'zustand';
import type { ScribeBridge, SettingsView } from '../../../contract/ipc';
import type { Result } from '../../../contract/result';
import type { SecretName, SettingName, Settings } from '../../../contract/settings';
import { errorOf, valueReader, type ReportProblem } from '../../app/answers';
import { followValue } from '../../app/follow';

type FieldErrors = Partial<Record<SettingName | SecretName, string>>;

export interface SettingsState {
  view: SettingsView | null;
  /** Capture devices by name; null until listed. */
  microphones: string[] | null;
  microphonesProblem: string | null;
  errors: FieldErrors;
  /** Short confirmation after a save, read out by screen readers. */
  notice: string | null;
  follow(): () => void;
  loadMicrophones(): Promise<void>;
  save(patch: Partial<Settings>): Promise<boolean>;
  saveSecret(name: SecretName, value: string): Promise<boolean>;
  /** Saves the client id and secret and signs in with them; the outcome shows in the sign-in status. */
  signIn(clientId: string, clientSecret: string): Promise<boolean>;
  /** Signs in again with the stored credentials; returns what went wrong before trying, or null. */
  signInAgain(): Promise<string | null>;
}

export function createSettingsStore(bridge: ScribeBridge, report: ReportProblem) {
  const valueOrReport = valueReader(report);
  return create<SettingsState>((set, get) => {
    const apply = async (call: Promise<Result<SettingsView>>, notice: string | null): Promise<boolean> => {
      const result = await call;
      if (result.ok) set({ view: result.value, errors: {}, notice });
      else set({ errors: result.error.fields ?? {}, notice: result.error.fields ? null : result.error.message });
      return result.ok;
    };
    return {
      view: null,
      microphones: null,
      microphonesProblem: null,
      errors: {},
      notice: null,
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
      save: (patch) => apply(bridge.updateSettings(patch), 'Settings saved.'),
      saveSecret: (name, value) => apply(bridge.setSecret({ name, value }), value === '' ? 'Removed.' : 'Saved securely.'),
      signIn: (clientId, clientSecret) => apply(bridge.signIn({ clientId, clientSecret }), null),
      signInAgain: async () => (await errorOf(bridge.signInAgain()))?.message ?? null,
    };
  });
}
