/**
 * Leaving Settings with changes not saved asks first: what is not saved, and whether to stay
 * (the default, and Esc) or leave without saving. Every part of the screen that has its own
 * Save button (the settings, the sign-in, each secret) counts; the question is asked however
 * the doctor leaves (the menu, its keyboard shortcuts, a button on another banner).
 */
import { useEffect } from 'react';
import { ModalDialog } from '../../components/ModalDialog';
import { SCREENS, useNavigationStore } from '../../app/navigation-store';
import { useSettingsStore } from '../../app/stores';
import type { SettingsGroup } from './settings-store';

/** Each group as the question names it, with the button that saves it. */
const UNSAVED_WORDS: Record<SettingsGroup, (names: string[]) => string> = {
  settings: (names) => `${names.length === 1 ? names[0] : `${names.length} settings (${names.join(', ')})`}: saved with “Save settings”`,
  signIn: () => 'The client id and secret: saved with “Save and sign in”',
  accessToken: () => 'The access token: saved with its Save button',
  jweClientKey: () => 'The encryption client key: saved with its Save button',
};

/** What is not saved, one line per group, in the screen's order. */
export function unsavedLines(unsaved: Partial<Record<SettingsGroup, string[]>>): string[] {
  return (Object.keys(UNSAVED_WORDS) as SettingsGroup[]).flatMap((group) => {
    const names = unsaved[group];
    return names && names.length > 0 ? [UNSAVED_WORDS[group](names)] : [];
  });
}

export function LeaveSettingsDialog() {
  const unsaved = useSettingsStore((state) => state.unsaved);
  const leaving = useNavigationStore((state) => state.leaving);
  const { setLeaveCheck, leave, stay } = useNavigationStore.getState();
  const lines = unsavedLines(unsaved);

  // The navigation asks this screen before it leaves; the answer is read when asked, never kept stale.
  useEffect(() => {
    setLeaveCheck(() => unsavedLines(useSettingsStore.getState().unsaved).length > 0);
    return () => setLeaveCheck(null);
  }, [setLeaveCheck]);

  const target = SCREENS.find((screen) => screen.id === leaving)?.label ?? '';
  return (
    <ModalDialog open={leaving !== null} className="leave-dialog" labelledBy="leave-settings-title" testId="leave-settings" onClose={stay}>
      <h2 id="leave-settings-title">Leave Settings without saving?</h2>
      <p>These changes are not saved yet:</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="actions">
        {/* The first button: the one a modal dialog focuses when it opens, and the safe answer. */}
        <button type="button" className="primary" onClick={stay}>
          Stay in Settings
        </button>
        <button type="button" className="danger-outline" onClick={leave}>
          Leave without saving{target ? ` (go to ${target})` : ''}
        </button>
      </div>
    </ModalDialog>
  );
}
