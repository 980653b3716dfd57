/** The settings form: every setting but the secrets, its sections, and Save and Undo with what they did. */
import type { FormEvent } from 'react';
import { SERVICE_BASE_URLS, SERVICE_KINDS, SERVICE_LABELS } from '../../../contract/setting-choices';
import type { SettingsView } from '../../../contract/ipc';
import { NumberField, SaveStatus, SelectField, TextField, ToggleField } from './fields';
import { useSettingsStore } from '../../app/stores';
import { ClinicRulesSection, CopyNoteSection } from './CopyNoteSection';
import { RecordingSection, StorageSection } from './RecordingSection';
import { settingFields } from './setting-fields';
import { TranscriptionSection } from './TranscriptionSection';
import { UpdatesSection } from './UpdatesSection';
import type { SettingsDraft } from './use-settings-draft';
import type { SettingsNotice } from './settings-store';

const SERVICE_OPTIONS = SERVICE_KINDS.map((kind) => ({
  value: kind,
  label: `${SERVICE_LABELS[kind]}${kind === 'production' || kind === 'development' ? ` (${SERVICE_BASE_URLS[kind]})` : ''}`,
}));

/** What the form's status line says: the last save's outcome, or that changes are not saved yet (never "saved" beside unsaved changes). */
function formStatus(notice: SettingsNotice | null, changes: number): { text: string; tone: 'ok' | 'error' | 'pending' } | null {
  if (notice?.about === 'settings' && (notice.error || changes === 0)) return { text: notice.text, tone: notice.error ? 'error' : 'ok' };
  if (changes > 0) return { text: changes === 1 ? '1 change not saved yet.' : `${changes} changes not saved yet.`, tone: 'pending' };
  return null;
}

/** What a Save does: the draft's changes, every part of the screen's, saved together. */
function useSaveSettings(form: SettingsDraft) {
  const save = useSettingsStore((state) => state.save);
  const { draft, changed } = form;
  return (event: FormEvent) => {
    event.preventDefault();
    void save(Object.fromEntries(changed.map((name) => [name, draft[name]])));
  };
}

/** Save and Undo, and what they did. */
function SaveRow({ form, label, undoLabel, statusId }: { form: SettingsDraft; label: string; undoLabel: string; statusId: string }) {
  const notice = useSettingsStore((state) => state.notice);
  const { changed, undo } = form;
  return (
    <div className="actions">
      <button type="submit" className="primary" disabled={changed.length === 0}>
        {label}
      </button>
      <button type="button" disabled={changed.length === 0} onClick={undo}>
        {undoLabel}
      </button>
      <SaveStatus id={statusId} status={formStatus(notice, changed.length)} />
    </div>
  );
}

/** The doctor's own settings: how they record, the languages they speak, the shortcuts, how a note goes into the EMR. Saved together with "Save settings". */
export function SettingsForm({ view, form }: { view: SettingsView; form: SettingsDraft }) {
  const errors = useSettingsStore((state) => state.errors);
  const submit = useSaveSettings(form);
  const fields = settingFields(view, form, errors);
  const { draft, set, locked } = fields;
  return (
    <form onSubmit={submit} aria-label="Your settings">
      <RecordingSection view={view} fields={fields} />
      <TranscriptionSection draft={draft} set={set} locked={locked} errors={errors} service={`${view.values.service} ${view.values.customServiceUrl}`} />
      <CopyNoteSection view={view} fields={fields} />
      <SaveRow form={form} label="Save settings" undoLabel="Undo changes" statusId="settings-status" />
    </form>
  );
}

/**
 * What the clinic's IT sets up once: the service, the account, patient details sent, recordings
 * kept, the clinic's rules for copying, updates and registration. Saved with the doctor's settings.
 */
export function ClinicSettingsForm({ view, form }: { view: SettingsView; form: SettingsDraft }) {
  const errors = useSettingsStore((state) => state.errors);
  const submit = useSaveSettings(form);
  const fields = settingFields(view, form, errors);
  const { draft, text, number, toggle } = fields;
  return (
    <form onSubmit={submit} aria-label="The clinic's settings">
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

      <StorageSection fields={fields} />
      <ClinicRulesSection fields={fields} />
      <UpdatesSection fields={fields} />

      <fieldset>
        <legend>Registration</legend>
        <NumberField {...number('otpResendSeconds')} label="Wait before an OTP can be sent again (seconds)" min={5} max={600} />
      </fieldset>
      <SaveRow form={form} label="Save the clinic’s settings" undoLabel="Undo the clinic’s changes" statusId="clinic-settings-status" />
    </form>
  );
}
