import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Recorder } from '../../../main/audio/recorder';
import { cuedRecordingSwitch } from '../../../main/dictation-recording/cued-recording';
import { KEPT_MODE_FILE, keptModeFile } from '../../../main/dictation-recording/kept-mode';
import { tempFolder } from '../../support/temp-folder';
import { testRecordingControl, testStore } from '../../support/store-fixture';

/** The microphone is the recorder process's; here a stand-in that opens, or fails to, at once. `userData`: where the mode is kept. */
function session(opens = true, userData = tempFolder()) {
  const store = testStore(tempFolder());
  const recorder = {
    start: async () => {
      if (!opens) throw new Error('The microphone could not be opened.');
      return { device: 'Test microphone', callSound: null };
    },
    stop: async () => ({ durationMs: 1500, parts: 0 }),
  } as unknown as Recorder;
  const problems: string[] = [];
  const recording = testRecordingControl(store, recorder, { shortcut: () => 'CommandOrControl+Alt+R', keptMode: keptModeFile(userData, (problem) => problems.push(problem)) });
  return { store, recording, userData, problems };
}

describe("the next recording's label and mode", () => {
  it('are what the screen shows, whichever way the recording starts; the label is cleared for the next patient, the mode stays', async () => {
    const { store, recording } = session();
    recording.setDraft({ label: 'Priya Sharma, OPD 7 ', mode: 'consultation' });
    // The shortcut starts it as the button would.
    const id = await cuedRecordingSwitch(recording, () => false, () => undefined).start();
    expect(store.get(id!)).toMatchObject({ label: 'Priya Sharma, OPD 7', mode: 'consultation' });
    expect(recording.status()).toMatchObject({ state: 'recording', label: 'Priya Sharma, OPD 7', draft: { label: '', mode: 'consultation', cleared: 1 } });
    await recording.stop();

    // The next consultation by the shortcut, with nothing touched on the screen: still a consultation.
    const next = await cuedRecordingSwitch(recording, () => false, () => undefined).start();
    expect(store.get(next!)).toMatchObject({ label: '', mode: 'consultation' });
    await recording.stop();

    // The button says what it showed; the label is cleared again, and the mode is the one it recorded in.
    recording.setDraft({ label: 'typed', mode: 'consultation' });
    const started = await recording.start({ label: 'Bed 4', mode: 'dictation' });
    expect(store.get(started.dictationId!)).toMatchObject({ label: 'Bed 4', mode: 'dictation' });
    expect(recording.status().draft).toEqual({ label: '', mode: 'dictation', languages: null, cleared: 3 });
  });

  it('come back to the screen when the recording could not start', async () => {
    const { store, recording } = session(false);
    recording.setDraft({ label: 'Meena Iyer', mode: 'consultation' });
    const status = await recording.start();
    expect(status).toMatchObject({ state: 'idle', message: 'The microphone could not be opened.', draft: { label: 'Meena Iyer', mode: 'consultation' } });
    expect(store.list()).toHaveLength(0);
  });

  it('keeps the mode the doctor chose through a restart, never the label; a kept mode that cannot be read is Dictation', async () => {
    const first = session();
    expect(first.recording.status().draft.mode).toBe('dictation');
    first.recording.setDraft({ label: 'Bed 9', mode: 'consultation' });
    expect(JSON.parse(readFileSync(join(first.userData, KEPT_MODE_FILE), 'utf8'))).toEqual({ mode: 'consultation' });

    const restarted = session(true, first.userData);
    expect(restarted.recording.status().draft).toEqual({ label: '', mode: 'consultation', languages: null, cleared: 0 });
    const started = await restarted.recording.start();
    expect(restarted.store.get(started.dictationId!)?.mode).toBe('consultation');
    await restarted.recording.stop();
    restarted.recording.setDraft({ label: '', mode: 'dictation' });
    expect(session(true, first.userData).recording.status().draft.mode).toBe('dictation');

    writeFileSync(join(first.userData, KEPT_MODE_FILE), '{"mode":"teleconsultation"}');
    expect(session(true, first.userData).recording.status().draft.mode).toBe('dictation');
    writeFileSync(join(first.userData, KEPT_MODE_FILE), 'not json');
    expect(session(true, first.userData).recording.status().draft.mode).toBe('dictation');
    expect(first.problems).toEqual([]);
  });
});
