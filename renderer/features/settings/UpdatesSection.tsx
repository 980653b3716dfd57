/** Where updates come from and whether they are fetched; said not to apply when the system's package manager updates this copy. */
import { useUpdateStore } from '../../app/stores';
import { TextField, ToggleField } from './fields';
import type { SettingFields } from './setting-fields';
import { UpdateStatusLine } from './UpdateStatusLine';

export function UpdatesSection({ fields: { draft, text, toggle } }: { fields: SettingFields }) {
  /** Set when the system's package manager updates this copy: the update fields do not apply. */
  const packageManager = useUpdateStore((state) => (state.status?.state === 'package-manager' ? state.status.message : null));
  /** An update field: locked, and said not to apply, when the package manager updates this copy. */
  const updateField = <T extends { locked: boolean }>(props: T) => (packageManager ? { ...props, locked: true, lockedReason: 'Does not apply to this installation' } : props);
  return (
    <fieldset>
      <legend>Updates</legend>
      {packageManager ? (
        <p className="setting-note" data-testid="updates-by-package-manager">
          {packageManager}
        </p>
      ) : null}
      <ToggleField
        {...updateField(toggle('updatesEnabled'))}
        label="Check for updates and download them in the background"
        note={!packageManager && draft.updatesEnabled && draft.updateUrl.trim() === '' ? 'Turned on, but nothing is checked until an update server is set below.' : null}
      />
      <TextField {...updateField(text('updateUrl'))} label="Update server" hint="The web address where your IT provider publishes Scribe Desk updates." />
      <TextField {...updateField(text('updateChannel'))} label="Update channel" />
      <TextField
        {...updateField(text('updatePinnedVersion'))}
        label="Stay on version"
        hint="Only this version is installed, never a newer one; empty takes every new version. Usually set by your IT provider."
      />
      <UpdateStatusLine />
    </fieldset>
  );
}
