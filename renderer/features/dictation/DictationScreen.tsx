import { useStatusStore } from '../../app/status-store';
import { useNavigationStore } from '../../app/navigation-store';
import { DictationDetailView } from './DictationDetailView';
import { DictationList } from './DictationList';
import { RecorderPanel } from './RecorderPanel';

export function DictationScreen() {
  const paused = useStatusStore((state) => state.status?.syncPaused ?? null);
  const show = useNavigationStore((state) => state.show);
  return (
    <div className="dictation-screen">
      <h1 className="visually-hidden">Dictation</h1>
      {paused === 'needs-token' ? (
        <div className="banner warning" role="alert" data-testid="needs-token">
          Sending is on hold: the service needs a new access token. Nothing waiting is lost.{' '}
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
