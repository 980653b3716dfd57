import { describe, expect, it } from 'vitest';
import { failed, ok } from '../../../contract/result';
import { createUpdateStore } from '../../../renderer/app/update-store';
import { settle, storeOnFakeBridge } from '../../support/fake-bridge';
import { OFFLINE, updateStatus } from '../../support/renderer-fixtures';

const setup = () => storeOnFakeBridge(createUpdateStore);

describe('update store', () => {
  it('an event arriving while the load is in flight is not replaced by its older answer', async () => {
    const { fake, store } = setup();
    const load = fake.hold('getUpdateStatus');
    store.getState().follow();
    expect(fake.listening('updateChanged')).toBe(1);
    fake.emit('updateChanged', updateStatus('downloading', '2.0.0'));
    load.answer(ok(updateStatus('idle')));
    await settle();
    expect(store.getState().status).toEqual(updateStatus('downloading', '2.0.0'));
  });

  it("the load's answer is shown when nothing came before it, and never replaces a check's answer", async () => {
    const first = setup();
    first.fake.answer('getUpdateStatus', ok(updateStatus('up-to-date', '1.0.0')));
    first.store.getState().follow();
    await settle();
    expect(first.store.getState().status).toEqual(updateStatus('up-to-date', '1.0.0'));

    const { fake, store } = setup();
    const load = fake.hold('getUpdateStatus');
    fake.answer('checkForUpdates', ok(updateStatus('checking')));
    store.getState().follow();
    await store.getState().check();
    load.answer(ok(updateStatus('idle')));
    await settle();
    expect(store.getState().status).toEqual(updateStatus('checking'));
  });

  it('"Later" hides the banner until a status other than ready comes; a ready one keeps it hidden', async () => {
    const { fake, store } = setup();
    fake.answer('getUpdateStatus', ok(updateStatus('ready', '2.0.0')));
    store.getState().follow();
    await settle();
    store.getState().later();
    expect(store.getState().dismissed).toBe(true);
    fake.emit('updateChanged', updateStatus('ready', '2.0.1'));
    expect(store.getState()).toMatchObject({ dismissed: true, status: updateStatus('ready', '2.0.1') });
    fake.emit('updateChanged', updateStatus('error'));
    expect(store.getState().dismissed).toBe(false);
  });

  it('a failed check or restart goes to the problem store and keeps the status', async () => {
    const { fake, problem, store } = setup();
    fake.answer('getUpdateStatus', ok(updateStatus('ready', '2.0.0')));
    fake.answer('restartToUpdate', failed(OFFLINE));
    store.getState().follow();
    await settle();
    await store.getState().restart();
    expect(problem.store.getState().problem).toEqual(OFFLINE);
    expect(store.getState().status).toEqual(updateStatus('ready', '2.0.0'));
  });
});
