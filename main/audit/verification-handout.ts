/**
 * The verification key on its way to the clinic's IT: kept sealed with the trail's key in
 * `keys/audit-verification.sealed` from the moment tagging begins until `--audit-checkpoint`
 * shows it, once, and erases it. Until then, whoever can open the trail's key can read it too:
 * IT takes it when the computer is set up. Plain Node.
 */
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { syncFolder, writeFileAtomic } from '../storage/atomic-file';
import { KEYS_FOLDER } from '../storage/data-format';
import { SealedDataError, openSealedBytes, sealBytes } from '../storage/sealed-file';

export const HANDOUT_FILE = 'audit-verification.sealed';

export function handoutPath(userData: string): string {
  return join(userData, KEYS_FOLDER, HANDOUT_FILE);
}

export function keepHandout(path: string, trailKey: Uint8Array, verificationKey: string): void {
  writeFileAtomic(path, sealBytes(trailKey, Buffer.from(verificationKey, 'utf8')));
}

/** What is waiting to be handed out: the key, none (taken already, or never made here), or a file the trail's key does not open. */
export type Handout = { kind: 'waiting'; verificationKey: string } | { kind: 'none' } | { kind: 'unreadable' };

export function readHandout(path: string, trailKey: Uint8Array): Handout {
  let sealed: Buffer;
  try {
    sealed = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    throw error;
  }
  try {
    return { kind: 'waiting', verificationKey: openSealedBytes(trailKey, sealed).toString('utf8') };
  } catch (error) {
    if (error instanceof SealedDataError) return { kind: 'unreadable' };
    throw error;
  }
}

/** Erases the verification key from the computer, once it was shown. */
export function eraseHandout(path: string): void {
  rmSync(path, { force: true });
  syncFolder(dirname(path));
}
