import { useEffect } from 'react';
import { appError } from '../../contract/result';
import { NavBar } from '../components/NavBar';
import { StatusBar } from '../components/StatusBar';
import { UpdateBanner } from '../components/UpdateBanner';
import { DictationScreen } from '../features/dictation/DictationScreen';
import { RecordsScreen } from '../features/records/RecordsScreen';
import { RegistrationScreen } from '../features/registration/RegistrationScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { useDictationStore } from '../features/dictation/dictation-store';
import { useRecordsStore } from '../features/records/records-store';
import { useSettingsStore } from '../features/settings/settings-store';
import { SCREENS, useNavigationStore, type ScreenId } from './navigation-store';
import { useProblemStore } from './problem-store';
import { useStatusStore } from './status-store';
import { useUpdateStore } from './update-store';

const SCREEN_COMPONENTS: Record<ScreenId, () => React.JSX.Element> = {
  dictation: DictationScreen,
  records: RecordsScreen,
  registration: RegistrationScreen,
  settings: SettingsScreen,
};

export function App() {
  const screen = useNavigationStore((state) => state.screen);
  const show = useNavigationStore((state) => state.show);
  const followStatus = useStatusStore((state) => state.follow);
  const followSettings = useSettingsStore((state) => state.follow);

  useEffect(() => followStatus(), [followStatus]);
  useEffect(() => followSettings(), [followSettings]);
  const followDictations = useDictationStore((state) => state.follow);
  useEffect(() => followDictations(), [followDictations]);
  const followRecords = useRecordsStore((state) => state.follow);
  useEffect(() => followRecords(), [followRecords]);
  const followUpdates = useUpdateStore((state) => state.follow);
  useEffect(() => followUpdates(), [followUpdates]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const target = SCREENS.find((item) => item.shortcut === event.key);
      if (target) {
        event.preventDefault();
        show(target.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  const problem = useProblemStore((state) => state.problem);
  const dismissProblem = useProblemStore((state) => state.dismiss);
  useEffect(() => {
    // Calls to main answer with Results; a rejection left over is a fault in the page itself.
    const onRejection = () =>
      useProblemStore.getState().report(appError('unexpected', 'Something went wrong on this screen. Nothing saved is lost; if it happens again, restart the app.'));
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);

  const Screen = SCREEN_COMPONENTS[screen];
  const title = SCREENS.find((item) => item.id === screen)?.label ?? '';
  return (
    <div className="app">
      <NavBar />
      <main className="screen" aria-label={title}>
        <UpdateBanner />
        {problem ? (
          <div className="banner error app-failure" role="alert">
            <span>{problem.message}</span>
            <button type="button" onClick={dismissProblem}>
              Dismiss
            </button>
          </div>
        ) : null}
        <Screen />
      </main>
      <StatusBar />
    </div>
  );
}
