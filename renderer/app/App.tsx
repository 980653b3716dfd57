/**
 * The page's frame: the navigation, banners, the screen on view and the status bar; every store
 * following main while the window is open, the screens' keyboard shortcuts, and the page's own
 * copies of patient data routed to main.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { appError } from '../../contract/result';
import { scribe } from '../bridge';
import { Contained } from '../components/Contained';
import { NavBar } from '../components/NavBar';
import { PolicyProblemBanner } from '../components/PolicyProblemBanner';
import { SandboxNotice } from '../components/SandboxNotice';
import { StatusBar } from '../components/StatusBar';
import { UpdateBanner } from '../components/UpdateBanner';
import { useDictationStore, useDocumentsStore, useLabReportsStore, usePatientsStore, useRecordQuestionStore, useRegistrationStore, useSettingsStore, useStatusStore, useUpdateStore } from './stores';
import { RecordDialog } from '../features/dictation/RecordDialog';
import { HealthRecordQuestionDialog } from '../features/health-record/HealthRecordQuestionDialog';
import { VisitBar } from '../features/patients/VisitBar';
import { followLater } from './follow-later';
import { followVisit } from './follow-visit';
import { followRecordCues, prepareCues } from '../features/dictation/record-cue';
import { pageClock } from './clock';
import { SCREENS, useNavigationStore, type ScreenId } from './navigation-store';
import { useProblemStore } from './problem-store';
import { PATIENT_DATA, followNativeCopies } from './native-copy';
import { SCREEN_COMPONENTS, loadOtherScreensWhenIdle } from './screens';

/** Every store follows what main holds for as long as the window is open (what the first screen does not show, from a moment later); the record cues are ready when the shortcut has them. */
function useFollowMain() {
  const followStatus = useStatusStore((state) => state.follow);
  const followSettings = useSettingsStore((state) => state.follow);
  useEffect(() => followStatus(), [followStatus]);
  useEffect(() => followSettings(), [followSettings]);
  const followDictations = useDictationStore((state) => state.follow);
  useEffect(() => followDictations(), [followDictations]);
  useEffect(() => followRecordCues(), []);
  const cuesWanted = useSettingsStore((state) => Boolean(state.view?.values.recordCues && state.view.values.recordShortcut !== ''));
  useEffect(() => prepareCues(cuesWanted), [cuesWanted]);
  const followLabReports = useLabReportsStore((state) => state.follow);
  useEffect(() => followLater(followLabReports), [followLabReports]);
  const followPatients = usePatientsStore((state) => state.follow);
  useEffect(() => followPatients(), [followPatients]);
  const followUpdates = useUpdateStore((state) => state.follow);
  useEffect(() => followLater(followUpdates), [followUpdates]);
  useEffect(() => followVisit(), []);
  // The record shortcut pressed while the recording needs an answer (which patient, consent): main brought the window forward.
  useEffect(() => scribe.on.recordAsked((question) => useRecordQuestionStore.getState().ask(question)), []);
  // What the copy shortcut did to the clipboard: no screen goes on saying "Copied" of a copy its refusal took off.
  useEffect(
    () =>
      scribe.on.shortcutCopied((outcome) => {
        for (const store of [useDictationStore, useLabReportsStore, useDocumentsStore, useRegistrationStore]) store.getState().shortcutCopied(outcome);
      }),
    [],
  );
}

/** The page's own copy, cut and drag of patient data: routed to main's copy path, or refused (native-copy.ts). */
function useNativeCopyRules() {
  useEffect(
    () =>
      followNativeCopies({
        copyNote: (id, original) => void useDictationStore.getState().copyNote(id, original),
        copyTranscript: (id) => void useDictationStore.getState().copyChapterOrTranscript(id, 'transcript', 'Transcript'),
        copyLabResult: (id) => void useLabReportsStore.getState().copyValues(id),
        refused: (message) => useProblemStore.getState().report(appError('refused', message)),
      }),
    [],
  );
}

/** Ctrl (Cmd) with a screen's key shows that screen; a new screen takes the focus to its heading. */
function useScreenKeyboard(screen: ScreenId) {
  const show = useNavigationStore((state) => state.show);
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

  // A new screen takes the focus to its heading, so that a keyboard or screen reader user starts there (not at the first start-up).
  const shownBefore = useRef<ScreenId | null>(null);
  useEffect(() => {
    const previous = shownBefore.current;
    shownBefore.current = screen;
    if (previous === null || previous === screen) return;
    // A screen whose code is still loading draws its heading a moment later.
    let frame = 0;
    const until = pageClock.now() + 3_000;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main.screen h1');
      if (!heading) {
        if (pageClock.now() < until) frame = requestAnimationFrame(focusHeading);
        return;
      }
      heading.tabIndex = -1;
      heading.focus();
    };
    focusHeading();
    return () => cancelAnimationFrame(frame);
  }, [screen]);
  useEffect(() => loadOtherScreensWhenIdle(useDictationStore.getState().recorderHeard()), []);
}

/** What went wrong on the page itself, and that main reloaded the window, each in a banner until dismissed. */
function PageProblems() {
  const problem = useProblemStore((state) => state.problem);
  const dismissProblem = useProblemStore((state) => state.dismiss);
  useEffect(() => {
    // Calls to main answer with Results; a rejection left over is a fault in the page itself.
    const onRejection = () =>
      useProblemStore.getState().report(appError('unexpected', 'Something went wrong on this screen. Nothing saved is lost; if it happens again, restart the app.'));
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);

  // Main reloads the window after the page's process died; say so once, when it is back.
  const [reloaded, setReloaded] = useState(false);
  useEffect(() => {
    void scribe.takeReloadNotice().then((result) => {
      if (result.ok && result.value) setReloaded(true);
    });
  }, []);

  return (
    <>
      {reloaded ? (
        <div className="banner info app-failure" role="status" data-testid="reload-notice">
          <span>The window was reloaded after a problem; nothing was lost.</span>
          <button type="button" onClick={() => setReloaded(false)}>
            Dismiss
          </button>
        </div>
      ) : null}
      {problem ? (
        <div className="banner error app-failure" role="alert">
          <span>{problem.message}</span>
          <button type="button" onClick={dismissProblem}>
            Dismiss
          </button>
        </div>
      ) : null}
    </>
  );
}

export function App() {
  const screen = useNavigationStore((state) => state.screen);
  useFollowMain();
  useScreenKeyboard(screen);
  useNativeCopyRules();

  const Screen = SCREEN_COMPONENTS[screen];
  const title = SCREENS.find((item) => item.id === screen)?.label ?? '';
  return (
    <div className="app">
      <NavBar />
      <SandboxNotice />
      <main className="screen" aria-label={title}>
        <PolicyProblemBanner />
        <UpdateBanner />
        <PageProblems />
        <VisitBar />
        <Contained
          key={screen}
          failure="This screen could not be shown."
          advice="Nothing is lost: everything is kept on this computer. Try again, or choose another screen."
          retry
        >
          {/* Every screen but Settings shows patient data: the page's own copy of it is refused or routed (native-copy.ts). */}
          <div className="screen-body" {...{ [PATIENT_DATA]: screen === 'settings' ? undefined : `screen:${screen}` }}>
            <Suspense fallback={<p role="status">Loading {title}…</p>}>
              <Screen />
            </Suspense>
          </div>
        </Contained>
      </main>
      <StatusBar />
      <RecordDialog />
      <HealthRecordQuestionDialog />
    </div>
  );
}
