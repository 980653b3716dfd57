/**
 * Settings' secrets: the long-lived access token and the encryption key, each saved on its own and
 * never shown again.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { SECRET_LABELS } from '../../../contract/setting-choices';
import { FieldError, LockNote, SaveStatus } from './fields';
import { useSettingsStore } from '../../app/stores';

/** A secret saved on its own (the client secret is saved with the sign-in). */
function SecretField({ name, hint }: { name: 'accessToken' | 'jweClientKey'; hint: string }) {
  const view = useSettingsStore((state) => state.view);
  const error = useSettingsStore((state) => state.errors[name]);
  const notice = useSettingsStore((state) => (state.notice?.about === name ? state.notice : null));
  const saveSecret = useSettingsStore((state) => state.saveSecret);
  const setUnsaved = useSettingsStore((state) => state.setUnsaved);
  const [draft, setDraft] = useState('');
  const typed = draft !== '';
  useEffect(() => {
    setUnsaved(name, typed ? [SECRET_LABELS[name]] : []);
    return () => setUnsaved(name, []);
  }, [setUnsaved, name, typed]);
  if (!view) return null;
  const locked = view.locked.includes(name);
  const state = view.secrets[name];
  const inputId = `secret-${name}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await saveSecret(name, draft)) setDraft('');
  };
  return (
    <form className="field secret" onSubmit={(event) => void submit(event)} aria-label={SECRET_LABELS[name]}>
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
      <SaveStatus id={`${name}-status`} status={notice ? { text: notice.text, tone: notice.error ? 'error' : 'ok' } : typed ? { text: 'Not saved yet.', tone: 'pending' } : null} />
      <p className="hint">{hint}</p>
      <FieldError id={`${inputId}-error`} message={error} />
    </form>
  );
}

/** The long-lived access token and the encryption key; never shown again once saved. */
export function SecretsSection({ persisted }: { persisted: boolean }) {
  return (
    <fieldset>
      <legend>Other secrets</legend>
      <p className="hint">
        {persisted
          ? 'Secrets are stored encrypted by the operating system and are never shown again after saving.'
          : 'Secrets are kept in memory only until the app closes, and are never shown again after saving.'}
      </p>
      <SecretField name="accessToken" hint="Only if you were given a long-lived access token instead of a client id and secret. It is not renewed automatically." />
      <SecretField name="jweClientKey" hint="Exactly 16 characters (16 bytes), given with the key id. Needed only when payload encryption is used." />
    </fieldset>
  );
}
