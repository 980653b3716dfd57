/**
 * Subscribe-then-load, the way a store follows what main holds: subscribe to main's event first,
 * then ask for the current value, so that nothing main says in between is missed; and never let
 * an older answer replace a newer one. Each returns the unsubscribe (a load under way still
 * lands, by the same rule).
 */

/** Where a value came from: one of main's events, or the answer to the load. */
export type Source = 'event' | 'load';

export interface FollowValue<T> {
  /** Subscribes to main's event (e.g. `bridge.on.statusChanged`); returns the unsubscribe. */
  on: (listener: (value: T) => void) => () => void;
  /** Asks main for the current value; null when that failed (and was reported). */
  load: () => Promise<T | null>;
  /** Puts a value in the store. */
  apply: (value: T) => void;
  /**
   * The caller's ordering, when it has one: whether `value`, from `source`, is newer than what
   * the store shows now (by main's revision, say). Every value, the events' and the load's, is
   * applied only when it is. Without it, every event is applied, and the load's answer only when
   * no event came after the load started.
   */
  isNewer?: (value: T, source: Source) => boolean;
}

/** Follows one value main holds (the status, the settings, the recorder). */
export function followValue<T>({ on, load, apply, isNewer }: FollowValue<T>): () => void {
  let heard = false;
  const off = on((value) => {
    heard = true;
    if (!isNewer || isNewer(value, 'event')) apply(value);
  });
  void load().then((value) => {
    if (value === null) return;
    if (isNewer ? isNewer(value, 'load') : !heard) apply(value);
  });
  return off;
}

export interface FollowItems<Item extends { id: string }> {
  /** Main's event for an item added or changed (e.g. `bridge.on.labReportChanged`). */
  onChanged: (listener: (item: Item) => void) => () => void;
  /** Main's event for an item removed. */
  onRemoved: (listener: (removed: { id: string }) => void) => () => void;
  /** Asks main for all the items; null when that failed (and was reported). */
  load: () => Promise<Item[] | null>;
  changed: (item: Item) => void;
  removed: (id: string) => void;
  /** Adds the loaded items no event has spoken of since the load started (called also when none are left). */
  loaded: (items: Item[]) => void;
  /** The load failed (and was reported): the items are not known. */
  unlisted?: () => void;
}

/**
 * Follows a collection main tells about item by item. "An event after the load started wins",
 * item by item: what an event said of an item (changed, or removed) is never undone by the
 * load's older answer; the load brings the rest.
 */
export function followItems<Item extends { id: string }>({ onChanged, onRemoved, load, changed, removed, loaded, unlisted }: FollowItems<Item>): () => void {
  const settled = new Set<string>();
  const offChanged = onChanged((item) => {
    settled.add(item.id);
    changed(item);
  });
  const offRemoved = onRemoved(({ id }) => {
    settled.add(id);
    removed(id);
  });
  void load().then((items) => {
    if (items) loaded(items.filter((item) => !settled.has(item.id)));
    else unlisted?.();
  });
  return () => {
    offChanged();
    offRemoved();
  };
}
