import { useEffect, useRef, type RefObject } from 'react';
import { DICTATION_MODES, type RecorderState, type RecorderStatus } from '../../../contract/dictation';
import { ConfirmButton } from '../../components/ConfirmButton';
import { LevelMeter } from '../../components/LevelMeter';
import { PatientLabelField } from '../../components/PatientLabelField';
import { shortcutText } from '../../components/shortcut-keys';
import { useDictationStore, usePatientsStore, useRecordQuestionStore, useSettingsStore } from '../../app/stores';
import { visitPatient } from '../patients/patients-store';
import { formatDuration } from './format';
import { LiveWords } from './LiveWords';
import { pressRecord } from './record-start';
import { RecordingLanguagesField } from './RecordingLanguagesField';
import { CallSoundChoice, CallSoundMeter } from './CallSound';
import { CallOfferBanner } from './CallOfferBanner';

const MODE_LABELS = { dictation: 'Dictation (doctor alone)', consultation: 'Consultation (doctor and patient)' } as const;

const HEADLINES: Record<RecorderState, string> = {
  starting: 'Starting microphone… wait before speaking',
  recording: 'Recording — speak now',
  paused: 'Paused',
  halted: 'Stopped: nothing more is recorded or sent',
  stopping: 'Saving…',
  idle: 'Ready to record',
};

/** The keyboard follows the recording: after Record it is on Stop; after Stop, on the dictation just made (its result comes there). Returns the Stop button's ref. */
function useFocusFollowsRecording(state: RecorderState) {
  const stopButton = useRef<HTMLButtonElement>(null);
  const before = useRef<RecorderState>(state);
  useEffect(() => {
    const previous = before.current;
    before.current = state;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (state === 'recording' && previous === 'starting' && (lost || document.activeElement?.closest('.recorder'))) stopButton.current?.focus();
    if (state === 'idle' && previous !== 'idle' && previous !== 'starting' && lost) document.querySelector<HTMLElement>('.dictation-detail')?.focus();
  }, [state]);
  return stopButton;
}

/**
 * "Patient withdraws consent" stopped the consultation at the press: its capture and everything
 * it sends. Only now is the doctor asked whether to destroy it, or go on if the patient agrees after all.
 */
function WithdrawalQuestion({ dictationId }: { dictationId: string }) {
  const { withdrawConsent, resumeConsultation } = useDictationStore.getState();
  const question = 'The patient withdraws consent: destroy this consultation’s recording?';
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span className="confirm-question">{question}</span>
      <button type="button" className="danger" onClick={() => void withdrawConsent(dictationId)}>
        Destroy the recording
      </button>
      <button type="button" onClick={() => void resumeConsultation(dictationId)}>
        Go on: the patient agrees
      </button>
    </span>
  );
}

/** Record when idle; Pause or Resume, Stop and Discard while recording (a consultation's Discard is the patient withdrawing consent). */
function RecorderButtons({ state, consultation, stopButton }: { state: RecorderState; consultation: boolean; stopButton: RefObject<HTMLButtonElement | null> }) {
  const { pause, resume, stop, discard, haltConsultation } = useDictationStore.getState();
  const dictationId = useDictationStore((store) => store.recorder.dictationId);
  if (state === 'halted' && dictationId) return <WithdrawalQuestion dictationId={dictationId} />;
  return (
    <div className="recorder-actions">
      {state === 'idle' ? (
        <button type="button" className="primary record" onClick={() => void pressRecord()}>
          <span aria-hidden="true">● </span>Record
        </button>
      ) : null}
      {state === 'recording' ? (
        <button type="button" onClick={() => void pause()}>
          Pause
        </button>
      ) : null}
      {state === 'paused' ? (
        <button type="button" onClick={() => void resume()}>
          Resume
        </button>
      ) : null}
      {state === 'recording' || state === 'paused' ? (
        <>
          <button ref={stopButton} type="button" className="primary" onClick={() => void stop()}>
            <span aria-hidden="true">■ </span>Stop
          </button>
          {consultation ? (
            // Stops at the press, before any question: the question comes with the recorder halted.
            <button type="button" className="danger-outline" onClick={() => dictationId && void haltConsultation(dictationId)}>
              Patient withdraws consent
            </button>
          ) : (
            <ConfirmButton label="Discard" question="Throw this recording away?" confirmLabel="Discard recording" onConfirm={() => void discard()} />
          )}
        </>
      ) : null}
    </div>
  );
}

/** The microphone's level and the time recorded so far. */
function LevelAndTime({ recorder }: { recorder: RecorderStatus }) {
  return (
    <>
      <LevelMeter level={recorder.level} label="Microphone level" testId="level-meter" />
      <div className="elapsed" data-testid="elapsed" aria-label="Elapsed time">
        {formatDuration(recorder.elapsedMs)}
      </div>
    </>
  );
}

