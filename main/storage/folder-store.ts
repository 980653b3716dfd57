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

export class FolderStore<M extends StoredItem> {
  private readonly items = new Map<string, M>();
  private readonly changes = new Emitter<M>();
  private readonly removals = new Emitter<string>();

  /** `onDisk`: the item as written to its manifest (fields that are kept elsewhere, encrypted, left out). */
  constructor(
    readonly root: string,
    private readonly schema: z.ZodType<M>,
    private readonly onDisk: (item: M) => object = (item) => item,
  ) {
    mkdirSync(root, { recursive: true, mode: 0o700 });
  }

  folderOf(id: string): string {
    return join(this.root, id);
  }

  /**
   * Reads every folder, synchronously: it runs once at start-up, and reading thousands of
   * small files this way is several times faster than through the thread pool (npm run bench).
   */
  readAll(): { loaded: M[]; unreadable: number; folders: Set<string> } {
    const loaded: M[] = [];
    let unreadable = 0;
    const folders = new Set<string>();
    for (const folder of readdirSync(this.root, { withFileTypes: true })) {
      if (!folder.isDirectory()) continue;
      folders.add(folder.name);
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
    mkdirSync(this.folderOf(item.id), { recursive: true, mode: 0o700 });
    return this.write(this.schema.parse(item));
  }

  /** Replaces an item in memory, without telling listeners (fields read from elsewhere at load). */
  protected remember(item: M): void {
    this.items.set(item.id, item);
  }

  get(id: string): M | undefined {
    return this.items.get(id);
  }

  /** Newest first. */
  list(): M[] {
    return [...this.items.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  /** Tells the listeners the item changed beside its manifest (a file of its own was written), without writing anything. */
  announce(id: string): void {
    const item = this.items.get(id);
    if (item) this.changes.emit(item);
  }

  /**
   * Changes an item in memory only, telling listeners, for when its manifest cannot be
   * written (a full disk): the change is lost at restart, the item and its files are not.
   */
  protected amendInMemory(id: string, patch: Partial<M>): M {
    const item = this.schema.parse({ ...this.items.get(id), ...patch });
    this.items.set(id, item);
    this.changes.emit(item);
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
    const current = this.items.get(id);
    if (!current) throw new Error(`No item ${id}.`);
    return this.write(this.schema.parse({ ...current, ...patch }));
  }

  delete(id: string): void {
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
    this.changes.emit(item);
    return item;
  }
}
