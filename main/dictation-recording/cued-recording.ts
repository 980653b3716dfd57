/**
 * The recording as the global shortcut drives it, with a short cue sound on start and stop
 * when the setting asks. The page plays the cue on the system's speakers: the start cue at the
 * press, while the microphone opens, the stop cue once the recording is closed. A microphone
 * near the speakers may hear the start cue at the very beginning of the recording: the
 * recording is not silenced for it, since the sound path's delay cannot be known closely enough
 * (on the test machine the cue reached the recording 60-100 ms after the page said it ended),
 * and silencing a guess would cut the first words of a doctor who speaks at once.
 */
import type { RecordCue } from '../../contract/ipc';
import type { RecordingSwitch } from '../shortcuts/record-toggle-or-hold';
import type { RecordingControl } from './recording-control';

export function cuedRecordingSwitch(control: RecordingControl, cues: () => boolean, playCue: (cue: RecordCue) => void): RecordingSwitch {
  return {
    state: () => control.status().state,
    start: async () => {
      const cue = cues();
      if (cue) playCue('start');
      // The label and mode on the Dictation screen, as the button would take them.
      const status = await control.start(null);
      const recording = status.state === 'recording' || status.state === 'paused';
      // The start cue promised a recording: a closing cue says at once that none began.
      if (cue && !recording) playCue('stop');
      return recording ? status.dictationId : null;
    },
    stop: async (id) => {
      const before = control.status();
      if ((id !== null && before.dictationId !== id) || (before.state !== 'recording' && before.state !== 'paused')) return;
      await control.stop();
      if (cues()) playCue('stop');
    },
  };
}
