import { describe, expect, it } from 'vitest';
import { failed, ok } from '../../../contract/result';
import { createStatusStore } from '../../../renderer/app/status-store';
import { settle, storeOnFakeBridge } from '../../support/fake-bridge';
import { OFFLINE, appStatus } from '../../support/renderer-fixtures';

const setup = () => storeOnFakeBridge(createStatusStore);

describe('status store', () => {
  it('subscribes to statusChanged before it asks for the status', async () => {
    const { fake, store } = setup();
    const listeningWhenAsked: number[] = [];
    fake.answer('getStatus', () => {
      listeningWhenAsked.push(fake.listening('statusChanged'));
      return ok(appStatus(1));
    });
    store.getState().follow();
    await settle();
    expect(listeningWhenAsked).toEqual([1]);
    expect(store.getState().status?.revision).toBe(1);
  });

  it('an event arriving while the load is in flight is not replaced by its older answer', async () => {
    const { fake, store } = setup();
    const load = fake.hold('getStatus');
    store.getState().follow();
    fake.emit('statusChanged', appStatus(5, { pendingSync: 2 }));
    load.answer(ok(appStatus(4)));
    await settle();
    expect(store.getState().status).toEqual(appStatus(5, { pendingSync: 2 }));
  });

  it("takes the load's answer when it is newer than the events, and never goes back a revision", async () => {
    const { fake, store } = setup();
    const load = fake.hold('getStatus');
    store.getState().follow();
    fake.emit('statusChanged', appStatus(3));
    load.answer(ok(appStatus(7, { online: false })));
    await settle();
    expect(store.getState().status).toEqual(appStatus(7, { online: false }));
    fake.emit('statusChanged', appStatus(6));
    expect(store.getState().status?.revision).toBe(7);
    fake.emit('statusChanged', appStatus(8));
    expect(store.getState().status?.revision).toBe(8);
  });

  it('a failed load goes to the problem store', async () => {
    const { fake, problem, store } = setup();
    fake.answer('getStatus', failed(OFFLINE));
    store.getState().follow();
    await settle();
    expect(problem.store.getState().problem).toEqual(OFFLINE);
    expect(store.getState().status).toBeNull();
  });

  it('stops listening when unsubscribed', async () => {
    const { fake, store } = setup();
    fake.answer('getStatus', ok(appStatus(1)));
    const off = store.getState().follow();
    await settle();
    off();
    expect(fake.listening('statusChanged')).toBe(0);
    fake.emit('statusChanged', appStatus(2));
    expect(store.getState().status?.revision).toBe(1);
  });
});
