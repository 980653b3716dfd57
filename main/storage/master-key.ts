/**
 * The master key that wraps every item's key. It is kept encrypted by the OS keyring
 * (safeStorage). Where Linux has no keyring (`basic_text`), it is kept in a file only this
 * user can read, and the Settings screen warns that recordings are not protected by a
 * keyring; an administrator can refuse that with the policy key `requireProtectedStorage`.
 * A key kept by the keyring is never replaced because the keyring cannot open it now:
 * nothing recorded becomes unreadable without the user being told.
 *
 * When a keyring becomes available, the key in the file is not moved into it: a new key is
 * made and kept by the keyring (in `<file>.next` until the move is complete), the caller
 * re-seals what the old key sealed, and `completeMove()` overwrites the old file and puts the
 * new one in its place. A crash at any step leaves both keys where the next start finds them.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { DataProtection } from '../../contract/ipc';
import { syncFolder, writeFileAtomic } from './atomic-file';
import { keyringProtects, type OsEncryption } from './os-keyring';
import { KEY_BYTES, newKey } from './sealed-file';

const fileSchema = z.discriminatedUnion('keptBy', [
  z.object({ version: z.literal(1), keptBy: z.literal('keyring'), key: z.string() }),
  z.object({ version: z.literal(1), keptBy: z.literal('file'), key: z.string() }),
]);

export type MasterKey =
  | {
      key: Buffer;
      protection: DataProtection;
      /** While the key moves into the keyring: the key it replaces (null once that is destroyed), and the step that ends the move. */
      move?: { previousKey: Buffer | null; complete: () => void };
    }
  | { key: null; protection: DataProtection };

const FILE_WARNING =
  'Recordings and results on this computer are encrypted, but their key is kept in a file readable by your user account, not by a system keyring (none is available). Someone who copies your whole user folder can read them.';

function decodeKey(text: string): Buffer {
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error('wrong length');
  return key;
}

/**
 * `requireKeyring`: the policy requires a keyring (`requireProtectedStorage`), or the policy file
 * cannot be used and the strictest value applies (`'broken-policy'`).
 */
export function openMasterKey(options: { file: string; encryption: OsEncryption; platform: NodeJS.Platform; requireKeyring: boolean | 'broken-policy' }): MasterKey {
  const { file, encryption, requireKeyring } = options;
  const keyringRequired =
    requireKeyring === 'broken-policy'
      ? "Recording is turned off until a system keyring is available to protect recordings: your administrator's policy file cannot be used, so its safest setting applies (protected storage required). Ask your administrator to mend the file, or sign in to a desktop session with a keyring."
      : 'Recording is turned off by your administrator until a system keyring is available to protect recordings (policy requireProtectedStorage). Sign in to a desktop session with a keyring, or ask your administrator.';
  const usable = keyringProtects(encryption, options.platform);
  const locked = (problem: string): MasterKey => ({ key: null, protection: { keptBy: null, warning: null, problem } });
  const keep = (key: Buffer, keptBy: 'keyring' | 'file', where = file) =>
    writeFileAtomic(where, JSON.stringify({ version: 1, keptBy, key: keptBy === 'keyring' ? encryption.encryptString(key.toString('base64')).toString('base64') : key.toString('base64') }));
  const next = `${file}.next`;
  const complete = () => {
    destroyFile(file);
    renameSync(next, file);
    syncFolder(dirname(file));
  };

  if (existsSync(next)) {
    // A move into the keyring was interrupted: the new key is in the keyring, the old one (if not yet destroyed) in the file.
    if (!usable) {
      return locked('The recordings on this computer are protected by the system keyring, which is not available now. Nothing has been deleted: sign in to the desktop session whose keyring holds the key, then restart the app.');
    }
    let key: Buffer;
    try {
      const stored = fileSchema.parse(JSON.parse(readFileSync(next, 'utf8')));
      key = decodeKey(stored.keptBy === 'keyring' ? encryption.decryptString(Buffer.from(stored.key, 'base64')) : stored.key);
    } catch {
      return locked('The system keyring could not open the key of the recordings on this computer (the keyring was changed or reset). Nothing has been deleted: restore or unlock the keyring that held it, then restart the app.');
    }
    return { key, protection: { keptBy: 'keyring', warning: null, problem: null }, move: { previousKey: previousFileKey(file), complete } };
  }

  if (!existsSync(file)) {
    if (!usable && requireKeyring) {
      return locked(keyringRequired);
    }
    const key = newKey();
    keep(key, usable ? 'keyring' : 'file');
    return { key, protection: { keptBy: usable ? 'keyring' : 'file', warning: usable ? null : FILE_WARNING, problem: null } };
  }

  let stored: z.infer<typeof fileSchema>;
  try {
    stored = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return locked(`The key of the recordings on this computer (${file}) is damaged, so they cannot be read. Nothing has been deleted; restore the file from a backup.`);
  }
  if (stored.keptBy === 'keyring') {
    if (!usable) {
      return locked('The recordings on this computer are protected by the system keyring, which is not available now. Nothing has been deleted: sign in to the desktop session whose keyring holds the key, then restart the app.');
    }
    try {
      return { key: decodeKey(encryption.decryptString(Buffer.from(stored.key, 'base64'))), protection: { keptBy: 'keyring', warning: null, problem: null } };
    } catch {
      return locked('The system keyring could not open the key of the recordings on this computer (the keyring was changed or reset). Nothing has been deleted: restore or unlock the keyring that held it, then restart the app.');
    }
  }
  let key: Buffer;
  try {
    key = decodeKey(stored.key);
  } catch {
    return locked(`The key of the recordings on this computer (${file}) is damaged, so they cannot be read. Nothing has been deleted; restore the file from a backup.`);
  }
  if (usable) {
    // A keyring has become available: a new key, kept by it, replaces the one in the file.
    const replacement = newKey();
    keep(replacement, 'keyring', next);
    return { key: replacement, protection: { keptBy: 'keyring', warning: null, problem: null }, move: { previousKey: key, complete } };
  }
  if (requireKeyring) {
    return locked(keyringRequired);
  }
  return { key, protection: { keptBy: 'file', warning: FILE_WARNING, problem: null } };
}

/** The key in a user-only file, or null where that file is gone, destroyed or damaged. */
function previousFileKey(file: string): Buffer | null {
  try {
    const stored = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return stored.keptBy === 'file' ? decodeKey(stored.key) : null;
  } catch {
    return null;
  }
}

/** Overwrites a file's bytes in place (as far as the file system keeps them there) before it is replaced. */
function destroyFile(file: string): void {
  if (!existsSync(file)) return;
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(statSync(file).size, 0), 0);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The master keys in the folder, for reading only (the audit trail's command line): the key
 * in `file` and, while a move into the keyring is under way, the one in `<file>.next`.
 * Nothing is written, made or moved; a key that cannot be opened here is left out.
 */
export function masterKeysToRead(file: string, encryption: OsEncryption): Buffer[] {
  const keys: Buffer[] = [];
  for (const path of [`${file}.next`, file]) {
    try {
      const stored = fileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
      keys.push(decodeKey(stored.keptBy === 'keyring' ? encryption.decryptString(Buffer.from(stored.key, 'base64')) : stored.key));
    } catch {
      // Not there, damaged, or kept by a keyring this session cannot open.
    }
  }
  return keys;
}
