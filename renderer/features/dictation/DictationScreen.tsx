import { useStatusStore } from '../../app/status-store';
import { useNavigationStore } from '../../app/navigation-store';
import { DictationDetailView } from './DictationDetailView';
import { DictationList } from './DictationList';
import { RecorderPanel } from './RecorderPanel';

export function DictationScreen() {
  const paused = useStatusStore((state) => state.status?.syncPaused ?? null);
  const holdMessage = useStatusStore((state) => state.status?.holdMessage ?? null);
  const show = useNavigationStore((state) => state.show);
  return (
    <div className="dictation-screen">
      <h1 className="visually-hidden">Dictation</h1>
      {paused === 'needs-sign-in' ? (
        <div className="banner warning" role="alert" data-testid="needs-sign-in">
          Sending is on hold. {holdMessage ?? 'The app must be signed in again.'}{' '}
          <button type="button" onClick={() => show('settings')}>
            Open Settings
          </button>
        </div>
      ) : null}
      {paused === 'sync-off' ? (
        <div className="banner info" data-testid="sync-off">
          Automatic sending is off in Settings; dictations wait on this computer.
        </div>
      ) : null}
      <RecorderPanel />
      <div className="dictation-columns">
        <DictationList />
        <DictationDetailView />
      </div>
    </div>
  );
}
