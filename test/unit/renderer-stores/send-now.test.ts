import { describe, expect, it } from 'vitest';
import { SEND_NOW_PATIENCE_MS, SENT_NOW, answerFor, sendNowTracker, unreachableAnswer, type SendNowAnswer, type TriedItem } from '../../../renderer/app/send-now';
import { FakeClock } from '../../support/fake-clock';

const item = (extra: Partial<TriedItem>): TriedItem => ({ id: 'a', untried: false, moving: false, problem: null, stuck: false, ...extra });

describe('"Send now" always answers', () => {
  /** A tracker whose patience runs on a clock the test moves. */
  function tracker() {
    const said: Array<[string, SendNowAnswer]> = [];
    const clock = new FakeClock();
    return { said, clock, tracker: sendNowTracker((id, answer) => said.push([id, answer]), clock) };
  }

  it('an answer is what came of the try: on its way, or tried and why not; nothing while no try has ended', () => {
    expect(answerFor(item({ untried: true }))).toBeNull();
    expect(answerFor(item({ stuck: true, problem: 'The service cannot be reached.' }))).toEqual({ text: 'Tried just now: The service cannot be reached.', error: true });
    expect(answerFor(item({}))).toBe(SENT_NOW);
  });

  it('answers a press once, with the first news that says how the try went', () => {
    const { said, clock, tracker: sendNow } = tracker();
    sendNow.heard(item({ stuck: true, problem: 'old news, before any press' }));
    sendNow.tried('a', 'The report');
    sendNow.heard(item({ untried: true }));
    sendNow.heard(item({ id: 'b', problem: 'another item' }));
    expect(said).toEqual([]);
    sendNow.heard(item({ stuck: true, problem: 'The service refused it.' }));
    sendNow.heard(item({}));
    expect(said).toEqual([['a', { text: 'Tried just now: The service refused it.', error: true }]]);
    clock.tick(SEND_NOW_PATIENCE_MS * 2);
    expect(said).toHaveLength(1);
  });

  it('says the service cannot be reached when nothing is heard in time; never while the item is being sent', () => {
    const { said, clock, tracker: sendNow } = tracker();
    sendNow.tried('a', 'The report');
    clock.tick(SEND_NOW_PATIENCE_MS - 1);
    expect(said).toEqual([]);
    clock.tick(1);
    expect(said).toEqual([['a', unreachableAnswer('The report')]]);
    expect(unreachableAnswer('The report').text).toBe('Tried just now: the service still cannot be reached. The report is kept and sent by itself as soon as it can be.');

    said.length = 0;
    sendNow.tried('a', 'The report');
    sendNow.heard(item({ untried: true, moving: true }));
    clock.tick(SEND_NOW_PATIENCE_MS * 5);
    expect(said).toEqual([]);
    sendNow.heard(item({}));
    expect(said).toEqual([['a', SENT_NOW]]);
  });

  it('a refused press, or the page no longer following, waits for nothing', () => {
    const { said, clock, tracker: sendNow } = tracker();
    sendNow.tried('a', 'The report');
    sendNow.forget('a');
    sendNow.tried('b', 'The report');
    sendNow.clear();
    clock.tick(SEND_NOW_PATIENCE_MS * 2);
    sendNow.heard(item({}));
    expect(said).toEqual([]);
  });
});
