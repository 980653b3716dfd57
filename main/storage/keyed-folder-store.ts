/**
 * A folder store whose items are sealed with keys from an item keyring. When the keyring
 * cannot be opened the store is locked: the list still loads, and anything that needs a key
 * fails with the reason, for the user.
 *
 * An item's problem (often the service's own words about a patient's recording or report)
 * is kept in its manifest sealed with the item's key, never in clear.
 */
import type { z } from 'zod';
import { refuse } from '../core/refusal';
import { FolderStore, type FolderRead, type StoredItem } from './folder-store';
import type { ItemKeyring, ItemKeys } from './item-keyring';
import { SealedDataError, openSealedBytes, sealBytes } from './sealed-file';

export interface ItemWithProblem extends StoredItem {
  problem: string | null;
  /** On disk only: the problem, sealed with the item's key (base64). */
  sealedProblem: string | null;
}

const UNREADABLE_PROBLEM = 'Something went wrong with this item earlier, but what the app saved about it cannot be read.';

function sealProblem<M extends ItemWithProblem>(keyring: ItemKeyring, item: M): M {
  if (item.problem === null) return item.sealedProblem === null ? item : { ...item, sealedProblem: null };
  const key = keyring.keysOf(item.id)?.key;
  // Without its key the item cannot be read anyway; its problem is not worth keeping in clear.
  return { ...item, problem: null, sealedProblem: key ? sealBytes(key, Buffer.from(item.problem, 'utf8')).toString('base64') : null };
}

export class KeyedFolderStore<M extends ItemWithProblem> extends FolderStore<M> {
  protected readonly keyring: ItemKeyring | null;
  private readonly lockedProblem: string;
  private clearProblems: string[] = [];

  /**
   * `keys`: the keyring, or why it cannot be opened. `withoutSecrets`: the item as its manifest
   * keeps it while the keyring holds its secrets. `named`: the item with its fields named as
   * its file names them, where that differs from the code's names.
   */
  constructor(root: string, schema: z.ZodType<M>, keys: ItemKeyring | { problem: string }, withoutSecrets: (item: M) => M, named: (item: M) => object = (item) => item) {
    const keyring = 'problem' in keys ? null : keys;
    super(root, schema, (item) => named(keyring ? sealProblem(keyring, withoutSecrets(item)) : item));
    this.keyring = keyring;
    this.lockedProblem = 'problem' in keys ? keys.problem : '';
  }

  /** Every item, its problem opened (when the keyring can be). */
  protected override *reading(): Generator<void, FolderRead<M>> {
    const read = yield* super.reading();
    const keyring = this.keyring;
    if (!keyring) return read;
    this.clearProblems = read.loaded.filter((item) => item.problem !== null).map((item) => item.id);
    const loaded = read.loaded.map((item) => {
      if (item.sealedProblem === null) return item;
      const opened = { ...item, problem: this.openProblem(keyring, item.id, item.sealedProblem) };
      this.remember(opened);
      return opened;
    });
    return { ...read, loaded };
  }

  /** Seals the problems an earlier version kept in clear; called once the keyring holds every item's key. */
  protected sealClearProblems(): void {
    for (const id of this.clearProblems) if (this.get(id)) this.writeOrKeepInMemory(id, {});
    this.clearProblems = [];
  }

  /** True when the keys cannot be opened: nothing may be written, sent or repaired. */
  get locked(): boolean {
    return this.keyring === null;
  }

  /** Why the keys cannot be opened (nothing can be recorded or read), or null when they can. */
  whyLocked(): string | null {
    return this.keyring === null ? this.lockedProblem : null;
  }

  /** The keyring; throws why it cannot be opened. */
  protected openKeyring(): ItemKeyring {
    this.loadNow();
    if (!this.keyring) refuse('storage', this.lockedProblem);
    return this.keyring;
  }

  /** The item's keys; throws `missing` when the keyring has none for it. */
  protected itemKeys(id: string, missing: string): ItemKeys {
    const keys = this.openKeyring().keysOf(id);
    if (!keys) refuse('storage', missing);
    return keys;
  }

  private openProblem(keyring: ItemKeyring, id: string, sealed: string): string {
    const key = keyring.keysOf(id)?.key;
    if (!key) return UNREADABLE_PROBLEM;
    try {
      return openSealedBytes(key, Buffer.from(sealed, 'base64')).toString('utf8');
    } catch (error) {
      if (error instanceof SealedDataError) return UNREADABLE_PROBLEM;
      throw error;
    }
  }
}
