/** How dictations are recorded: the microphone, the audio format, the record shortcut and its sounds, how long recordings are kept, sending by itself. */
import { useEffect } from 'react';
import { RECORD_SHORTCUT_MODE_LABELS, RECORD_SHORTCUT_MODES, UPLOAD_AUDIO_FORMATS } from '../../../contract/setting-choices';
import type { Settings } from '../../../contract/settings';
import type { SettingsView } from '../../../contract/ipc';
import { useSettingsStore } from '../../app/stores';
import { FieldError, LockNote, NumberField, SelectField, ShortcutField, ToggleField } from './fields';
import type { SettingFields } from './setting-fields';

const FORMAT_LABELS: Record<Settings['uploadAudioFormat'], string> = {
  mp3: 'MP3 (compact, recommended)',
  wav: 'WAV (uncompressed, about 10 times larger)',
};

const SHORTCUT_MODE_OPTIONS = RECORD_SHORTCUT_MODES.map((mode) => ({ value: mode, label: RECORD_SHORTCUT_MODE_LABELS[mode] }));

/** A PulseAudio "Monitor of …" source records what a speaker plays, not a voice: said so. */
function microphoneName(device: string): string {
  const monitored = /^Monitor of (.+)$/.exec(device)?.[1];
  return monitored ? `What ${monitored} plays (not a microphone)` : device;
}

/** The microphones this computer has, the chosen one kept on the list (said not connected) when it is not among them. */
function MicrophoneField({ fields: { draft, set, locked } }: { fields: SettingFields }) {
  const microphones = useSettingsStore((state) => state.microphones);
  const microphonesProblem = useSettingsStore((state) => state.microphonesProblem);
  const loadMicrophones = useSettingsStore((state) => state.loadMicrophones);
  useEffect(() => {
    void loadMicrophones();
  }, [loadMicrophones]);

  const devices = microphones ?? [];
  const micMissing = draft.microphone !== '' && microphones !== null && !devices.includes(draft.microphone);
  return (
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
  );
}

/** The doctor's recording: the microphone, the record shortcut and how it works, its sounds. */
export function RecordingSection({ view, fields }: { view: SettingsView; fields: SettingFields }) {
  const { draft, text, toggle, shortcut } = fields;
  return (
    <fieldset>
      <legend>Recording</legend>
      <MicrophoneField fields={fields} />
      <ShortcutField {...shortcut('recordShortcut')} label="Record shortcut (works from any program)" hint="Leave empty for none." />
      <SelectField
        {...text('recordShortcutMode')}
        label="How the record shortcut works"
        options={SHORTCUT_MODE_OPTIONS}
        note={draft.recordShortcutMode === 'hold' ? view.shortcutAccess.holdToRecord : null}
      />
      <ToggleField {...toggle('recordCues')} label="Play a short sound when the shortcut starts and stops recording" />
    </fieldset>
  );
}

/** The clinic's: how recordings are sent and how long they are kept. */
export function StorageSection({ fields }: { fields: SettingFields }) {
  const { draft, set, locked, text, number } = fields;
  return (
    <fieldset>
      <legend>Recordings</legend>
      <SelectField {...text('uploadAudioFormat')} label="Upload audio format" options={UPLOAD_AUDIO_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }))} />
      <NumberField {...number('audioRetentionDays')} label="Delete the recordings of completed dictations after (days; 0 keeps them)" min={0} max={3650} />
      <ToggleField
        label="Send dictations automatically when the service can be reached"
        value={draft.autoSync}
        locked={locked('autoSync')}
        onChange={(value) => set('autoSync', value)}
      />
    </fieldset>
  );
}
