import { describe, expect, it } from 'vitest';
import { appError } from '../../../contract/result';
import { createNavigationStore } from '../../../renderer/app/navigation-store';
import { createProblemStore } from '../../../renderer/app/problem-store';

describe('problem store', () => {
  it('shows the last problem reported until it is dismissed', () => {
    const store = createProblemStore();
    expect(store.getState().problem).toBeNull();
    const first = appError('storage', 'The disk is full.');
    const second = appError('offline', 'The service cannot be reached.');
    store.getState().report(first);
    store.getState().report(second);
    expect(store.getState().problem).toBe(second);
    store.getState().dismiss();
    expect(store.getState().problem).toBeNull();
  });
});

describe('navigation store', () => {
  it('starts on Dictation and shows the screen asked for', () => {
    const store = createNavigationStore();
    expect(store.getState().screen).toBe('dictation');
    store.getState().show('lab-reports');
    expect(store.getState().screen).toBe('lab-reports');
    // Each store is its own: another is not moved.
    expect(createNavigationStore().getState().screen).toBe('dictation');
  });

  it('a screen with changes not saved is asked about before it is left; the answer leaves or stays', () => {
    const store = createNavigationStore();
    store.getState().show('settings');
    let unsaved = true;
    store.getState().setLeaveCheck(() => unsaved);
    store.getState().show('lab-reports');
    expect(store.getState()).toMatchObject({ screen: 'settings', leaving: 'lab-reports' });
    store.getState().stay();
    expect(store.getState()).toMatchObject({ screen: 'settings', leaving: null });
    store.getState().show('dictation');
    store.getState().leave();
    expect(store.getState()).toMatchObject({ screen: 'dictation', leaving: null });
    // Left: the check went with the screen.
    store.getState().show('patients');
    expect(store.getState().screen).toBe('patients');

    store.getState().show('settings');
    store.getState().setLeaveCheck(() => unsaved);
    unsaved = false;
    store.getState().show('registration');
    expect(store.getState()).toMatchObject({ screen: 'registration', leaving: null });
  });
});
