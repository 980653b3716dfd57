import { describe, expect, it } from 'vitest';
import type { CallSoundReport } from '../../../main/audio/call-sound-input';
import type { Recorder, RecorderEvents } from '../../../main/audio/recorder';
import { tempFolder } from '../../support/temp-folder';
import { testRecordingControl, testStore } from '../../support/store-fixture';

/** The recorder process's stand-in: answers Record with what it made of the call's sound, and lets the test send its events. */
function session(report: CallSoundReport | null, includeCallSound = true) {
  const asked: boolean[] = [];
  let events: RecorderEvents | null = null;
  const recorder = {
    start: async (_target: unknown, _mp3: unknown, _device: unknown, callSound: boolean) => {
      asked.push(callSound);
      return { device: 'Test microphone', callSound: callSound ? report : null };
    },
    stop: async () => ({ durationMs: 1500, parts: 0, size: null }),
  } as unknown as Recorder;
  const recording = testRecordingControl(testStore(tempFolder()), recorder, {
    includeCallSound: () => includeCallSound,
    createRecorder: (given) => {
      events = given;
      return recorder;
    },
  });
  return { recording, asked, events: () => events! };
}

describe('the call’s sound in the recorder’s status', () => {
  it('is asked for in Consultation with the choice on, shown with its own level beside the microphone’s, and gone after Stop', async () => {
    const { recording, asked, events } = session({ state: 'on', message: null });
    expect((await recording.start({ mode: 'consultation', label: '' })).callSound).toEqual({ state: 'on', message: null, level: 0 });
    events().onLevel(0.5, 256, 0.7);
    expect(recording.status()).toMatchObject({ level: 0.5, callSound: { state: 'on', level: 0.7 } });
    await recording.stop();
    expect(recording.status().callSound).toBeNull();
    // Dictation is the doctor alone: never the call's sound.
    await recording.start({ mode: 'dictation', label: '' });
    expect(recording.status().callSound).toBeNull();
    expect(asked).toEqual([true, false]);
  });

  it('says at Record, with "speak now", why it is missing; the microphone records all the same', async () => {
    const message = 'The call’s sound is not recorded: this computer has no sound output device. Only the microphone is recorded.';
    const { recording } = session({ state: 'missing', message });
    expect(await recording.start({ mode: 'consultation', label: '' })).toMatchObject({ state: 'recording', callSound: { state: 'missing', message } });
  });

  it('says when it stops while recording', async () => {
    const { recording, events } = session({ state: 'on', message: null });
    await recording.start({ mode: 'consultation', label: '' });
    events().onCallSound?.({ state: 'missing', message: 'The call’s sound stopped (the sound output was changed or removed). The microphone is still recorded.' });
    expect(recording.status()).toMatchObject({ state: 'recording', callSound: { state: 'missing', level: 0 } });
  });

  it('is not asked for with the choice off', async () => {
    const { recording, asked } = session({ state: 'on', message: null }, false);
    await recording.start({ mode: 'consultation', label: '' });
    expect(asked).toEqual([false]);
    expect(recording.status().callSound).toBeNull();
  });
});
