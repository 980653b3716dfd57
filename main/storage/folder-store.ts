/**
 * Items kept one folder each (`<root>/<id>/manifest.json`, written atomically), with
 * whatever files belong to them beside the manifest. One damaged folder never hides the
 * others: it is counted and skipped.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { Emitter } from '../core/emitter';
import { writeFileAtomic } from './atomic-file';

const MANIFEST = 'manifest.json';

export interface StoredItem {
  id: string;
  createdAt: string;
}

/** Every folder read: the items, how many could not be, and every folder's name. */
export interface FolderRead<M> {
  loaded: M[];
  unreadable: number;
  folders: Set<string>;
}

/** Folders read between two hand-backs of a load in slices. */
const FOLDERS_PER_SLICE = 100;

/** Runs a load to its end at once. */
export function toEnd<T>(loading: Generator<void, T>): T {
  for (;;) {
    const step = loading.next();
    if (step.done) return step.value;
  }
}

export class FolderStore<M extends StoredItem> {
  private readonly items = new Map<string, M>();
  private readonly changes = new Emitter<M>();
  private readonly removals = new Emitter<string>();
  /** A load left for later (`loadLater`): finished at the store's first use, or a slice at a time. */
  private later: Generator<void, unknown> | null = null;
  /** True while a load left for later runs: what it writes is not told to listeners, and nothing it calls finishes it again. */
  private inLoad = false;
  /** Why the load left for later failed: every use of the store then fails with it. */
  private loadFailure: Error | null = null;
  private loadEnded: Promise<void> = Promise.resolve();
  private endLoad: () => void = () => {};

  /** `onDisk`: the item as written to its manifest (fields that are kept elsewhere, encrypted, left out). */
  constructor(
    readonly root: string,
    private readonly schema: z.ZodType<M>,
    private readonly onDisk: (item: M) => object = (item) => item,
  ) {
    mkdirSync(root, { recursive: true, mode: 0o700 });
  }

  /**
   * Leaves `loading` for later: it runs to its end at the store's first use (every reading or
   * writing method finishes it first, so nothing ever sees half a load), or a slice at a time
   * through `loadSlice`, main's thread handed back in between. Thousands of folders are read
   * after the first screen works, not before. `loaded` hears what the load returns.
   */
  protected loadLater<T>(loading: Generator<void, T>, loaded: (value: T) => void): void {
    this.later = (function* () {
      loaded(yield* loading);
    })();
    this.loadFailure = null;
    this.loadEnded = new Promise((resolve) => (this.endLoad = resolve));
  }

  /** False while a load left for later has not run to its end. */
  isLoaded(): boolean {
    return this.later === null;
  }

  /** Resolves once no load is left for later (at once when none was), failed or not. */
  whenLoaded(): Promise<void> {
    return this.loadEnded;
  }

  /** One slice of the load left for later; true while more is left. */
  loadSlice(): boolean {
    if (!this.later || this.inLoad) return false;
    return this.runLater(false);
  }

  /** Finishes the load left for later, at once (nothing when none is left); throws why it failed. */
  loadNow(): void {
    if (this.loadFailure !== null) throw this.loadFailure;
    if (this.later && !this.inLoad) this.runLater(true);
  }

  private runLater(toTheEnd: boolean): boolean {
    const later = this.later!;
    this.inLoad = true;
    try {
      for (;;) {
        if (later.next().done) break;
        if (!toTheEnd) return true;
      }
    } catch (error) {
      this.loadFailure = error instanceof Error ? error : new Error(String(error));
    } finally {
      this.inLoad = false;
    }
    this.later = null;
    this.endLoad();
    if (toTheEnd && this.loadFailure !== null) throw this.loadFailure;
    return false;
  }

  folderOf(id: string): string {
    return join(this.root, id);
  }

  /** Reads every folder at once. */
  readAll(): FolderRead<M> {
    return toEnd(this.reading());
  }

  /**
   * Reads every folder, synchronously, yielding after each slice: reading thousands of small
   * files this way is several times faster than through the thread pool (npm run bench).
   */
  protected *reading(): Generator<void, FolderRead<M>> {
    // A schema built at its first use (`z.lazy`) is built here, in the load's first slice, not at the first write (a Record press).
    this.schema.safeParse(undefined);
    yield;
    const loaded: M[] = [];
    let unreadable = 0;
    const folders = new Set<string>();
    for (const folder of readdirSync(this.root, { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      folders.add(folder.name);
      if (folders.size % FOLDERS_PER_SLICE === 0) yield;
      try {
        const item = this.schema.parse(JSON.parse(readFileSync(join(this.root, folder.name, MANIFEST), 'utf8')));
        this.items.set(item.id, item);
        loaded.push(item);
      } catch {
        unreadable += 1;
      }
    }
    return { loaded, unreadable, folders };
  }

  /** Creates the item's folder and writes its first manifest. */
  add(item: M): M {
    this.loadNow();
    mkdirSync(this.folderOf(item.id), { recursive: true, mode: 0o700 });
    return this.write(this.schema.parse(item));
  }

  /** Replaces an item in memory, without telling listeners (fields read from elsewhere at load). */
  protected remember(item: M): void {
    this.loadNow();
    this.items.set(item.id, item);
  }

  get(id: string): M | undefined {
    this.loadNow();
    return this.items.get(id);
  }

  /** Newest first. */
  list(): M[] {
    this.loadNow();
    return [...this.items.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  /** Tells the listeners the item changed beside its manifest (a file of its own was written), without writing anything. */
  announce(id: string): void {
    this.loadNow();
    const item = this.items.get(id);
    if (item) this.changes.emit(item);
  }

  /**
   * Changes an item in memory only, telling listeners, for when its manifest cannot be
   * written (a full disk): the change is lost at restart, the item and its files are not.
   */
  protected amendInMemory(id: string, patch: Partial<M>): M {
    this.loadNow();
    const item = this.schema.parse({ ...this.items.get(id), ...patch });
    this.items.set(id, item);
    this.told(item);
    return item;
  }

  /**
   * Updates the item; when its manifest cannot be written (a full disk) the change is kept in
   * memory, so the app goes on working, and the next start reads the item from disk again.
   */
  writeOrKeepInMemory(id: string, patch: Partial<M>): M {
    try {
      return this.update(id, patch);
    } catch {
      return this.amendInMemory(id, patch);
    }
  }

  update(id: string, patch: Partial<M>): M {
    this.loadNow();
    const current = this.items.get(id);
    if (!current) throw new Error(`No item ${id}.`);
    return this.write(this.schema.parse({ ...current, ...patch }));
  }

  delete(id: string): void {
    this.loadNow();
    rmSync(this.folderOf(id), { recursive: true, force: true });
    if (this.items.delete(id)) this.removals.emit(id);
  }

  onChange(listener: (item: M) => void): () => void {
    return this.changes.on(listener);
  }

  onRemove(listener: (id: string) => void): () => void {
    return this.removals.on(listener);
  }

  private write(item: M): M {
    writeFileAtomic(join(this.folderOf(item.id), MANIFEST), JSON.stringify(this.onDisk(item), null, 1));
    this.items.set(item.id, item);
    this.told(item);
    return item;
  }

  /** Listeners hear of a change, but not of what a load writes: they learn it by listing, once it is done. */
  private told(item: M): void {
    if (!this.inLoad) this.changes.emit(item);
  }
}
