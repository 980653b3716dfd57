/** What the status bar is told waits to be sent: a count only once every store shown has been read, and never a count of a store that could not be read. */
import { describe, expect, it } from 'vitest';
import { PageViews, type ShownStore } from '../../../main/outbox/page-view';

interface Item {
  id: string;
  pending: boolean;
}

/** A store shown on the page: its items, whether its folders have been read, and whether reading them failed. */
function shownStore(items: Item[]) {
  const state = { loaded: true, failure: null as Error | null };
  const store: ShownStore<Item> = {
    get: (id) => items.find((item) => item.id === id),
    list: () => {
      if (state.failure) throw state.failure;
      return items;
    },
    onChange: () => () => {},
    onRemove: () => () => {},
    isLoaded: () => state.loaded,
  };
  return { store, state };
}

function viewsOf(...stores: Array<ShownStore<Item>>): PageViews {
  const views = new PageViews(undefined);
  for (const items of stores) {
    views.add({ items, uploads: { progressOf: () => null }, changed: 'dictationChanged', summary: () => ({}) as never, removed: 'dictationRemoved', pending: (item) => item.pending });
  }
  return views;
}

describe('what waits to be sent, for the status bar', () => {
  it('is counted over every store shown once each has been read', () => {
    const dictations = shownStore([{ id: 'a', pending: true }, { id: 'b', pending: false }]);
    const labReports = shownStore([{ id: 'c', pending: true }]);
    expect(viewsOf(dictations.store, labReports.store).pendingCount()).toBe(2);
  });

  it('is "counting" while a store is still being read, not a count of what was read so far', () => {
    const dictations = shownStore([{ id: 'a', pending: true }]);
    dictations.state.loaded = false;
    const views = viewsOf(dictations.store, shownStore([]).store);
    expect(views.pendingCount()).toBe('counting');
    dictations.state.loaded = true;
    expect(views.pendingCount()).toBe(1);
  });

  it('is "unreadable", not "counting" for ever, once reading a store has failed', () => {
    const dictations = shownStore([{ id: 'a', pending: true }]);
    dictations.state.failure = new Error('EACCES: permission denied');
    const labReports = shownStore([]);
    labReports.state.loaded = false;
    expect(viewsOf(dictations.store, labReports.store).pendingCount()).toBe('unreadable');
  });
});
