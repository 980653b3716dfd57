import { describe, expect, it } from 'vitest';
import { failed, ok } from '../../../contract/result';
import { createTranscriptionChoicesStore } from '../../../renderer/features/settings/transcription-choices-store';
import { storeOnFakeBridge } from '../../support/fake-bridge';
import { OFFLINE, choices } from '../../support/renderer-fixtures';

const setup = () => storeOnFakeBridge(createTranscriptionChoicesStore);

describe('transcription choices store', () => {
  it('the newest answer wins: an older ask answering last is dropped', async () => {
    const { fake, store } = setup();
    const asks = fake.hold('getTranscriptionChoices');
    const older = store.getState().load();
    const newer = store.getState().load();
    asks.answer(ok(choices(['new'])), 1);
    await newer;
    asks.answer(ok(choices(['old'])));
    await older;
    expect(store.getState().choices?.models.map((model) => model.id)).toEqual(['new']);
  });

  it('an older ask answered first is not shown while a newer one is under way', async () => {
    const { fake, store } = setup();
    const asks = fake.hold('getTranscriptionChoices');
    const older = store.getState().load();
    const newer = store.getState().load();
    asks.answer(ok(choices(['old'])));
    await older;
    expect(store.getState().choices).toBeNull();
    asks.answer(ok(choices(['new'])));
    await newer;
    expect(store.getState().choices?.models.map((model) => model.id)).toEqual(['new']);
  });

  it('a failure goes to the problem store and keeps the choices had', async () => {
    const { fake, problem, store } = setup();
    fake.answer('getTranscriptionChoices', ok(choices(['a'])));
    await store.getState().load();
    fake.answer('getTranscriptionChoices', failed(OFFLINE));
    await store.getState().load();
    expect(problem.store.getState().problem).toEqual(OFFLINE);
    expect(store.getState().choices?.models.map((model) => model.id)).toEqual(['a']);
  });
});
