/**
 * Settings' sign-in: the client id and secret, how the app is signed in and what went wrong last,
 * Save and sign in, and Sign in again.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { AuthStatus } from '../../../contract/auth';
import { SERVICE_LABELS } from '../../../contract/setting-choices';
import { serviceBaseUrl } from '../../../contract/setting-choices';
import { useSettingsStore, useStatusStore } from '../../app/stores';
import { formatTime } from '../dictation/format';
import { InputField, LockNote, SaveStatus } from './fields';
import type { ServiceChoice } from './settings-store';

function describe(auth: AuthStatus): string {
  const renewed = auth.lastRenewedAt ? ` Last renewal at ${formatTime(auth.lastRenewedAt, true)}.` : '';
  switch (auth.method) {
    case 'sandbox':
      return auth.state === 'signed-in'
        ? `Signed in to the sandbox with its test client (${auth.clientId ?? ''}); renews automatically.${renewed}`
        : `The sandbox's test client (${auth.clientId ?? ''}) signs in when the app next contacts it.`;
    case 'access-token':
      return 'Using the access token entered below; it is not renewed automatically. Signing in with a client id and secret avoids expired tokens.';
    case 'none':
      return 'Not signed in. Enter the client id and client secret your Eka Care account administrator gave you.';
    case 'client-credentials':
      if (auth.state === 'signed-in') return `Signed in as ${auth.clientId ?? ''}; renews automatically.${renewed}`;
      if (auth.state === 'failed') return `Not signed in as ${auth.clientId ?? ''}.`;
      return `Client ${auth.clientId ?? ''} is set up; the app signs in when it next contacts the service.${renewed}`;
  }
}

/** The service "Save and sign in" signs in to, as the doctor knows it. */
function serviceName(choice: ServiceChoice): string {
  const address = serviceBaseUrl(choice);
  return `${SERVICE_LABELS[choice.service]}${address ? ` (${address})` : ''}`;
}

/** The client id and secret as typed; while they differ from what is saved, the screen counts them as not saved. */
function useTypedCredentials(savedClientId: string) {
  const setUnsaved = useSettingsStore((state) => state.setUnsaved);
  const [clientId, setClientId] = useState(savedClientId);
  const [clientSecret, setClientSecret] = useState('');
  const typed = clientSecret !== '' || clientId.trim() !== savedClientId;
  useEffect(() => {
    setUnsaved('signIn', typed ? ['Client id and secret'] : []);
    return () => setUnsaved('signIn', []);
  }, [setUnsaved, typed]);
  return { clientId, setClientId, clientSecret, setClientSecret, typed };
}

/** How the app is signed in, and what went wrong with it last. */
function AuthState({ auth }: { auth: AuthStatus }) {
  return (
    <>
      <p className={`auth-status ${auth.state}`} data-testid="auth-status" role="status">
        {describe(auth)}
      </p>
      {auth.problem ? (
        <p className={`banner ${auth.state === 'failed' ? 'error' : 'warning'}`} role="alert" data-testid="auth-problem">
          {auth.problem}
        </p>
      ) : null}
    </>
  );
}

interface SignInSectionProps {
  /** The service the screen shows chosen: "Save and sign in" signs in there. */
  chosen: ServiceChoice;
  /** The choice is not saved yet: "Save and sign in" saves it with the credentials. */
  chosenUnsaved: boolean;
}

/**
 * Client id and secret, how the app is signed in, and "Sign in again". The outcome of a button
 * is said under the buttons, so that nothing moves under the pointer when it comes.
 */
export function SignInSection({ chosen, chosenUnsaved }: SignInSectionProps) {
  const view = useSettingsStore((state) => state.view);
  const errors = useSettingsStore((state) => state.errors);
  const notice = useSettingsStore((state) => (state.notice?.about === 'signIn' ? state.notice : null));
  const signIn = useSettingsStore((state) => state.signIn);
  const signInAgain = useSettingsStore((state) => state.signInAgain);
  const saveSecret = useSettingsStore((state) => state.saveSecret);
  const auth = useStatusStore((state) => state.status?.auth ?? null);
  const { clientId, setClientId, clientSecret, setClientSecret, typed } = useTypedCredentials(view?.values.clientId ?? '');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!view || !auth) return null;
  const locked = view.locked.includes('clientId') || view.locked.includes('clientSecret');
  const secretSet = view.secrets.clientSecret === 'set';
  const canSignInAgain = auth.method === 'sandbox' || (view.values.clientId !== '' && secretSet);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setRefusal(null);
      if (await signIn(clientId, clientSecret, chosenUnsaved ? chosen : undefined)) setClientSecret('');
    });
  };

  return (
    <fieldset>
      <legend>Sign-in</legend>
      {chosen.service === 'sandbox' ? (
        <p className="hint">The sandbox signs in by itself. For the real service, choose it above and enter your client id and secret here.</p>
      ) : null}
      <form className="sign-in" aria-label="Sign-in" onSubmit={submit}>
        <InputField
          id="client-id"
          label="Client id"
          labelExtra={<LockNote locked={locked} />}
          value={clientId}
          disabled={locked}
          error={errors.clientId}
          onChange={setClientId}
        />
        <InputField
          id="client-secret"
          label="Client secret"
          labelExtra={
            <>
              <span className={`secret-state ${secretSet ? 'is-set' : ''}`} data-testid="clientSecret-state">
                {secretSet ? 'Set' : 'Not set'}
              </span>{' '}
              <LockNote locked={locked} />
            </>
          }
          type="password"
          value={clientSecret}
          disabled={locked}
          placeholder={secretSet ? 'Enter it again to change the sign-in' : ''}
          error={errors.clientSecret}
          onChange={setClientSecret}
        />
        <div className="row-actions">
          <button type="submit" className="primary" disabled={locked || busy}>
            {busy ? 'Signing in…' : 'Save and sign in'}
          </button>
          {/* It signs in to the saved service: not while the screen shows another one chosen. */}
          <button type="button" disabled={!canSignInAgain || busy || chosenUnsaved} onClick={() => void run(async () => setRefusal(await signInAgain()))}>
            Sign in again
          </button>
          <button type="button" disabled={locked || !secretSet || busy} onClick={() => void run(() => saveSecret('clientSecret', ''))}>
            Remove client secret
          </button>
        </div>
        {chosen.service === 'sandbox' ? null : (
          <p className="hint" data-testid="sign-in-target">
            Signs in to {serviceName(chosen)}
            {chosenUnsaved ? ', chosen above: “Save and sign in” saves that choice too.' : '.'}
          </p>
        )}
      </form>
      <SaveStatus id="sign-in-status" status={notice ? { text: notice.text, tone: notice.error ? 'error' : 'ok' } : typed ? { text: 'Not saved yet.', tone: 'pending' } : null} />
      <AuthState auth={auth} />
      {refusal ? (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </fieldset>
  );
}