/** The record shortcut, and what pressing it does. */
function ShortcutHint({ shortcut }: { shortcut: string }) {
  // Hold mode where the desktop allows it; elsewhere the shortcut toggles (Settings says why).
  const holds = useSettingsStore((state) => state.view?.values.recordShortcutMode === 'hold' && state.view.shortcutAccess.holdToRecord === null);
  // A shortcut the administrator fixed says so here as in Settings.
  const shortcutLocked = useSettingsStore((state) => state.view?.locked.includes('recordShortcut') ?? false);
  return (
    <span className="hint">
      Shortcut: <kbd>{shortcutText(shortcut)}</kbd> {holds ? 'records while held, even from another program.' : 'starts and stops recording, even from another program.'}
      {shortcutLocked ? (
        <>
          {' '}
          <span className="lock-note">Managed by your administrator</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * What Record will ask first (which patient, the patient's consent), when it asks anything: the
 * patient it records for is the one the patient bar above shows. For a consultation where the
 * clinic keeps consent in its own register, the reminder.
 */
function RecordsFor({ recorder, mode }: { recorder: RecorderStatus; mode: RecorderStatus['mode'] }) {
  const view = usePatientsStore((state) => state.view);
  const clinicKeepsConsent = useRecordQuestionStore((state) => state.notices?.mode === 'clinicRecordsIt');
  const outcome = useRecordQuestionStore((state) => state.outcome);
  useEffect(() => {
    if (mode === 'consultation') void useRecordQuestionStore.getState().loadNotices();
  }, [mode]);
  const busy = recorder.state !== 'idle';
  const chosen = visitPatient(view);
  // An ended visit is said by the patient bar; here only what a person chose to see (no patient, a consultation).
  const asksPatient = !chosen;
  const asksConsent = mode === 'consultation' && !clinicKeepsConsent;
  const line = busy ? null : asksPatient ? `Record asks which patient first${asksConsent ? ', and the patient’s consent' : ''}.` : asksConsent ? 'Record asks the patient’s consent first.' : null;
  return (
    <>
      {line ? (
        <p className="records-for" data-testid="records-for">
          {line}
        </p>
      ) : null}
      {!busy && mode === 'consultation' && clinicKeepsConsent ? (
        <p className="consent-reminder" data-testid="consent-reminder">
          Your clinic keeps consent in its own register: record only once this patient has agreed.
        </p>
      ) : null}
      {!busy && outcome ? (
        <p className="notice" role="status" data-testid="record-outcome">
          {outcome}
        </p>
      ) : null}
    </>
  );
}

/** Idle, one row: the next recording's mode, language (with transcription sessions) and label, and Record. While recording: what is happening, the level, the time, the controls. */
export function RecorderPanel() {
  const recorder = useDictationStore((state) => state.recorder);
  const mode = useDictationStore((state) => state.mode);
  const label = useDictationStore((state) => state.label);
  const { setMode, setLabel } = useDictationStore.getState();
  const { state } = recorder;
  const busy = state !== 'idle';
  const stopButton = useFocusFollowsRecording(state);

  return (
    <section className={`recorder state-${state}`} aria-label="Recorder">
      <CallOfferBanner />
      <div className="recorder-row">
        <div className="field">
          <label htmlFor="recording-mode">Mode</label>
          <select id="recording-mode" value={busy ? recorder.mode : mode} disabled={busy} onChange={(event) => setMode(event.target.value as typeof mode)}>
            {DICTATION_MODES.map((value) => (
              <option key={value} value={value}>
                {MODE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <CallSoundChoice />
        {busy ? null : <RecordingLanguagesField />}
        <PatientLabelField id="recording-label" grow value={busy ? recorder.label : label} disabled={busy} onChange={setLabel} />
        <RecorderButtons state={state} consultation={recorder.mode === 'consultation'} stopButton={stopButton} />
      </div>
      <RecordsFor recorder={recorder} mode={busy ? recorder.mode : mode} />

      <div className="recorder-live">
        <div className="recorder-headline" role="status" data-testid="recorder-state">
          <span className={`rec-dot ${state === 'recording' ? 'on' : ''}`} aria-hidden="true" />
          {HEADLINES[state]}
        </div>
        {busy ? <LevelAndTime recorder={recorder} /> : recorder.shortcut ? <ShortcutHint shortcut={recorder.shortcut} /> : null}
        <CallSoundMeter />
      </div>
      {recorder.message ? (
        <p className="banner warning" role="alert" data-testid="recorder-message">
          {recorder.message}
        </p>
      ) : null}
      <LiveWords />
    </section>
  );
}
