/**
 * What the page is told of the items the outbox sends: each change of an item (with its
 * upload progress, at most every 100 ms while its bytes move) and each item deleted, on the
 * events the contract names for them; and, for the status bar, how many items wait to be
 * sent and when that count may have changed. Once for dictations and lab reports alike.
 */
import type { EventName, EventPayload, PendingSync } from '../../contract/ipc';
import { Emitter } from '../core/emitter';

/** What the outbox uses of the app's window. */
export interface PageWindow {
  send<K extends EventName>(name: K, payload: EventPayload<K>): void;
}

/** The events that carry only an item's id: it was deleted. */
export type RemovedEvent = {
  [K in EventName]: EventPayload<K> extends { id: string } ? ({ id: string } extends EventPayload<K> ? K : never) : never;
}[EventName];

/** Items the page shows, as a store keeps them and tells their changes. */
export interface ShownStore<M extends { id: string }> {
  get(id: string): M | undefined;
  list(): M[];
  onChange(listener: (item: M) => void): () => void;
  onRemove(listener: (id: string) => void): () => void;
  /** False while the store's folders are still being read (folder-store.ts): its items cannot be counted yet. */
  isLoaded?(): boolean;
}

export interface PageView<M extends { id: string }, K extends EventName> {
  items: ShownStore<M>;
  /** An item's upload progress, as the page shows it (the outbox that sends its bytes). */
  uploads: { progressOf(id: string): number | null };
  /** The event that carries an item as the page shows it, and that form. */
  changed: K;
  summary(item: M, progress: number | null): EventPayload<K>;
  removed: RemovedEvent;
  /** True while an item waits to be sent (the status bar counts them). */
  pending(item: M): boolean;
}

interface Shown {
  tell(id: string): void;
  pendingCount(): PendingSync;
}

export class PageViews {
  private readonly shown: Shown[] = [];
  private readonly changes = new Emitter();

  constructor(private readonly window: PageWindow | undefined) {}

  add<M extends { id: string }, K extends EventName>(view: PageView<M, K>): void {
    const send = (item: M) => this.window?.send(view.changed, view.summary(item, view.uploads.progressOf(item.id)));
    view.items.onChange((item) => {
      send(item);
      this.changes.emit();
    });
    view.items.onRemove((id) => {
      this.window?.send(view.removed, { id });
      this.changes.emit();
    });
    this.shown.push({
      tell: (id) => {
        const item = view.items.get(id);
        if (item) send(item);
      },
      pendingCount: () => {
        if (view.items.isLoaded?.() === false) return 'counting';
        try {
          return view.items.list().filter((item) => view.pending(item)).length;
        } catch {
          return 'unreadable'; // the store could not be read (its uses say why)
        }
      },
    });
  }

  /** An upload moved on: the page is told the item it belongs to (if it shows one by that id) with its progress. */
  progressed(id: string): void {
    for (const shown of this.shown) shown.tell(id);
  }

  /** Items waiting to be sent, of every kind shown: 'unreadable' when one kind's could not be read, 'counting' while one kind's are still being read. */
  pendingCount(): PendingSync {
    const counts = this.shown.map((shown) => shown.pendingCount());
    if (counts.includes('unreadable')) return 'unreadable';
    if (counts.includes('counting')) return 'counting';
    return (counts as number[]).reduce((sum, count) => sum + count, 0);
  }

  /** Hears when a shown item changed or went (the count waiting may be another); returns the disposer. */
  onChange(listener: () => void): () => void {
    return this.changes.on(listener);
  }
}
