import { useEffect, type FormEvent } from 'react';
import { RECORD_SHORTCUT_MODE_LABELS, RECORD_SHORTCUT_MODES, SERVICE_BASE_URLS, SERVICE_KINDS, SERVICE_LABELS, UPLOAD_AUDIO_FORMATS } from '../../../contract/setting-choices';
import type { SettingName, Settings } from '../../../contract/settings';
import type { SettingsView } from '../../../contract/ipc';
import { FieldError, LockNote, NumberField, SaveStatus, SelectField, ShortcutField, TextField, ToggleField } from './fields';
import { useSettingsStore, useUpdateStore } from '../../app/stores';
import { InsertProfilesSection } from './InsertProfilesSection';
import { TranscriptionSection } from './TranscriptionSection';
import { UpdateStatusLine } from './UpdateStatusLine';
import type { SettingsDraft } from './use-settings-draft';
import type { SettingsNotice } from './settings-store';

const FORMAT_LABELS: Record<Settings['uploadAudioFormat'], string> = {
  mp3: 'MP3 (compact, recommended)',
  wav: 'WAV (uncompressed, about 10 times larger)',
};

/** Settings whose value is text (or a choice among texts). */
type TextSettingName = { [K in SettingName]: Settings[K] extends string ? K : never }[SettingName];
type NumberSettingName = { [K in SettingName]: Settings[K] extends number ? K : never }[SettingName];
type BooleanSettingName = { [K in SettingName]: Settings[K] extends boolean ? K : never }[SettingName];

const SHORTCUT_MODE_OPTIONS = RECORD_SHORTCUT_MODES.map((mode) => ({ value: mode, label: RECORD_SHORTCUT_MODE_LABELS[mode] }));

const SERVICE_OPTIONS = SERVICE_KINDS.map((kind) => ({
  value: kind,
  label: `${SERVICE_LABELS[kind]}${kind === 'production' || kind === 'development' ? ` (${SERVICE_BASE_URLS[kind]})` : ''}`,
}));

/** A PulseAudio "Monitor of …" source records what a speaker plays, not a voice: said so. */
function microphoneName(device: string): string {
  const monitored = /^Monitor of (.+)$/.exec(device)?.[1];
  return monitored ? `What ${monitored} plays (not a microphone)` : device;
}

/** What the form's status line says: the last save's outcome, or that changes are not saved yet (never "saved" beside unsaved changes). */
function formStatus(notice: SettingsNotice | null, changes: number): { text: string; tone: 'ok' | 'error' | 'pending' } | null {
  if (notice?.about === 'settings' && (notice.error || changes === 0)) return { text: notice.text, tone: notice.error ? 'error' : 'ok' };
  if (changes > 0) return { text: changes === 1 ? '1 change not saved yet.' : `${changes} changes not saved yet.`, tone: 'pending' };
  return null;
}

