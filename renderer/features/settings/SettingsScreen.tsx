import { valueOrReport, scribe } from '../../bridge';
import { SecretsSection } from './SecretsSection';
import { SettingsForm } from './SettingsForm';
import { useSettingsStore } from '../../app/stores';
import { SignInSection } from './SignInSection';

export function SettingsScreen() {
  const view = useSettingsStore((state) => state.view);
  if (!view) return <section className="panel" aria-busy="true" />;
  return (
    <section className="panel settings">
      <h1>Settings</h1>
      {view.policy.error ? (
        <div className="banner error" role="alert" data-testid="policy-error">
          <p>{view.policy.error}</p>
          <p>
            Until it is mended, the safest settings apply: only the built-in sandbox can be chosen, each note must be marked reviewed before it leaves
            Scribe Desk, copied notes are taken off the clipboard after two minutes, and recording waits until a system keyring protects the recordings.
          </p>
          {view.policy.sandboxChosen ? (
            <p>You chose the built-in sandbox until then: every result is test data.</p>
          ) : (
            <>
              <p>Nothing is sent meanwhile. To try the app with test data until your administrator mends the file, choose the sandbox.</p>
              <button type="button" onClick={() => void valueOrReport(scribe.useSandboxDespitePolicy())}>
                Use the sandbox (test data) until then
              </button>
            </>
          )}
        </div>
      ) : view.locked.length > 0 ? (
        <div className="banner info" data-testid="policy-info">
          Some settings are managed by your administrator ({view.policy.path}).
        </div>
      ) : null}
      {view.dataProtection.problem ? (
        <div className="banner error" role="alert" data-testid="data-protection-problem">
          {view.dataProtection.problem}
        </div>
      ) : view.dataProtection.warning ? (
        <div className="banner warning" role="alert" data-testid="data-protection-warning">
          {view.dataProtection.warning}
        </div>
      ) : null}
      {view.secretProtection.warning ? (
        <div className="banner warning" role="alert" data-testid="secret-warning">
          {view.secretProtection.warning}
        </div>
      ) : null}
      <SettingsForm view={view} />
      <SignInSection />
      <SecretsSection persisted={view.secretProtection.persisted} />
    </section>
  );
}
