import { describe, expect, it } from 'vitest';
import { NO_LIVE_WORDS, type LiveWords } from '../../../contract/live-words';
import { ok } from '../../../contract/result';
import { createLiveWordsStore } from '../../../renderer/features/dictation/live-words-store';
import { settle, storeOnFakeBridge } from '../../support/fake-bridge';

const words = (texts: string[], notice: string | null = null): LiveWords => ({
  dictationId: '00000000-0000-4000-8000-000000000047',
  parts: texts.map((text, sequence) => ({ sequence, state: 'heard', text })),
  notice,
});

describe('the words heard so far, in the page', () => {
  it('follows liveWordsChanged, subscribed before it asks, and an event is not undone by the older load', async () => {
    const { fake, store } = storeOnFakeBridge(createLiveWordsStore);
    expect(store.getState().words).toEqual(NO_LIVE_WORDS);
    const load = fake.hold('getLiveWords');
    const stop = store.getState().follow();
    expect(fake.listening('liveWordsChanged')).toBe(1);
    fake.emit('liveWordsChanged', words(['Sandbox heard part 1.', 'Sandbox heard part 2.']));
    load.answer(ok(words(['Sandbox heard part 1.'])));
    await settle();
    expect(store.getState().words.parts).toHaveLength(2);
    fake.emit('liveWordsChanged', NO_LIVE_WORDS);
    expect(store.getState().words).toEqual(NO_LIVE_WORDS);
    stop();
    expect(fake.listening('liveWordsChanged')).toBe(0);
  });
});
