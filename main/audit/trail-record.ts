/**
 * One entry as one line of a trail file: the entry's JSON sealed with the trail's key
 * (storage/sealed-file.ts: AES-256-GCM with its own length and authentication tag), written
 * as base64 and ended by a newline. A line cut off by a crash has no newline; a line with a
 * byte changed does not open. The chain runs over the lines as written: each entry holds the
 * SHA-256 of the line before it, so an entry taken out, put back in another place or
 * replaced by an older one breaks the chain at the next. Pure.
 */
import { createHash } from 'node:crypto';
import { SealedDataError, openSealedBytes, sealBytes } from '../storage/sealed-file';

export const NEWLINE = 0x0a;

/** The entry sealed, as the line to append (newline included). */
export function sealedLine(key: Uint8Array, entry: object): Buffer {
  return Buffer.from(`${sealBytes(key, Buffer.from(JSON.stringify(entry), 'utf8')).toString('base64')}\n`, 'ascii');
}

/** What a line (without its newline) holds, or null when it does not open with the key: changed, damaged, cut, or another key's. */
export function openLine(key: Uint8Array, line: Buffer): unknown {
  const text = line.toString('ascii');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    return JSON.parse(openSealedBytes(key, Buffer.from(text, 'base64')).toString('utf8')) as unknown;
  } catch (error) {
    if (error instanceof SealedDataError || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The line's fingerprint (SHA-256, hex), without its newline: what the next entry's `prev` holds. */
export function fingerprint(line: Buffer): string {
  const end = line.length > 0 && line[line.length - 1] === NEWLINE ? line.length - 1 : line.length;
  return createHash('sha256').update(line.subarray(0, end)).digest('hex');
}
