/**
 * The Settings screen: the form's draft held in one place, each part saying what it holds unsaved,
 * and leaving asked about.
 */
import { useEffect, useState } from 'react';
import { useNavigationStore } from '../../app/navigation-store';
import type { SettingsView } from '../../../contract/ipc';
import { ActivitySection } from './ActivitySection';
import { LeaveSettingsDialog } from './LeaveSettingsDialog';
import { SecretsSection } from './SecretsSection';
import { ClinicSettingsForm, SettingsForm } from './SettingsForm';
import { useSettingsStore } from '../../app/stores';
import { SETTING_NAMES } from './setting-names';
import { SignInSection } from './SignInSection';
import { useSettingsDraft } from './use-settings-draft';

export function SettingsScreen() {
  const view = useSettingsStore((state) => state.view);
  if (!view) return <section className="panel" aria-busy="true" />;
  return <SettingsPage view={view} />;
}

/**
 * The settings as one screen: the form's draft is held here, so that "Save and sign in" takes the
 * service the form shows chosen; every part says what it holds unsaved, and leaving asks.
 */
function SettingsPage({ view }: { view: SettingsView }) {
  const draft = useSettingsDraft(view.values);
  const setUnsaved = useSettingsStore((state) => state.setUnsaved);
  const unsavedNames = draft.changed.map((name) => SETTING_NAMES[name]).join('\n');
  useEffect(() => {
    setUnsaved('settings', unsavedNames === '' ? [] : unsavedNames.split('\n'));
    return () => setUnsaved('settings', []);
  }, [setUnsaved, unsavedNames]);
  const { service, customServiceUrl } = draft.draft;
  // Closed, unless the screen was opened to mend the sign-in.
  const [clinicOpen, setClinicOpen] = useState(() => useNavigationStore.getState().takeClinicSettingsAsked());
  const serviceChanged = service !== view.values.service || customServiceUrl !== view.values.customServiceUrl;
  return (
    <section className="panel settings">
      <h1>Settings</h1>
      {/* A policy file that cannot be used is said by the banner above every screen (PolicyProblemBanner), with its button. */}
      {!view.policy.error && view.locked.length > 0 ? (
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
      <SettingsForm view={view} form={draft} />
      <details className="it-section" data-testid="it-section" open={clinicOpen} onToggle={(event) => setClinicOpen(event.currentTarget.open)}>
        <summary>
          <span className="it-title">For your clinic’s IT</span>
          <span className="hint"> Service, sign-in, encryption, updates, what is kept and sent</span>
        </summary>
        {view.secretProtection.warning ? (
          <div className="banner warning" role="alert" data-testid="secret-warning">
            {view.secretProtection.warning}
          </div>
        ) : null}
        {view.policy.unusedNotices.length > 0 ? (
          <div className="banner warning" data-testid="policy-notices-unused">
            <p id="policy-notices-unused-title">Consent notices in the policy file that cannot be used (the built-in notice, where there is one, is read instead):</p>
            <ul aria-labelledby="policy-notices-unused-title">
              {view.policy.unusedNotices.map((why) => (
                <li key={why}>{why}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <ClinicSettingsForm view={view} form={draft} />
        <SignInSection chosen={{ service, customServiceUrl }} chosenUnsaved={serviceChanged} />
        <SecretsSection persisted={view.secretProtection.persisted} />
      </details>
      <ActivitySection />
      <LeaveSettingsDialog />
    </section>
  );
}
