/**
 * A folder store whose items are sealed with keys from an item keyring. When the keyring
 * cannot be opened the store is locked: the list still loads, and anything that needs a key
 * fails with the reason, for the user.
 */
import type { z } from 'zod';
import { FolderStore, type StoredItem } from './folder-store';
import type { ItemKeyring, ItemKeys } from './item-keyring';

export class KeyedFolderStore<M extends StoredItem> extends FolderStore<M> {
  protected readonly keyring: ItemKeyring | null;
  private readonly lockedProblem: string;

  /** `keys`: the keyring, or why it cannot be opened. `withoutSecrets`: the item as its manifest keeps it while the keyring holds its secrets. */
  constructor(root: string, schema: z.ZodType<M>, keys: ItemKeyring | { problem: string }, withoutSecrets: (item: M) => M) {
    const keyring = 'problem' in keys ? null : keys;
    super(root, schema, (item) => (keyring ? withoutSecrets(item) : item));
    this.keyring = keyring;
    this.lockedProblem = 'problem' in keys ? keys.problem : '';
  }

  /** True when the keys cannot be opened: nothing may be written, sent or repaired. */
  get locked(): boolean {
    return this.keyring === null;
  }

  /** The keyring; throws why it cannot be opened. */
  protected openKeyring(): ItemKeyring {
    if (!this.keyring) throw new Error(this.lockedProblem);
    return this.keyring;
  }

  /** The item's keys; throws `missing` when the keyring has none for it. */
  protected itemKeys(id: string, missing: string): ItemKeys {
    const keys = this.openKeyring().keysOf(id);
    if (!keys) throw new Error(missing);
    return keys;
  }
}
