/** How a note goes into the EMR: the copy-note shortcut, inserting it into the other program, and what may be copied. */
import type { SettingsView } from '../../../contract/ipc';
import { ShortcutField, ToggleField } from './fields';
import { InsertProfilesSection } from './InsertProfilesSection';
import type { SettingFields } from './setting-fields';

export function CopyNoteSection({ view, fields: { draft, set, errors, locked, toggle, shortcut } }: { view: SettingsView; fields: SettingFields }) {
  return (
    <fieldset>
      <legend>Copy into the EMR</legend>
      <ShortcutField
        {...shortcut('copyNoteShortcut')}
        label="Copy-note shortcut (works from any program)"
        hint="It copies the note of the patient of this visit: the dictation on screen, else their newest (never another patient’s), as text and with the medications as a table, headed by whose it is. Leave empty for none."
      />
      <ToggleField
        {...toggle('insertCopiedNote')}
        label="Also insert the note into the field that has focus in the other program (your earlier clipboard comes back after)"
        note={draft.insertCopiedNote ? view.shortcutAccess.insertNote : null}
      />
      {draft.insertCopiedNote ? (
        <InsertProfilesSection
          profiles={draft.insertProfiles}
          locked={locked('insertProfiles')}
          error={errors.insertProfiles}
          access={view.shortcutAccess}
          onChange={(profiles) => set('insertProfiles', profiles)}
        />
      ) : null}
    </fieldset>
  );
}

/** The clinic's rules for what leaves the app: only reviewed notes, and a copy taken off the clipboard after a while. */
export function ClinicRulesSection({ fields: { toggle } }: { fields: SettingFields }) {
  return (
    <fieldset>
      <legend>What leaves the app</legend>
      <ToggleField {...toggle('requireReview')} label="Copy and export only notes marked reviewed" />
      <ToggleField {...toggle('clearCopiedNote')} label="Take a copied note off the clipboard after two minutes (if it is still there)" />
    </fieldset>
  );
}
