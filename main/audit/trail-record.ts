/**
 * One entry as one line of a trail file: the entry's JSON sealed with the trail's key
 * (storage/sealed-file.ts: AES-256-GCM with its own length and authentication tag), written
 * as base64, then (from data format 3) its hour and its forward-secure tag (trail-tags.ts),
 * `<base64>.<hour>.<tag>`, and ended by a newline. A line cut off by a crash has no newline; a
 * line with a byte changed does not open. The chain runs over the lines as written, tags
 * included: each entry holds the SHA-256 of the line before it, so an entry taken out, put
 * back in another place or replaced by an older one breaks the chain at the next. Pure.
 */
import { createHash } from 'node:crypto';
import { SealedDataError, openSealedBytes, sealBytes } from '../storage/sealed-file';
import { tagOf } from './trail-tags';

export const NEWLINE = 0x0a;

/** A line's hour (counted from when tagging began) and the tag made with that hour's key. */
export interface LineTag {
  period: number;
  tag: string;
}

const LINE = /^([A-Za-z0-9+/]+={0,2})(?:\.(0|[1-9]\d{0,9})\.([0-9a-f]{64}))?$/;

/** The entry sealed, as the line to append (newline included), tagged with its hour's key when one is given. */
export function sealedLine(key: Uint8Array, entry: object, tagging: { period: number; key: Uint8Array } | null = null): Buffer {
  const body = sealBytes(key, Buffer.from(JSON.stringify(entry), 'utf8')).toString('base64');
  const tag = tagging ? `.${tagging.period}.${tagOf(tagging.key, tagging.period, Buffer.from(body, 'ascii'))}` : '';
  return Buffer.from(`${body}${tag}\n`, 'ascii');
}

/** A line's sealed entry (its base64) and its tag (null on a line written before tags); null when it has neither form. */
export function splitLine(line: Buffer): { body: Buffer; tag: LineTag | null } | null {
  const match = LINE.exec(line.toString('ascii'));
  if (!match) return null;
  return { body: Buffer.from(match[1]!, 'ascii'), tag: match[2] === undefined ? null : { period: Number(match[2]), tag: match[3]! } };
}

/** What a line (without its newline) holds, or null when it does not open with the key: changed, damaged, cut, or another key's. */
export function openLine(key: Uint8Array, line: Buffer): unknown {
  const parts = splitLine(line);
  if (!parts) return null;
  try {
    return JSON.parse(openSealedBytes(key, Buffer.from(parts.body.toString('ascii'), 'base64')).toString('utf8')) as unknown;
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
