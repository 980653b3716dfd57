/**
 * The form's draft of the settings. When the saved values change (a save, the policy), each
 * field the user has not touched follows them; what the user is typing stays.
 */
import { useState } from 'react';
import { sameSettingValue } from '../../../contract/setting-choices';
import type { SettingName, Settings } from '../../../contract/settings';

export interface SettingsDraft {
  draft: Settings;
  /** The settings whose draft differs from what is saved. */
  changed: SettingName[];
  set<K extends SettingName>(name: K, value: Settings[K]): void;
  undo(): void;
}

export function useSettingsDraft(saved: Settings): SettingsDraft {
  const [draft, setDraft] = useState<Settings>(saved);
  const [basis, setBasis] = useState<Settings>(saved);
  if (basis !== saved) {
    const next = { ...draft };
    for (const name of Object.keys(saved) as SettingName[]) {
      if (sameSettingValue(draft[name], basis[name])) Object.assign(next, { [name]: saved[name] });
    }
    setBasis(saved);
    setDraft(next);
  }
  const changed = (Object.keys(draft) as SettingName[]).filter((name) => !sameSettingValue(draft[name], saved[name]));
  return {
    draft,
    changed,
    set: <K extends SettingName>(name: K, value: Settings[K]) => setDraft((current) => ({ ...current, [name]: value })),
    undo: () => setDraft(saved),
  };
}
