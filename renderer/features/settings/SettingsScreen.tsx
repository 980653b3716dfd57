import { useEffect, useState, type FormEvent } from 'react';
import {
  SECRET_LABELS,
  SERVICE_BASE_URLS,
  SERVICE_KINDS,
  SERVICE_LABELS,
  UPLOAD_AUDIO_FORMATS,
  type SecretName,
  type SettingName,
  type Settings,
} from '../../../contract/settings';
import type { SettingsView } from '../../../contract/ipc';
import type { UpdateState } from '../../../contract/updates';
import { useUpdateStore } from '../../app/update-store';
import { useSettingsStore } from './settings-store';
import { SignInSection } from './SignInSection';

const FORMAT_LABELS: Record<Settings['uploadAudioFormat'], string> = {
  mp3: 'MP3 (compact, recommended)',
  wav: 'WAV (uncompressed, about 10 times larger)',
};

function LockNote({ locked }: { locked: boolean }) {
  return locked ? <span className="lock-note">Managed by your administrator</span> : null;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

interface TextFieldProps {
  name: SettingName;
  label: string;
  hint?: string;
  value: string;
  locked: boolean;
  error: string | undefined;
  onChange(value: string): void;
}

function TextField({ name, label, hint, value, locked, error, onChange }: TextFieldProps) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>
        {label} <LockNote locked={locked} />
      </label>
      <input
        id={name}
        type="text"
        value={value}
        disabled={locked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? <p className="hint">{hint}</p> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface ToggleFieldProps {
  label: string;
  checked: boolean;
  locked: boolean;
  onChange(checked: boolean): void;
}

function ToggleField({ label, checked, locked, onChange }: ToggleFieldProps) {
  return (
    <div className="field checkbox">
      <label>
        <input type="checkbox" checked={checked} disabled={locked} onChange={(event) => onChange(event.target.checked)} /> {label}{' '}
        <LockNote locked={locked} />
      </label>
    </div>
  );
}

interface NumberFieldProps {
  name: SettingName;
  label: string;
  min: number;
  max: number;
  value: number;
  locked: boolean;
  error: string | undefined;
  onChange(value: number): void;
}

function NumberField({ name, label, min, max, value, locked, error, onChange }: NumberFieldProps) {
  return (
    <div className="field">
      <label htmlFor={name}>
        {label} <LockNote locked={locked} />
      </label>
      <input
        id={name}
        type="number"
        min={min}
        max={max}
        value={value}
        disabled={locked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

function SecretField({ name, hint }: { name: SecretName; hint: string }) {
  const view = useSettingsStore((state) => state.view);
  const error = useSettingsStore((state) => state.errors[name]);
  const saveSecret = useSettingsStore((state) => state.saveSecret);
  const [draft, setDraft] = useState('');
  if (!view) return null;
  const locked = view.locked.includes(name);
  const state = view.secrets[name];
  const inputId = `secret-${name}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await saveSecret(name, draft)) setDraft('');
  };
  return (
    <form className="field secret" onSubmit={submit} aria-label={SECRET_LABELS[name]}>
      <label htmlFor={inputId}>
        {SECRET_LABELS[name]}{' '}
        <span className={`secret-state ${state === 'set' ? 'is-set' : ''}`} data-testid={`${name}-state`}>
          {state === 'set' ? 'Set' : 'Not set'}
        </span>{' '}
        <LockNote locked={locked} />
      </label>
      <div className="row">
        <input
          id={inputId}
          type="password"
          value={draft}
          disabled={locked}
          placeholder={state === 'set' ? 'Enter a new value to replace it' : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" disabled={locked || draft === ''}>
          Save
        </button>
        <button type="button" disabled={locked || state === 'not set'} onClick={() => void saveSecret(name, '')}>
          Remove
        </button>
      </div>
      <p className="hint">{hint}</p>
      <FieldError id={`${inputId}-error`} message={error} />
    </form>
  );
}

const UPDATE_TEXT: Record<UpdateState, string> = {
  off: 'Updates are off.',
  idle: 'No check yet.',
  checking: 'Checking for updates…',
  'up-to-date': 'Scribe Desk is up to date.',
  downloading: 'Downloading an update…',
  ready: 'An update is ready to install.',
  error: 'The last update check failed.',
};

function UpdateStatusLine() {
  const status = useUpdateStore((state) => state.status);
  const check = useUpdateStore((state) => state.check);
  if (!status) return null;
  return (
    <div className="update-status" data-testid="update-status">
      <span>
        {UPDATE_TEXT[status.state]}
        {status.version ? ` Version ${status.version}.` : ''}
        {status.state === 'downloading' && status.progress !== null ? ` ${Math.round(status.progress * 100)}%` : ''} {status.message}
      </span>
      <button type="button" disabled={status.state === 'off' || status.state === 'checking' || status.state === 'downloading'} onClick={() => void check()}>
        Check now
      </button>
    </div>
  );
}

export function SettingsScreen() {
  const view = useSettingsStore((state) => state.view);
  if (!view) return <section className="panel" aria-busy="true" />;
  // A new form (and so a fresh draft) whenever the saved values change.
  return <SettingsForm key={JSON.stringify(view.values)} view={view} />;
}

function SettingsForm({ view }: { view: SettingsView }) {
  const errors = useSettingsStore((state) => state.errors);
  const notice = useSettingsStore((state) => state.notice);
  const microphones = useSettingsStore((state) => state.microphones);
  const loadMicrophones = useSettingsStore((state) => state.loadMicrophones);
  const save = useSettingsStore((state) => state.save);
  const [draft, setDraft] = useState<Settings>(view.values);

  useEffect(() => {
    void loadMicrophones();
  }, [loadMicrophones]);

  const locked = (name: SettingName) => view.locked.includes(name);
  const set = (name: SettingName) => (value: string) => setDraft({ ...draft, [name]: value });
  const changed = (Object.keys(draft) as SettingName[]).filter((name) => draft[name] !== view.values[name]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(Object.fromEntries(changed.map((name) => [name, draft[name]])));
  };

  const deviceOptions = microphones?.devices ?? [];
  const micMissing = draft.microphone !== '' && microphones !== null && !deviceOptions.includes(draft.microphone);

  return (
    <section className="panel settings">
      <h1>Settings</h1>
      {view.policy.error ? (
        <div className="banner error" role="alert" data-testid="policy-error">
          {view.policy.error} Settings are not managed until it is corrected.
        </div>
      ) : view.locked.length > 0 ? (
        <div className="banner info" data-testid="policy-info">
          Some settings are managed by your administrator ({view.policy.path}).
        </div>
      ) : null}
      {view.secretProtection.warning ? (
        <div className="banner warning" role="alert" data-testid="secret-warning">
          {view.secretProtection.warning}
        </div>
      ) : null}

      <form onSubmit={submit} aria-label="Service and device settings">
        <fieldset>
          <legend>Service</legend>
          <div className="field">
            <label htmlFor="service">
              Transcription service <LockNote locked={locked('service')} />
            </label>
            <select id="service" value={draft.service} disabled={locked('service')} onChange={(event) => set('service')(event.target.value)}>
              {SERVICE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {SERVICE_LABELS[kind]}
                  {kind === 'production' || kind === 'development' ? ` (${SERVICE_BASE_URLS[kind]})` : ''}
                </option>
              ))}
            </select>
            {draft.service === 'sandbox' ? (
              <p className="hint">The sandbox runs inside this app and returns test results. Nothing is sent over the internet.</p>
            ) : null}
            <FieldError id="service-error" message={errors.service} />
          </div>
          {draft.service === 'custom' || draft.customServiceUrl !== '' ? (
            <TextField
              name="customServiceUrl"
              label="Custom service address"
              hint="For example https://scribe.example-clinic.org"
              value={draft.customServiceUrl}
              locked={locked('customServiceUrl')}
              error={errors.customServiceUrl}
              onChange={set('customServiceUrl')}
            />
          ) : null}
        </fieldset>

        <fieldset>
          <legend>Account</legend>
          <TextField name="userOid" label="User OID" value={draft.userOid} locked={locked('userOid')} error={errors.userOid} onChange={set('userOid')} />
          <TextField name="partnerUserId" label="Partner user id" value={draft.partnerUserId} locked={locked('partnerUserId')} error={errors.partnerUserId} onChange={set('partnerUserId')} />
          <TextField name="partnerHipId" label="Partner HIP id" value={draft.partnerHipId} locked={locked('partnerHipId')} error={errors.partnerHipId} onChange={set('partnerHipId')} />
          <TextField name="jweKid" label="Encryption key id (kid)" value={draft.jweKid} locked={locked('jweKid')} error={errors.jweKid} onChange={set('jweKid')} />
        </fieldset>

        <fieldset>
          <legend>Recording</legend>
          <div className="field">
            <label htmlFor="microphone">
              Microphone <LockNote locked={locked('microphone')} />
            </label>
            <select id="microphone" value={draft.microphone} disabled={locked('microphone')} onChange={(event) => set('microphone')(event.target.value)}>
              <option value="">System default</option>
              {micMissing ? <option value={draft.microphone}>{draft.microphone} (not connected)</option> : null}
              {deviceOptions.map((device) => (
                <option key={device} value={device}>
                  {device}
                </option>
              ))}
            </select>
            {microphones?.error ? <p className="field-error">{microphones.error}</p> : null}
            {micMissing ? <p className="field-error">The chosen microphone is not connected.</p> : null}
          </div>
          <div className="field">
            <label htmlFor="uploadAudioFormat">
              Upload audio format <LockNote locked={locked('uploadAudioFormat')} />
            </label>
            <select id="uploadAudioFormat" value={draft.uploadAudioFormat} disabled={locked('uploadAudioFormat')} onChange={(event) => set('uploadAudioFormat')(event.target.value)}>
              {UPLOAD_AUDIO_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FORMAT_LABELS[format]}
                </option>
              ))}
            </select>
          </div>
          <TextField
            name="recordShortcut"
            label="Record shortcut (works from any program)"
            hint="For example CommandOrControl+Alt+R. Leave empty for none."
            value={draft.recordShortcut}
            locked={locked('recordShortcut')}
            error={errors.recordShortcut}
            onChange={set('recordShortcut')}
          />
          <NumberField
            name="audioRetentionDays"
            label="Delete the recordings of completed dictations after (days; 0 keeps them)"
            min={0}
            max={3650}
            value={draft.audioRetentionDays}
            locked={locked('audioRetentionDays')}
            error={errors.audioRetentionDays}
            onChange={(audioRetentionDays) => setDraft({ ...draft, audioRetentionDays })}
          />
          <ToggleField
            label="Send dictations automatically when the service can be reached"
            checked={draft.autoSync}
            locked={locked('autoSync')}
            onChange={(autoSync) => setDraft({ ...draft, autoSync })}
          />
        </fieldset>

        <fieldset>
          <legend>Updates</legend>
          <ToggleField
            label="Check for updates and download them in the background"
            checked={draft.updatesEnabled}
            locked={locked('updatesEnabled')}
            onChange={(updatesEnabled) => setDraft({ ...draft, updatesEnabled })}
          />
          <TextField
            name="updateUrl"
            label="Update server"
            hint="The web address where your IT provider publishes Scribe Desk updates."
            value={draft.updateUrl}
            locked={locked('updateUrl')}
            error={errors.updateUrl}
            onChange={set('updateUrl')}
          />
          <TextField name="updateChannel" label="Update channel" value={draft.updateChannel} locked={locked('updateChannel')} error={errors.updateChannel} onChange={set('updateChannel')} />
          <UpdateStatusLine />
        </fieldset>

        <fieldset>
          <legend>Registration</legend>
          <NumberField
            name="otpResendSeconds"
            label="Wait before an OTP can be sent again (seconds)"
            min={5}
            max={600}
            value={draft.otpResendSeconds}
            locked={locked('otpResendSeconds')}
            error={errors.otpResendSeconds}
            onChange={(otpResendSeconds) => setDraft({ ...draft, otpResendSeconds })}
          />
        </fieldset>

        <div className="actions">
          <button type="submit" className="primary" disabled={changed.length === 0}>
            Save settings
          </button>
          <button type="button" disabled={changed.length === 0} onClick={() => setDraft(view.values)}>
            Undo changes
          </button>
          <span className="notice" role="status">
            {notice}
          </span>
        </div>
      </form>

      <SignInSection />

      <fieldset>
        <legend>Other secrets</legend>
        <p className="hint">
          {view.secretProtection.persisted
            ? 'Secrets are stored encrypted by the operating system and are never shown again after saving.'
            : 'Secrets are kept in memory only until the app closes, and are never shown again after saving.'}
        </p>
        <SecretField name="accessToken" hint="Only if you were given a long-lived access token instead of a client id and secret. It is not renewed automatically." />
        <SecretField name="jweClientKey" hint="Exactly 16 characters (16 bytes), given with the key id. Needed only when payload encryption is used." />
      </fieldset>
    </section>
  );
}
