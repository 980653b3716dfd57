/**
 * A file to upload, as the client sees it: its name, type and exact size, and a way to read
 * it from the start (again, when a request is replayed). Where the bytes come from (a plain
 * file, or an encrypted one decrypted as it is read) is the caller's business.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Refusal } from '../core/refusal';
import { readSealedFile, readWholeSealedFile, sealedSizeOf } from '../storage/sealed-file';

export interface UploadSource {
  fileName: string;
  contentType: string;
  /** Bytes that `open()` yields. */
  size: number;
  open(): Readable;
}

/** A file on disk, uploaded as it is. */
export async function plainFileSource(path: string, fileName: string, contentType: string): Promise<UploadSource> {
  const { size } = await stat(path);
  return { fileName, contentType, size, open: () => createReadStream(path, { highWaterMark: 256 * 1024 }) };
}

/**
 * An encrypted file (sealed-file.ts), decrypted parcel by parcel as it is sent; no clear copy
 * is written. `plainBytes`: what its verified parcels hold (checkSealedFile, or as counted
 * earlier); `prefix`: bytes sent before it (a WAV header). Should the file hold other than
 * `plainBytes` when read (damaged since it was counted), reading fails rather than send
 * other than the size announced; `onMismatch` hears it first.
 */
export function sealedFileSource(
  path: string,
  key: Uint8Array,
  plainBytes: number,
  fileName: string,
  contentType: string,
  prefix?: Buffer,
  onMismatch?: () => void,
): UploadSource {
  async function* bytes(): AsyncGenerator<Buffer> {
    if (prefix) yield prefix;
    let read = 0;
    for await (const parcel of readSealedFile(path, key)) {
      read += parcel.length;
      if (read > plainBytes) break;
      yield parcel;
    }
    if (read !== plainBytes) {
      onMismatch?.();
      throw new Error('The file changed on the disk since it was checked (a parcel no longer verifies); it is checked again at the next attempt.');
    }
  }
  return { fileName, contentType, size: (prefix?.length ?? 0) + plainBytes, open: () => Readable.from(bytes(), { objectMode: false }) };
}

/**
 * A finished encrypted file sent whole (a lab report's copy, a compact MP3), decrypted once,
 * as it is sent: its size from its parcel headers, each parcel verified as it goes. A file that
 * is not whole is refused before anything is sent; a parcel that does not open stops the
 * upload midway with `damaged` (a storage refusal, never a network failure), so a partial
 * file is never counted as sent. `onDamaged` hears it first.
 */
export function wholeSealedFileSource(path: string, key: Uint8Array, fileName: string, contentType: string, damaged: string, onDamaged?: () => void): UploadSource {
  const { plainBytes, whole } = sealedSizeOf(path);
  if (!whole) {
    onDamaged?.();
    throw new Refusal('storage', damaged);
  }
  async function* bytes(): AsyncGenerator<Buffer> {
    try {
      yield* readWholeSealedFile(path, key);
    } catch (error) {
      onDamaged?.();
      throw new Refusal('storage', damaged, { cause: error });
    }
  }
  return { fileName, contentType, size: plainBytes, open: () => Readable.from(bytes(), { objectMode: false }) };
}

export async function readWhole(source: UploadSource): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source.open()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