/** Every setting but the secrets, saved together with "Save settings". */
export function SettingsForm({ view, form }: { view: SettingsView; form: SettingsDraft }) {
  const errors = useSettingsStore((state) => state.errors);
  const notice = useSettingsStore((state) => state.notice);
  const microphones = useSettingsStore((state) => state.microphones);
  const microphonesProblem = useSettingsStore((state) => state.microphonesProblem);
  const loadMicrophones = useSettingsStore((state) => state.loadMicrophones);
  const save = useSettingsStore((state) => state.save);
  const { draft, changed, set, undo } = form;
  /** Set when the system's package manager updates this copy: the update fields do not apply. */
  const packageManager = useUpdateStore((state) => (state.status?.state === 'package-manager' ? state.status.message : null));

  useEffect(() => {
    void loadMicrophones();
  }, [loadMicrophones]);

  // Update fields look locked too when the administrator has turned updates off: they can do nothing then.
  const updatesLockedOff = view.locked.includes('updatesEnabled') && !view.values.updatesEnabled;
  const locked = (name: SettingName) => view.locked.includes(name) || (updatesLockedOff && (name === 'updateUrl' || name === 'updateChannel'));
  /** The props every text or choice field takes from the draft. */
  const text = (name: TextSettingName) => ({
    name,
    value: draft[name],
    locked: locked(name),
    error: errors[name],
    onChange: (value: string) => set(name, value),
  });
  const number = (name: NumberSettingName) => ({
    name,
    value: draft[name],
    locked: locked(name),
    error: errors[name],
    onChange: (value: number) => set(name, value),
  });
  /** The props every checkbox takes from the draft (its id and note named after the setting). */
  const toggle = (name: BooleanSettingName) => ({
    name,
    value: draft[name],
    locked: locked(name),
    onChange: (value: boolean) => set(name, value),
  });
  /** An update field: locked, and said not to apply, when the package manager updates this copy. */
  const updateField = <T extends { locked: boolean }>(props: T) => (packageManager ? { ...props, locked: true, lockedReason: 'Does not apply to this installation' } : props);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(Object.fromEntries(changed.map((name) => [name, draft[name]])));
  };

  const devices = microphones ?? [];
  const micMissing = draft.microphone !== '' && microphones !== null && !devices.includes(draft.microphone);

  return (
    <form onSubmit={submit} aria-label="Service and device settings">
      <fieldset>
        <legend>Service</legend>
        <SelectField
          {...text('service')}
          label="Transcription service"
          options={SERVICE_OPTIONS}
          hint={draft.service === 'sandbox' ? 'The sandbox runs inside this app and returns test results. Nothing is sent over the internet.' : undefined}
        />
        {draft.service === 'custom' || draft.customServiceUrl !== '' ? (
          <TextField {...text('customServiceUrl')} label="Custom service address" hint="For example https://scribe.example-clinic.org" />
        ) : null}
      </fieldset>

      <TranscriptionSection draft={draft} set={set} locked={locked} errors={errors} service={`${view.values.service} ${view.values.customServiceUrl}`} />

      <fieldset>
        <legend>Patients</legend>
        <ToggleField
          {...toggle('sendPatientDetails')}
          label="Send each dictation's patient (name, age, sex and ABHA number) with it to the service"
          note={
            draft.sendPatientDetails
              ? 'On: each dictation sent in parts tells its session the chosen patient (sent again if you change the patient before it ends). Never the label or the ABHA address.'
              : 'Off: the service is told nothing that names the patient.'
          }
        />
      </fieldset>

      <fieldset>
        <legend>Account</legend>
        <TextField {...text('userOid')} label="User OID" />
        <TextField {...text('partnerUserId')} label="Partner user id" />
        <TextField {...text('partnerHipId')} label="Partner HIP id" />
        <TextField {...text('jweKid')} label="Encryption key id (kid)" />
      </fieldset>

      <fieldset>
        <legend>Recording</legend>
        <div className="field">
          <label htmlFor="microphone">
            Microphone <LockNote locked={locked('microphone')} />
          </label>
          <select id="microphone" value={draft.microphone} disabled={locked('microphone')} onChange={(event) => set('microphone', event.target.value)}>
            <option value="">System default</option>
            {micMissing ? <option value={draft.microphone}>{draft.microphone} (not connected)</option> : null}
            {devices.map((device) => (
              <option key={device} value={device}>
                {microphoneName(device)}
              </option>
            ))}
          </select>
          <FieldError id="microphone-list-error" message={microphonesProblem ?? undefined} />
          {micMissing ? <p className="field-error">The chosen microphone is not connected.</p> : null}
        </div>
        <SelectField {...text('uploadAudioFormat')} label="Upload audio format" options={UPLOAD_AUDIO_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))} />
        <ShortcutField
          {...text('recordShortcut')}
          label="Record shortcut (works from any program)"
          hint="Leave empty for none."
          note={view.shortcutAccess.recordShortcut}
        />
        <SelectField
          {...text('recordShortcutMode')}
          label="How the record shortcut works"
          options={SHORTCUT_MODE_OPTIONS}
          note={draft.recordShortcutMode === 'hold' ? view.shortcutAccess.holdToRecord : null}
        />
        <ToggleField {...toggle('recordCues')} label="Play a short sound when the shortcut starts and stops recording" />
        <NumberField {...number('audioRetentionDays')} label="Delete the recordings of completed dictations after (days; 0 keeps them)" min={0} max={3650} />
        <ToggleField
          label="Send dictations automatically when the service can be reached"
          value={draft.autoSync}
          locked={locked('autoSync')}
          onChange={(value) => set('autoSync', value)}
        />
      </fieldset>

      <fieldset>
        <legend>Copy into the EMR</legend>
        <ShortcutField
          {...text('copyNoteShortcut')}
          label="Copy-note shortcut (works from any program)"
          hint="It copies the note of the dictation on screen, else of the newest one (never an older one in its place), as text and with the medications as a table, headed by its label and time. Leave empty for none."
          note={view.shortcutAccess.copyNoteShortcut}
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
        <ToggleField {...toggle('requireReview')} label="Copy and export only notes marked reviewed" />
        <ToggleField {...toggle('clearCopiedNote')} label="Take a copied note off the clipboard after two minutes (if it is still there)" />
      </fieldset>

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

      <fieldset>
        <legend>Registration</legend>
        <NumberField {...number('otpResendSeconds')} label="Wait before an OTP can be sent again (seconds)" min={5} max={600} />
      </fieldset>

      <div className="actions">
        <button type="submit" className="primary" disabled={changed.length === 0}>
          Save settings
        </button>
        <button type="button" disabled={changed.length === 0} onClick={undo}>
          Undo changes
        </button>
        <SaveStatus id="settings-status" status={formStatus(notice, changed.length)} />
      </div>
    </form>
  );
}
