/**
 * How each settings field is wired to the draft: its value, whether it is locked, its error and
 * what a change does. One place, so that every field of the form is wired the same way.
 */
import type { SettingName, Settings } from '../../../contract/settings';
import type { SettingsView } from '../../../contract/ipc';
import type { SettingsDraft } from './use-settings-draft';

/** Settings whose value is text (or a choice among texts). */
type TextSettingName = { [K in SettingName]: Settings[K] extends string ? K : never }[SettingName];
type NumberSettingName = { [K in SettingName]: Settings[K] extends number ? K : never }[SettingName];
type BooleanSettingName = { [K in SettingName]: Settings[K] extends boolean ? K : never }[SettingName];
type ShortcutSettingName = 'recordShortcut' | 'copyNoteShortcut';

export interface SettingFields {
  draft: Settings;
  set: SettingsDraft['set'];
  errors: Partial<Record<SettingName, string>>;
  locked(name: SettingName): boolean;
  /** The props every text or choice field takes from the draft. */
  text(name: TextSettingName): { name: TextSettingName; value: string; locked: boolean; error: string | undefined; onChange(value: string): void };
  number(name: NumberSettingName): { name: NumberSettingName; value: number; locked: boolean; error: string | undefined; onChange(value: number): void };
  /** The props every checkbox takes from the draft (its id and note named after the setting). */
  toggle(name: BooleanSettingName): { name: BooleanSettingName; value: boolean; locked: boolean; onChange(value: boolean): void };
  /** A shortcut's props: a text field's, with what the desktop will not let the shortcut do as its note, and the shortcut saved now. */
  shortcut(name: ShortcutSettingName): ReturnType<SettingFields['text']> & { note: string | null; saved: string };
}

export function settingFields(view: SettingsView, { draft, set }: SettingsDraft, errors: Partial<Record<SettingName, string>>): SettingFields {
  // Update fields look locked too when the administrator has turned updates off: they can do nothing then.
  const updatesLockedOff = view.locked.includes('updatesEnabled') && !view.values.updatesEnabled;
  const locked = (name: SettingName) => view.locked.includes(name) || (updatesLockedOff && (name === 'updateUrl' || name === 'updateChannel'));
  const text: SettingFields['text'] = (name) => ({ name, value: draft[name], locked: locked(name), error: errors[name], onChange: (value: string) => set(name, value) });
  return {
    draft,
    set,
    errors,
    locked,
    text,
    number: (name) => ({ name, value: draft[name], locked: locked(name), error: errors[name], onChange: (value: number) => set(name, value) }),
    toggle: (name) => ({ name, value: draft[name], locked: locked(name), onChange: (value: boolean) => set(name, value) }),
    shortcut: (name) => ({ ...text(name), note: view.shortcutAccess[name], saved: view.values[name] }),
  };
}
