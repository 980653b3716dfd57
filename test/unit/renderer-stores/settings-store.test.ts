import { describe, expect, it } from 'vitest';
import { appError, failed, ok } from '../../../contract/result';
import { createSettingsStore } from '../../../renderer/features/settings/settings-store';
import { FakeBridge, settle } from './fake-bridge';
import { OFFLINE, problems, settingsView } from './fixtures';

function setup() {
  const fake = new FakeBridge();
  const problem = problems();
  const store = createSettingsStore(fake.bridge, problem.report);
  return { fake, problem, store };
}

describe('settings store', () => {
  it('an event arriving while the load is in flight is not replaced by its older answer', async () => {
    const { fake, store } = setup();
    const load = fake.hold('getSettings');
    store.getState().follow();
    expect(fake.listening('settingsChanged')).toBe(1);
    fake.emit('settingsChanged', settingsView({ recordCues: false }));
    load.answer(ok(settingsView({ recordCues: true })));
    await settle();
    expect(store.getState().view?.values.recordCues).toBe(false);
    // Later events still replace it.
    fake.emit('settingsChanged', settingsView({ recordCues: true }));
    expect(store.getState().view?.values.recordCues).toBe(true);
  });

  it('a failed load goes to the problem store', async () => {
    const { fake, problem, store } = setup();
    fake.answer('getSettings', failed(OFFLINE));
    store.getState().follow();
    await settle();
    expect(problem.store.getState().problem).toEqual(OFFLINE);
    expect(store.getState().view).toBeNull();
  });

  it("save: the new view and 'Settings saved.'; refused fields go next to the fields, and the view stays", async () => {
    const { fake, store } = setup();
    fake.answer('getSettings', ok(settingsView()));
    store.getState().follow();
    await settle();
    fake.answer('updateSettings', (patch) => ok(settingsView({ ...patch })));
    expect(await store.getState().save({ recordCues: false })).toBe(true);
    expect(fake.calls('updateSettings')).toEqual([{ recordCues: false }]);
    expect(store.getState()).toMatchObject({ errors: {}, notice: 'Settings saved.' });
    expect(store.getState().view?.values.recordCues).toBe(false);

    const before = store.getState().view;
    fake.answer('updateSettings', failed(appError('invalid-input', 'Check the fields.', { fields: { customServiceUrl: 'Not an https address.' } })));
    expect(await store.getState().save({ customServiceUrl: 'http://x' })).toBe(false);
    expect(store.getState()).toMatchObject({ errors: { customServiceUrl: 'Not an https address.' }, notice: null });
    expect(store.getState().view).toBe(before);

    // A failure without fields is said in the notice; the next success clears the errors.
    fake.answer('updateSettings', failed(appError('refused', 'Locked by the administrator.')));
    expect(await store.getState().save({ recordCues: true })).toBe(false);
    expect(store.getState()).toMatchObject({ errors: {}, notice: 'Locked by the administrator.' });
  });

  it("saveSecret says 'Removed.' for an empty value and 'Saved securely.' otherwise", async () => {
    const { fake, store } = setup();
    fake.answer('setSecret', ok(settingsView()));
    await store.getState().saveSecret('accessToken', '');
    expect(store.getState().notice).toBe('Removed.');
    await store.getState().saveSecret('accessToken', 'token');
    expect(store.getState().notice).toBe('Saved securely.');
    expect(fake.calls('setSecret')).toEqual([
      { name: 'accessToken', value: '' },
      { name: 'accessToken', value: 'token' },
    ]);
  });

  it('microphones: the list, or none and why; signInAgain returns what went wrong', async () => {
    const { fake, store } = setup();
    fake.answer('listMicrophones', ok(['Built-in']));
    await store.getState().loadMicrophones();
    expect(store.getState()).toMatchObject({ microphones: ['Built-in'], microphonesProblem: null });
    fake.answer('listMicrophones', failed(appError('unexpected', 'The recorder did not answer.')));
    await store.getState().loadMicrophones();
    expect(store.getState()).toMatchObject({ microphones: [], microphonesProblem: 'The recorder did not answer.' });

    fake.answer('signInAgain', failed(OFFLINE));
    expect(await store.getState().signInAgain()).toBe(OFFLINE.message);
  });
});
