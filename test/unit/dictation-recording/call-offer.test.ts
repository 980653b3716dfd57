import { describe, expect, it } from 'vitest';
import type { Recorder } from '../../../main/audio/recorder';
import { CallOffer } from '../../../main/dictation-recording/call-offer';
import { tempFolder } from '../../support/temp-folder';
import { testRecordingControl, testStore } from '../../support/store-fixture';

function offer() {
  let idle = true;
  let changes = 0;
  const callOffer = new CallOffer(
    () => idle,
    () => (changes += 1),
  );
  return { callOffer, setIdle: (value: boolean) => (idle = value), changes: () => changes };
}

describe('the offer to record a call', () => {
  it('appears once when another program starts using the microphone while the app is idle, and goes when that program lets it go', () => {
    const { callOffer, changes } = offer();
    expect(callOffer.showing()).toBe(false);
    callOffer.usersChanged(1);
    expect(callOffer.showing()).toBe(true);
    // A second stream of the same call (or another program joining) makes no second offer.
    callOffer.usersChanged(2);
    expect(changes()).toBe(1);
    callOffer.usersChanged(0);
    expect(callOffer.showing()).toBe(false);
    expect(changes()).toBe(2);
  });

  it('once answered, is not made again for the same call; the next call is offered again', () => {
    const { callOffer } = offer();
    callOffer.usersChanged(1);
    callOffer.answer();
    expect(callOffer.showing()).toBe(false);
    callOffer.usersChanged(2);
    callOffer.usersChanged(1);
    expect(callOffer.showing()).toBe(false);
    callOffer.usersChanged(0);
    callOffer.usersChanged(1);
    expect(callOffer.showing()).toBe(true);
  });

  it('is not made for a call that began while recording', () => {
    const { callOffer, setIdle } = offer();
    setIdle(false);
    callOffer.usersChanged(1);
    setIdle(true);
    expect(callOffer.showing()).toBe(false);
  });

  it('asks the recorder’s own status whether it is idle without going round in a circle', () => {
    const store = testStore(tempFolder());
    const recorder = {} as unknown as Recorder;
    const parts: { session?: ReturnType<typeof testRecordingControl> } = {};
    const callOffer = new CallOffer(
      () => parts.session!.status().state === 'idle',
      () => parts.session!.status(),
    );
    parts.session = testRecordingControl(store, recorder, { callOffer });
    callOffer.usersChanged(1);
    expect(parts.session.status().callOffer).toBe(true);
  });

  it('is in the recorder’s status while idle, and any recording answers it: it never starts one by itself', async () => {
    const { callOffer } = offer();
    const recorder = { start: async () => ({ device: 'Test microphone', callSound: null }), stop: async () => ({ durationMs: 1500, parts: 0, size: null }) } as unknown as Recorder;
    const store = testStore(tempFolder());
    const session = testRecordingControl(store, recorder, { callOffer });
    callOffer.usersChanged(1);
    expect(session.status().callOffer).toBe(true);
    expect(store.list()).toHaveLength(0);
    expect(session.dismissCallOffer().callOffer).toBe(false);
    callOffer.usersChanged(0);
    callOffer.usersChanged(1);
    const started = await session.start({ mode: 'consultation', label: '' });
    expect(started).toMatchObject({ state: 'recording', callOffer: false });
    await session.stop();
    expect(session.status().callOffer).toBe(false);
  });
});
