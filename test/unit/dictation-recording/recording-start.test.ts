import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Recorder, RecorderEvents } from '../../../main/audio/recorder';
import type { RecorderStatus } from '../../../contract/dictation';
import { systemClock } from '../../../main/core/clock';
import { tempFolder } from '../../support/temp-folder';
import { testRecordingControl, testStore } from '../../support/store-fixture';

/**
 * The microphone is the recorder process's; here a stand-in whose start answers when the test
 * says. The manifest is written in a task after the start is sent (so that the recorder process
 * gets it at once): what happens in that moment is what these tests hold.
 */
function session() {
  const folder = tempFolder();
  const store = testStore(folder);
  let events: RecorderEvents | null = null;
  let answer: (started: { device: string; callSound: null }) => void = () => undefined;
  const starts: number[] = [];
  const recorder = {
    start: () => {
      starts.push(starts.length);
      return new Promise((resolve) => (answer = resolve));
    },
    stop: async () => ({ durationMs: 0, parts: 0, size: null }),
  } as unknown as Recorder;
  const statuses: RecorderStatus[] = [];
  // The task after the start is sent begins when the test says.
  let nextTask: () => void = () => undefined;
  const clock = { ...systemClock, sleep: () => new Promise<void>((resolve) => (nextTask = resolve)) };
  const recording = testRecordingControl(store, recorder, {
    clock,
    createRecorder: (given) => {
      events = given;
      return recorder;
    },
    onStatus: (status) => statuses.push(status),
  });
  return { folder, store, recording, starts, statuses, events: () => events!, answer: () => answer({ device: 'Test microphone', callSound: null }), nextTask: () => nextTask() };
}

describe('a recording as it starts', () => {
  it('says "starting" as the start is sent, and a second press meanwhile starts nothing', async () => {
    const { store, recording, starts, statuses, answer, nextTask } = session();
    const first = recording.start();
    await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ state: 'starting' }));
    const second = await recording.start();
    expect(second.message).toBe('A recording is already in progress. Stop it before starting another.');
    expect(starts).toHaveLength(1);
    expect(store.list()).toHaveLength(0);
    nextTask();
    answer();
    const status = await first;
    expect(status.state).toBe('recording');
    expect(store.list().map((item) => item.id)).toEqual([status.dictationId]);
  });

  it('a microphone lost before the manifest is written keeps nothing of that recording, and says why', async () => {
    const { folder, store, recording, statuses, events, nextTask } = session();
    const started = recording.start();
    await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ state: 'starting' }));
    const id = statuses.at(-1)!.dictationId!;
    expect(existsSync(join(folder, 'dictations', id))).toBe(true);
    events().onInterrupted({ durationMs: 0, parts: null, message: 'The microphone was disconnected.', size: null });
    nextTask();
    const status = await started;
    expect(status).toMatchObject({ state: 'idle', dictationId: null, message: 'The microphone was disconnected.' });
    expect(store.list()).toHaveLength(0);
    expect(readdirSync(join(folder, 'dictations'))).toEqual([]);
  });
});
