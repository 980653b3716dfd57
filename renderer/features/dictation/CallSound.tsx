/**
 * The call's sound on the Dictation screen: "Include the call's sound" beside the mode (in
 * Consultation, remembered as a setting), and while such a recording runs, the call's own
 * level meter beside the microphone's, or why the call's sound is missing.
 */
import { LevelMeter } from '../../components/LevelMeter';
import { useDictationStore, useSettingsStore } from '../../app/stores';

const INCLUDE_LABEL = 'Include the call’s sound';

/** The choice, shown with the Consultation mode while idle. */
export function CallSoundChoice() {
  const shown = useDictationStore((state) => state.recorder.state === 'idle' && state.mode === 'consultation');
  const notAvailable = useDictationStore((state) => state.recorder.callSoundNotAvailable);
  const included = useSettingsStore((state) => state.view?.values.includeCallSound ?? false);
  const loaded = useSettingsStore((state) => state.view !== null);
  const locked = useSettingsStore((state) => state.view?.locked.includes('includeCallSound') ?? false);
  if (!shown) return null;
  return (
    <div className="field checkbox call-sound-choice">
      <label>
        <input
          type="checkbox"
          checked={included && notAvailable === null}
          disabled={!loaded || locked || notAvailable !== null}
          aria-describedby={notAvailable || locked ? 'call-sound-note' : undefined}
          onChange={(event) => void useSettingsStore.getState().save({ includeCallSound: event.target.checked })}
        />{' '}
        {INCLUDE_LABEL}
      </label>
      {notAvailable || locked ? (
        <span id="call-sound-note" className="hint">
          {notAvailable ?? 'Managed by your administrator'}
        </span>
      ) : null}
    </div>
  );
}

/** While recording with the call's sound asked for: its meter, or why it is missing. */
export function CallSoundMeter() {
  const callSound = useDictationStore((state) => (state.recorder.state === 'idle' ? null : state.recorder.callSound));
  if (!callSound) return null;
  if (callSound.state === 'missing') {
    return (
      <p className="banner warning call-sound-missing" role="alert" data-testid="call-sound-missing">
        {callSound.message}
      </p>
    );
  }
  return (
    <>
      <span className="call-sound-label" aria-hidden="true">
        Call
      </span>
      <LevelMeter level={callSound.level} label="Call sound level" testId="call-sound-meter" />
    </>
  );
}
