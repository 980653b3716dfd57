/**
 * The one message, at the top of every screen, while the administrator's policy file cannot be
 * used: what is wrong, the safest settings that hold meanwhile (main lists them), that nothing is sent, and the
 * button that lets the doctor use the built-in sandbox (test data) until then. Said once per
 * screen, in the same words everywhere (Settings shows no second one). Never a quiet
 * fall-back to the sandbox.
 */
import { USE_SANDBOX_LABEL } from '../../contract/setting-choices';
import { valueOrReport, scribe } from '../bridge';
import { useSettingsStore } from '../app/stores';

export function PolicyProblemBanner() {
  const policy = useSettingsStore((state) => state.view?.policy ?? null);
  if (!policy?.error) return null;
  return (
    <div className="banner error policy-banner" role="alert" data-testid="policy-banner">
      <p>
        <strong>Your administrator’s policy file cannot be used.</strong> {policy.error}
      </p>
      <p id="policy-forced-title">Until it is mended, the safest settings apply:</p>
      <ul className="policy-forced" aria-labelledby="policy-forced-title" data-testid="policy-forced">
        {policy.forced.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {policy.sandboxChosen ? (
        <p>You chose the built-in sandbox until then: every result is TEST DATA, never a real prescription.</p>
      ) : (
        <div className="policy-choice">
          <p>Nothing is sent meanwhile. To try the app until then, use the built-in sandbox: its results are TEST DATA, never real prescriptions.</p>
          <button type="button" onClick={() => void valueOrReport(scribe.useSandboxDespitePolicy())}>
            {USE_SANDBOX_LABEL}
          </button>
        </div>
      )}
    </div>
  );
}
