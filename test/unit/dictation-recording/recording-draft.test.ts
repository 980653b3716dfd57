import { describe, expect, it } from 'vitest';
import type { Recorder } from '../../../main/audio/recorder';
import { shortcutRecorder } from '../../../main/dictation-recording/cued-recording';
import { tempFolder } from '../../support/temp-folder';
import { testRecordingSession, testStore } from '../../support/store-fixture';

/** The microphone is the recorder process's; here a stand-in that opens, or fails to, at once. */
function session(opens = true) {
  const store = testStore(tempFolder());
  const recorder = {
    start: async () => {
      if (!opens) throw new Error('The microphone could not be opened.');
      return { device: 'Test microphone', callSound: null };
    },
    stop: async () => ({ durationMs: 1500, parts: 0 }),
  } as unknown as Recorder;
  const recording = testRecordingSession(store, recorder, { shortcut: () => 'CommandOrControl+Alt+R' });
  return { store, recording };
}

describe("the next recording's label and mode", () => {
  it('are what the screen shows, whichever way the recording starts, and are cleared for the next patient', async () => {
    const { store, recording } = session();
    recording.setDraft({ label: 'Priya Sharma, OPD 7 ', mode: 'consultation' });
    // The shortcut starts it as the button would.
    const id = await shortcutRecorder(recording, () => false, () => undefined).start();
    expect(store.get(id!)).toMatchObject({ label: 'Priya Sharma, OPD 7', mode: 'consultation' });
    expect(recording.status()).toMatchObject({ state: 'recording', label: 'Priya Sharma, OPD 7', draft: { label: '', mode: 'dictation', cleared: 1 } });
    await recording.stop();

    // The button says what it showed; the draft is cleared again.
    recording.setDraft({ label: 'typed', mode: 'consultation' });
    const started = await recording.start({ label: 'Bed 4', mode: 'dictation' });
    expect(store.get(started.dictationId!)).toMatchObject({ label: 'Bed 4', mode: 'dictation' });
    expect(recording.status().draft).toEqual({ label: '', mode: 'dictation', languages: null, cleared: 2 });
  });

  it('come back to the screen when the recording could not start', async () => {
    const { store, recording } = session(false);
    recording.setDraft({ label: 'Meena Iyer', mode: 'consultation' });
    const status = await recording.start();
    expect(status).toMatchObject({ state: 'idle', message: 'The microphone could not be opened.', draft: { label: 'Meena Iyer', mode: 'consultation' } });
    expect(store.list()).toHaveLength(0);
  });
});
