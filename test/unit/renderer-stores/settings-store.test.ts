import { describe, expect, it } from 'vitest';
import { appError, failed, ok } from '../../../contract/result';
import { createSettingsStore } from '../../../renderer/features/settings/settings-store';
import { settle, storeOnFakeBridge } from '../../support/fake-bridge';
import { OFFLINE, settingsView } from '../../support/renderer-fixtures';

const setup = () => storeOnFakeBridge(createSettingsStore);

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
    expect(store.getState()).toMatchObject({ errors: {}, notice: { text: 'Settings saved.', error: false, about: 'settings' } });
    expect(store.getState().view?.values.recordCues).toBe(false);

    const before = store.getState().view;
    fake.answer('updateSettings', failed(appError('invalid-input', 'Check the fields.', { fields: { customServiceUrl: 'Not an https address.' } })));
    expect(await store.getState().save({ customServiceUrl: 'http://x' })).toBe(false);
    expect(store.getState()).toMatchObject({ errors: { customServiceUrl: 'Not an https address.' }, notice: null });
    expect(store.getState().view).toBe(before);

    // A failure without fields is said in the notice; the next success clears the errors.
    fake.answer('updateSettings', failed(appError('refused', 'Locked by the administrator.')));
    expect(await store.getState().save({ recordCues: true })).toBe(false);
    expect(store.getState()).toMatchObject({ errors: {}, notice: { text: 'Locked by the administrator.', error: true, about: 'settings' } });
  });

  it("saveSecret says 'Removed.' for an empty value and 'Saved securely.' otherwise, beside that secret's own buttons", async () => {
    const { fake, store } = setup();
    fake.answer('setSecret', ok(settingsView()));
    await store.getState().saveSecret('accessToken', '');
    expect(store.getState().notice).toEqual({ text: 'Removed.', error: false, about: 'accessToken' });
    await store.getState().saveSecret('accessToken', 'token');
    expect(store.getState().notice).toEqual({ text: 'Saved securely.', error: false, about: 'accessToken' });
    expect(fake.calls('setSecret')).toEqual([
      { name: 'accessToken', value: '' },
      { name: 'accessToken', value: 'token' },
    ]);
  });

  it('what is not saved is kept per part; a change made after a save takes its "saved" away at once', async () => {
    const { fake, store } = setup();
    fake.answer('updateSettings', (patch) => ok(settingsView({ ...patch })));
    await store.getState().save({ recordCues: false });
    store.getState().setUnsaved('accessToken', ['Access token']);
    // Another part's change leaves the form's word alone.
    expect(store.getState().notice?.text).toBe('Settings saved.');
    store.getState().setUnsaved('settings', ['Record sounds']);
    expect(store.getState().notice).toBeNull();
    expect(store.getState().unsaved).toEqual({ accessToken: ['Access token'], settings: ['Record sounds'] });
    store.getState().setUnsaved('accessToken', []);
    expect(store.getState().unsaved).toEqual({ settings: ['Record sounds'] });
  });

  it('"Save and sign in" sends the service chosen on the screen with the credentials; a refused address is said beside it', async () => {
    const { fake, store } = setup();
    fake.answer('signIn', ({ service }) => (service?.customServiceUrl.startsWith('http://') ? failed(appError('invalid-input', 'Check it.', { fields: { customServiceUrl: 'Plain http:// is not allowed.' } })) : ok(settingsView({ ...service }))));
    expect(await store.getState().signIn('EC_1', 's3cret', { service: 'custom', customServiceUrl: 'https://scribe.clinic.example' })).toBe(true);
    expect(await store.getState().signIn('EC_1', 's3cret')).toBe(true);
    expect(fake.calls('signIn')).toEqual([
      { clientId: 'EC_1', clientSecret: 's3cret', service: { service: 'custom', customServiceUrl: 'https://scribe.clinic.example' } },
      { clientId: 'EC_1', clientSecret: 's3cret' },
    ]);
    expect(store.getState().notice).toBeNull();
    expect(await store.getState().signIn('EC_1', 's3cret', { service: 'custom', customServiceUrl: 'http://scribe.clinic.example' })).toBe(false);
    expect(store.getState().errors).toEqual({ customServiceUrl: 'Plain http:// is not allowed.' });
    expect(store.getState().notice).toEqual({ text: 'Nothing was saved: the service chosen above cannot be used. Plain http:// is not allowed.', error: true, about: 'signIn' });
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
