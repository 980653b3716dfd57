/**
 * The Dictation screen: the recorder above the list of dictations and the one chosen, and why
 * sending is on hold.
 */
import { useEffect } from 'react';
import { useDictationStore, useStatusStore } from '../../app/stores';
import { useNavigationStore } from '../../app/navigation-store';
import { Contained } from '../../components/Contained';
import { DictationDetailView } from './DictationDetailView';
import { DictationList } from './DictationList';
import { RecorderPanel } from './RecorderPanel';

export function DictationScreen() {
  // Main is told which dictation the window shows while this screen is on view: the copy shortcut takes its note.
  const setOnScreen = useDictationStore((state) => state.setOnScreen);
  useEffect(() => {
    setOnScreen(true);
    return () => setOnScreen(false);
  }, [setOnScreen]);
  const paused = useStatusStore((state) => state.status?.syncPaused ?? null);
  const holdMessage = useStatusStore((state) => state.status?.holdMessage ?? null);
  const selectedId = useDictationStore((state) => state.selectedId);
  return (
    <div className="dictation-screen">
      <h1 className="visually-hidden">Dictation</h1>
      {paused === 'needs-sign-in' ? (
        <div className="banner warning" role="alert" data-testid="needs-sign-in">
          Sending is on hold. {holdMessage ?? 'The app must be signed in again.'}{' '}
          <button type="button" onClick={() => useNavigationStore.getState().showClinicSettings()}>
            Open Settings
          </button>
        </div>
      ) : null}
      {paused === 'sync-off' ? (
        <div className="banner info" data-testid="sync-off">
          Automatic sending is off in Settings; dictations wait on this computer.
        </div>
      ) : null}
      <Contained failure="The recorder could not be shown." advice="A recording under way goes on and is kept." retry>
        <RecorderPanel />
      </Contained>
      <div className="dictation-columns">
        <Contained failure="The list of dictations could not be shown." advice="Nothing is lost; the dictations are kept on this computer." retry>
          <DictationList />
        </Contained>
        <Contained failure="This dictation could not be shown." advice="Nothing is lost; choose it again or another one." resetKeys={[selectedId]}>
          <DictationDetailView />
        </Contained>
      </div>
    </div>
  );
}
