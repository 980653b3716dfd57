/**
 * Reads the app's encrypted data folder as the app would, for checks: the master key from
 * its file (these tests run without an OS keyring, so it is kept in a user-only file), the
 * dictations' keys from their keyring, and the recordings decrypted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wavHeader } from '../../../main/audio/wav-file';
import { ItemKeyring } from '../../../main/storage/item-keyring';
import { readSealedFile } from '../../../main/storage/sealed-file';

export function masterKeyOf(userDataDir: string): Buffer {
  const stored = JSON.parse(readFileSync(join(userDataDir, 'keys', 'master.json'), 'utf8')) as { keptBy: string; key: string };
  if (stored.keptBy !== 'file') throw new Error('The master key is kept by a keyring; these helpers read only a user-only key file.');
  return Buffer.from(stored.key, 'base64');
}

export function dictationKeyring(userDataDir: string): ItemKeyring {
  return new ItemKeyring(join(userDataDir, 'keys', 'dictations.sealed'), masterKeyOf(userDataDir));
}

export async function decrypted(path: string, key: Uint8Array): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readSealedFile(path, key)) parts.push(part);
  return Buffer.concat(parts);
}

function audioKeyOf(userDataDir: string, id: string): Buffer {
  const keys = dictationKeyring(userDataDir).keysOf(id);
  if (!keys?.audioKey) throw new Error(`No audio key for dictation ${id}.`);
  return keys.audioKey;
}

/** The dictation's recording as a WAV (decrypted in memory). */
export async function recordingWav(userDataDir: string, id: string): Promise<Buffer> {
  const samples = await decrypted(join(userDataDir, 'dictations', id, 'audio.sealed'), audioKeyOf(userDataDir, id));
  return Buffer.concat([wavHeader(samples.length), samples]);
}

/** The dictation's compact MP3 copy (decrypted in memory). */
export async function compactCopy(userDataDir: string, id: string): Promise<Buffer> {
  return decrypted(join(userDataDir, 'dictations', id, 'upload.mp3.sealed'), audioKeyOf(userDataDir, id));
}
