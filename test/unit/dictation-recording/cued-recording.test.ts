import { describe, expect, it } from 'vitest';
import { IDLE_RECORDER, type RecorderStatus } from '../../../contract/dictation';
import type { RecordCue } from '../../../contract/ipc';
import type { RecordingControl } from '../../../main/dictation-recording/recording-control';
import { cuedRecordingSwitch } from '../../../main/dictation-recording/cued-recording';

/** The part of a recording session the shortcut uses, noting what happens in which order. */
function fakeSession(startsAs: RecorderStatus['state'] = 'recording') {
  const events: string[] = [];
  let status: RecorderStatus = IDLE_RECORDER;
  const session = {
    status: () => status,
    start: async () => {
      events.push('start');
      status = { ...status, state: startsAs, dictationId: startsAs === 'idle' ? null : 'd1' };
      return status;
    },
    stop: async () => {
      events.push('stop');
      status = { ...status, state: 'idle', dictationId: null };
      return status;
    },
  } as unknown as RecordingControl;
  return { session, events, cue: (cue: RecordCue) => events.push(`cue ${cue}`) };
}

describe('cuedRecordingSwitch', () => {
  it('plays the start cue as the microphone opens; the stop cue once it is closed', async () => {
    const fake = fakeSession();
    const recorder = cuedRecordingSwitch(fake.session, () => true, fake.cue);
    expect(await recorder.start()).toBe('d1');
    await recorder.stop('d1');
    expect(fake.events).toEqual(['cue start', 'start', 'stop', 'cue stop']);
  });

  it('plays no cue with the setting off', async () => {
    const fake = fakeSession();
    const recorder = cuedRecordingSwitch(fake.session, () => false, fake.cue);
    await recorder.start();
    await recorder.stop(null);
    expect(fake.events).toEqual(['start', 'stop']);
  });

  it('closes with the stop cue at once when no recording began', async () => {
    const fake = fakeSession('idle');
    const recorder = cuedRecordingSwitch(fake.session, () => true, fake.cue);
    expect(await recorder.start()).toBeNull();
    expect(fake.events).toEqual(['cue start', 'start', 'cue stop']);
  });

  it('leaves alone a recording that is not the one it started, and one already stopped', async () => {
    const fake = fakeSession();
    const recorder = cuedRecordingSwitch(fake.session, () => true, fake.cue);
    await recorder.start();
    await recorder.stop('another');
    await recorder.stop('d1');
    await recorder.stop('d1');
    expect(fake.events.filter((event) => event.startsWith('stop') || event === 'cue stop')).toEqual(['stop', 'cue stop']);
  });
});
