/**
 * On every screen while the administrator's policy file cannot be used: what is wrong, that
 * nothing is sent until it is mended or the user chooses the sandbox in Settings, and that the
 * sandbox's results are test data. Never a quiet fall-back to the sandbox.
 */
import { useNavigationStore } from '../app/navigation-store';
import { useSettingsStore } from '../app/stores';

export function PolicyProblemBanner() {
  const policy = useSettingsStore((state) => state.view?.policy ?? null);
  const screen = useNavigationStore((state) => state.screen);
  const show = useNavigationStore((state) => state.show);
  if (!policy?.error) return null;
  return (
    <div className="banner error policy-banner" role="alert" data-testid="policy-banner">
      <p>
        <strong>The administrator’s policy file cannot be used.</strong> {policy.error}
      </p>
      <p>
        {policy.sandboxChosen
          ? 'You chose the built-in sandbox meanwhile: every result is TEST DATA, never a real prescription.'
          : 'Nothing is sent until it is mended, or until you choose the built-in sandbox in Settings. Sandbox results are TEST DATA, never real prescriptions.'}
      </p>
      {screen !== 'settings' && !policy.sandboxChosen ? (
        <button type="button" onClick={() => show('settings')}>
          Show what to do
        </button>
      ) : null}
    </div>
  );
}
