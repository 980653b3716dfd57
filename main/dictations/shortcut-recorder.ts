/**
 * The recording as the global shortcut drives it, with a short cue sound on start and stop
 * when the setting asks. The page plays the cue on the system's speakers, where a microphone
 * nearby may hear it: the start cue is played at the press, while the microphone opens, and
 * the recording (and "speak now") begins once the cue has died away; the stop cue is played
 * only once the recording is closed. So neither cue is ever in a recording.
 */
import type { RecordCue } from '../../contract/ipc';
import type { ShortcutRecorder } from '../shortcuts/shortcut-recording';
import type { RecordingSession } from './recording-session';

/**
 * From the press until the start cue has surely died away, should the page not say when it
 * ends (it does, within milliseconds: `recordCueEnds`, usually about 100 ms after the press).
 */
export const START_CUE_SILENCE_MS = 600;

export function shortcutRecorder(session: RecordingSession, cues: () => boolean, playCue: (cue: RecordCue) => void): ShortcutRecorder {
  return {
    state: () => session.status().state,
    start: async () => {
      const cue = cues();
      if (cue) playCue('start');
      // The label and mode on the Dictation screen, as the button would take them.
      const status = await session.start(null, cue ? Date.now() + START_CUE_SILENCE_MS : 0);
      const recording = status.state === 'recording' || status.state === 'paused';
      // The start cue promised a recording: a closing cue says at once that none began.
      if (cue && !recording) playCue('stop');
      return recording ? status.dictationId : null;
    },
    stop: async (id) => {
      const before = session.status();
      if ((id !== null && before.dictationId !== id) || (before.state !== 'recording' && before.state !== 'paused')) return;
      await session.stop();
      if (cues()) playCue('stop');
    },
  };
}
