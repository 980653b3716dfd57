/**
 * Files encrypted at rest as a sequence of independently authenticated parcels (AES-256-GCM),
 * so a file that is being appended to (a recording) is readable up to its last whole parcel
 * after a crash, and a damaged parcel costs only itself.
 *
 * Layout: a 16-byte header (`SDSEAL1\n` and an 8-byte random nonce prefix), then parcels of
 * a 12-byte clear header (index with the "last parcel" flag in its top bit, length, and the
 * length's complement, to find the next parcel after a damaged one) and the ciphertext with
 * its 16-byte tag. The nonce is the file's prefix and the parcel index; the file header and
 * the parcel header are authenticated with the parcel, so parcels cannot be reordered, moved
 * between files, or cut off at the end of a finished file unnoticed. Plain Node.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Clock } from '../core/clock';

const MAGIC = Buffer.from('SDSEAL1\n', 'ascii');
const FILE_HEADER_BYTES = 16;
const PARCEL_HEADER_BYTES = 12;
const TAG_BYTES = 16;
const LAST = 0x8000_0000;
/**
 * Set on the last parcel written by a repair after a crash. It takes the index of the parcel the
 * crash tore, whose bytes were already encrypted under that index's nonce: with this flag its
 * nonce differs, so no nonce is ever used twice under a file's key.
 */
const REPAIRED = 0x4000_0000;
const FLAGS = LAST | REPAIRED;
/** No parcel is larger; a length above it is damage. */
const MAX_PARCEL_BYTES = 1024 * 1024;
export const KEY_BYTES = 32;

export function newKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

function parcelHeader(index: number, last: boolean, length: number, repaired = false): Buffer {
  const header = Buffer.alloc(PARCEL_HEADER_BYTES);
  header.writeUInt32BE((index | (last ? LAST : 0) | (repaired ? REPAIRED : 0)) >>> 0, 0);
  header.writeUInt32BE(length, 4);
  header.writeUInt32BE(~length >>> 0, 8);
  return header;
}

/** The parcel's nonce: the file's prefix, then its index with the repair flag (never the "last" flag, which does not change it). */
export function nonceOf(fileHeader: Buffer, indexWithFlags: number): Buffer {
  const nonce = Buffer.alloc(12);
  fileHeader.copy(nonce, 0, 8, 16);
  nonce.writeUInt32BE((indexWithFlags & ~LAST) >>> 0, 8);
  return nonce;
}

function seal(key: Uint8Array, fileHeader: Buffer, index: number, last: boolean, plain: Uint8Array, repaired = false): Buffer {
  const header = parcelHeader(index, last, plain.length, repaired);
  const cipher = createCipheriv('aes-256-gcm', key, nonceOf(fileHeader, repaired ? index | REPAIRED : index));
  cipher.setAAD(Buffer.concat([fileHeader, header]));
  return Buffer.concat([header, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The parcel's plain bytes, or null when it does not verify. */
function unseal(key: Uint8Array, fileHeader: Buffer, header: Buffer, body: Buffer): Buffer | null {
  const word = header.readUInt32BE(0);
  const length = header.readUInt32BE(4);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(fileHeader, word));
    decipher.setAAD(Buffer.concat([fileHeader, header]));
    decipher.setAuthTag(body.subarray(length, length + TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, length)), decipher.final()]);
  } catch {
    return null;
  }
}

function newFileHeader(): Buffer {
  return Buffer.concat([MAGIC, randomBytes(8)]);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
}

/** A small file (a result, a label list) encrypted whole: one last parcel. */
export function sealBytes(key: Uint8Array, plain: Uint8Array): Buffer {
  const fileHeader = newFileHeader();
  return Buffer.concat([fileHeader, seal(key, fileHeader, 0, true, plain)]);
}

export class SealedDataError extends Error {}

/** The plain bytes of `sealBytes`' output; throws SealedDataError when anything does not verify. */
export function openSealedBytes(key: Uint8Array, data: Buffer): Buffer {
  if (data.length < FILE_HEADER_BYTES + PARCEL_HEADER_BYTES + TAG_BYTES || !data.subarray(0, 8).equals(MAGIC)) throw new SealedDataError('not an encrypted file of this app');
  const fileHeader = data.subarray(0, FILE_HEADER_BYTES);
  const header = data.subarray(FILE_HEADER_BYTES, FILE_HEADER_BYTES + PARCEL_HEADER_BYTES);
  const length = header.readUInt32BE(4);
  const body = data.subarray(FILE_HEADER_BYTES + PARCEL_HEADER_BYTES);
  if (header.readUInt32BE(0) !== LAST >>> 0 || body.length !== length + TAG_BYTES) throw new SealedDataError('the file is damaged');
  const plain = unseal(key, fileHeader, header, body);
  if (!plain) throw new SealedDataError('the file is damaged or was encrypted with another key');
  return plain;
}

/**
 * Appends to an encrypted file as data arrives: what was appended becomes a parcel when
 * `flush` is called (or, with `sync`, an append or `syncIfDue` finds the last flush older than
 * its interval on its clock) or when it reaches `parcelBytes`. `finish` writes the last parcel
 * and syncs; a file without one was cut off (a crash), and is read up to its last whole parcel.
 */
/** How often a writer puts what was appended on disk, on its clock. */
export interface SyncPace {
  everyMs: number;
  clock: Pick<Clock, 'now'>;
}

export class SealedFileWriter {
  private readonly pending: Buffer;
  private pendingBytes = 0;
  private index = 0;
  private plain = 0;
  private lastFlush: number;
  private closed = false;

  private constructor(
    private readonly fd: number,
    private readonly key: Uint8Array,
    private readonly fileHeader: Buffer,
    private readonly options: { parcelBytes: number; sync: SyncPace | null; partialPath: string | null; finalPath: string },
  ) {
    this.pending = Buffer.alloc(options.parcelBytes);
    this.lastFlush = options.sync?.clock.now() ?? 0;
  }

  /**
   * `partial`: written under `<path>.partial` and renamed into place by `finish`, for a file
   * that is only of use whole (the compact copy). `sync`: what is appended is put on disk at
   * least this often (a recording as it is made); without it, at `flush` and `finish`.
   */
  static create(path: string, key: Uint8Array, options: { parcelBytes?: number; sync?: SyncPace; partial?: boolean } = {}): SealedFileWriter {
    const partialPath = options.partial ? `${path}.partial` : null;
    const fd = openSync(partialPath ?? path, 'w', 0o600);
    const fileHeader = newFileHeader();
    try {
      // Synced with the first parcel (`flush`, `finish`): a header alone holds nothing to keep, and Record waits for this.
      writeAll(fd, fileHeader);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    return new SealedFileWriter(fd, key, fileHeader, {
      parcelBytes: Math.min(options.parcelBytes ?? 64 * 1024, MAX_PARCEL_BYTES),
      sync: options.sync ?? null,
      partialPath,
      finalPath: path,
    });
  }

  /** Plain bytes appended so far. */
  get plainBytes(): number {
    return this.plain;
  }

  append(bytes: Uint8Array): void {
    for (let taken = 0; taken < bytes.length; ) {
      const count = Math.min(bytes.length - taken, this.pending.length - this.pendingBytes);
      this.pending.set(bytes.subarray(taken, taken + count), this.pendingBytes);
      this.pendingBytes += count;
      taken += count;
      if (this.pendingBytes === this.pending.length) this.writeParcel(false);
    }
    this.plain += bytes.length;
    this.syncIfDue();
  }

  /** Seals what is pending and puts it on disk, if the last flush is older than the interval. */
  syncIfDue(): void {
    const { sync } = this.options;
    if (!this.closed && sync && sync.clock.now() - this.lastFlush >= sync.everyMs) this.flush();
  }

  flush(): void {
    if (this.closed) return;
    if (this.pendingBytes > 0) this.writeParcel(false);
    fsyncSync(this.fd);
    this.lastFlush = this.options.sync?.clock.now() ?? 0;
  }

  /** Writes the last parcel, syncs, closes (and renames a partial file into place). */
  finish(): { plainBytes: number } {
    if (!this.closed) {
      this.writeParcel(true);
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.closed = true;
      if (this.options.partialPath) renameSync(this.options.partialPath, this.options.finalPath);
    }
    return { plainBytes: this.plain };
  }

  /** Closes without a last parcel; a partial file is deleted. */
  abandon(): void {
    if (this.closed) return;
    closeSync(this.fd);
    this.closed = true;
    if (this.options.partialPath) rmSync(this.options.partialPath, { force: true });
  }

  private writeParcel(last: boolean): void {
    writeAll(this.fd, seal(this.key, this.fileHeader, this.index, last, this.pending.subarray(0, this.pendingBytes)));
    this.index += 1;
    this.pendingBytes = 0;
  }
}

/** A parcel as found on disk: where it is and what its header says (not yet verified). */
interface ParcelAt {
  position: number;
  /** The header's first word: the index with its flags. */
  word: number;
  length: number;
}

interface SealedLayout {
  fileHeader: Buffer;
  parcels: ParcelAt[];
  /** Stretches between parcels that are no parcel (damage), in bytes. */
  unreadableStretches: number;
  /** Bytes at the end that are not a whole parcel (a write cut off by a crash). */
  tornBytes: number;
  /** Where the last whole parcel ends. */
  end: number;
}

function plausible(header: Buffer, size: number, position: number): boolean {
  const length = header.readUInt32BE(4);
  return (length ^ header.readUInt32BE(8)) >>> 0 === 0xffff_ffff && length <= MAX_PARCEL_BYTES && position + PARCEL_HEADER_BYTES + length + TAG_BYTES <= size;
}

/** Reads the parcel headers of an encrypted file (no decryption); throws SealedDataError for a file that is not one. */
function layoutOf(fd: number): SealedLayout {
  const size = fstatSync(fd).size;
  const fileHeader = Buffer.alloc(FILE_HEADER_BYTES);
  if (size < FILE_HEADER_BYTES || readSync(fd, fileHeader, 0, FILE_HEADER_BYTES, 0) < FILE_HEADER_BYTES || !fileHeader.subarray(0, 8).equals(MAGIC)) {
    throw new SealedDataError('not an encrypted file of this app');
  }
  const parcels: ParcelAt[] = [];
  const header = Buffer.alloc(PARCEL_HEADER_BYTES);
  let position = FILE_HEADER_BYTES;
  let end = position;
  let unreadableStretches = 0;
  while (position + PARCEL_HEADER_BYTES <= size) {
    readSync(fd, header, 0, PARCEL_HEADER_BYTES, position);
    if (plausible(header, size, position)) {
      const length = header.readUInt32BE(4);
      parcels.push({ position, word: header.readUInt32BE(0), length });
      position += PARCEL_HEADER_BYTES + length + TAG_BYTES;
      end = position;
      continue;
    }
    // Damage: look for the next header that makes sense (its parcel is verified later anyway).
    const next = findNextHeader(fd, position + 1, size);
    if (next === null) break;
    unreadableStretches += 1;
    position = next;
  }
  return { fileHeader, parcels, unreadableStretches, tornBytes: size - end, end };
}

function findNextHeader(fd: number, from: number, size: number): number | null {
  const window = Buffer.alloc(64 * 1024);
  for (let start = from; start + PARCEL_HEADER_BYTES <= size; start += window.length - PARCEL_HEADER_BYTES) {
    const read = readSync(fd, window, 0, window.length, start);
    for (let offset = 0; offset + PARCEL_HEADER_BYTES <= read; offset += 1) {
      if (plausible(window.subarray(offset, offset + PARCEL_HEADER_BYTES), size, start + offset)) return start + offset;
    }
    if (read < window.length) break;
  }
  return null;
}

/** One parcel of an encrypted file, as `sealedParcels` reads it. */
export interface SealedParcel {
  /** The index its header gives (without the flags). */
  index: number;
  last: boolean;
  repaired: boolean;
  /** The nonce it was sealed with, by its header. */
  nonce: Buffer;
  /**
   * Its plain bytes; `damaged` when it does not verify, or comes after a later parcel (out of
   * order or repeated); null when no key was given (its header only, nothing read).
   */
  plain: Buffer | 'damaged' | null;
}

/** An encrypted file opened for reading: what its headers say, and its parcels, read and verified one at a time as they are iterated. */
interface SealedParcels extends Omit<SealedLayout, 'parcels'> {
  parcels(): Generator<SealedParcel>;
}

/**
 * The one walk over a file's parcels: in the order they are on disk, each read only when its
 * turn comes (a 10-minute recording is never held in memory whole). Parcels must follow each
 * other by index: one whose index is not above the last that verified is damaged, unread.
 */
function sealedParcels(fd: number, key: Uint8Array | null): SealedParcels {
  const { parcels: found, ...layout } = layoutOf(fd);
  return {
    ...layout,
    *parcels() {
      let expected = 0;
      for (const at of found) {
        const parcel = { index: (at.word & ~FLAGS) >>> 0, last: (at.word & LAST) !== 0, repaired: (at.word & REPAIRED) !== 0, nonce: nonceOf(layout.fileHeader, at.word) };
        if (key === null) {
          yield { ...parcel, plain: null };
          continue;
        }
        let plain: Buffer | null = null;
        if (parcel.index >= expected) {
          const bytes = Buffer.alloc(PARCEL_HEADER_BYTES + at.length + TAG_BYTES);
          readSync(fd, bytes, 0, bytes.length, at.position);
          plain = unseal(key, layout.fileHeader, bytes.subarray(0, PARCEL_HEADER_BYTES), bytes.subarray(PARCEL_HEADER_BYTES));
        }
        if (plain) expected = parcel.index + 1;
        yield { ...parcel, plain: plain ?? 'damaged' };
      }
    },
  };
}

function withFile<T>(path: string, flags: 'r' | 'r+', use: (fd: number) => T): T {
  const fd = openSync(path, flags);
  try {
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

/** The parcels of the file at `path` (see `sealedParcels`); without a key, their headers only. */
export function* sealedParcelsOf(path: string, key: Uint8Array | null): Generator<SealedParcel> {
  const fd = openSync(path, 'r');
  try {
    yield* sealedParcels(fd, key).parcels();
  } finally {
    closeSync(fd);
  }
}

export interface SealedCheck {
  /** Plain bytes in the parcels that verify. */
  plainBytes: number;
  /** Parcels (by position in the file) that do not verify, and damaged stretches between parcels. */
  damagedParcels: number;
  /** The last parcel was written: the file is complete. */
  complete: boolean;
  tornBytes: number;
}

/** Verifies every parcel (without keeping the plain bytes); also the highest index any header gives. */
function tally(file: SealedParcels): { check: SealedCheck; highestIndex: number } {
  let plainBytes = 0;
  let damaged = 0;
  let failedSinceGood = 0;
  let complete = false;
  let expected = 0;
  let parcels = 0;
  let highestIndex = -1;
  for (const parcel of file.parcels()) {
    parcels += 1;
    highestIndex = Math.max(highestIndex, parcel.index);
    if (!(parcel.plain instanceof Buffer)) {
      failedSinceGood += 1;
      continue;
    }
    // Indexes skipped since the last good parcel are the damaged ones (whatever their headers said).
    damaged += parcel.index - expected;
    failedSinceGood = 0;
    expected = parcel.index + 1;
    plainBytes += parcel.plain.length;
    if (parcel.last) complete = true;
  }
  damaged += Math.max(failedSinceGood, parcels === 0 ? file.unreadableStretches : 0);
  return { check: { plainBytes, damagedParcels: damaged, complete, tornBytes: file.tornBytes }, highestIndex };
}

/**
 * Decrypts every parcel to check it (without keeping the plain bytes). Parcels must follow
 * each other by index; one out of order or repeated counts as damaged.
 */
export function checkSealedFile(path: string, key: Uint8Array): SealedCheck {
  return withFile(path, 'r', (fd) => tally(sealedParcels(fd, key)).check);
}

/**
 * The plain bytes of the parcels that verify, in order, read as needed (a 10-minute
 * recording is never held in memory whole). Damaged parcels are left out: `checkSealedFile`
 * has told the caller about them beforehand.
 */
export async function* readSealedFile(path: string, key: Uint8Array): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    for (const parcel of sealedParcels(handle.fd, key).parcels()) {
      if (parcel.plain instanceof Buffer && parcel.plain.length > 0) yield parcel.plain;
    }
  } finally {
    await handle.close();
  }
}

/**
 * What a finished file holds, by its parcel headers alone (nothing decrypted): its plain size,
 * and whether its parcels are whole, numbered in order from 0 and closed by the last one. A
 * file that is whole by its headers may still hold a parcel that does not verify: reading it
 * with `readWholeSealedFile` tells.
 */
export function sealedSizeOf(path: string): { plainBytes: number; whole: boolean } {
  return withFile(path, 'r', (fd) => {
    const layout = layoutOf(fd);
    let plainBytes = 0;
    let whole = layout.unreadableStretches === 0 && layout.tornBytes === 0 && layout.parcels.length > 0;
    layout.parcels.forEach((at, position) => {
      plainBytes += at.length;
      const last = (at.word & LAST) !== 0;
      if (((at.word & ~FLAGS) >>> 0) !== position || last !== (position === layout.parcels.length - 1)) whole = false;
    });
    return { plainBytes, whole };
  });
}

/**
 * The plain bytes of a finished file, parcel by parcel, each verified as it is read (decrypted
 * once, never held whole). Throws SealedDataError at the first parcel that does not verify or
 * is out of its place, and when the file does not end with its last parcel: what was yielded
 * before must then be thrown away by the reader.
 */
export async function* readWholeSealedFile(path: string, key: Uint8Array): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    let expected = 0;
    let ended = false;
    for (const parcel of sealedParcels(handle.fd, key).parcels()) {
      if (ended || parcel.index !== expected || !(parcel.plain instanceof Buffer)) throw new SealedDataError('a parcel of the file does not verify');
      expected += 1;
      ended = parcel.last;
      if (parcel.plain.length > 0) yield parcel.plain;
    }
    if (!ended) throw new SealedDataError('the file ends before its last part');
  } finally {
    await handle.close();
  }
}

/** Every nonce the file's parcels were sealed with, in order (for the test that no nonce is used twice). */
export function parcelNoncesOf(path: string): Buffer[] {
  return Array.from(sealedParcelsOf(path, null), (parcel) => parcel.nonce);
}

/**
 * Makes a file cut off by a crash whole: drops a torn parcel at the end and writes the last
 * parcel after the last one found. Returns what it holds (damaged parcels counted, not dropped
 * silently).
 */
export function completeSealedFile(path: string, key: Uint8Array): SealedCheck {
  const { check: before, highestIndex } = withFile(path, 'r', (fd) => tally(sealedParcels(fd, key)));
  if (before.complete) return before;
  withFile(path, 'r+', (fd) => {
    const { end, fileHeader } = layoutOf(fd);
    ftruncateSync(fd, end);
    const last = seal(key, fileHeader, highestIndex + 1, true, Buffer.alloc(0), true);
    for (let written = 0; written < last.length; ) written += writeSync(fd, last, written, last.length - written, end + written);
    fsyncSync(fd);
  });
  return { ...before, complete: true };
}

/**
 * Encrypts a file left in clear by an earlier version, crash-safely: the encrypted copy is
 * written beside it, synced and renamed into place before the clear file is deleted, so an
 * interruption at any point leaves one whole copy, and doing it again is harmless.
 * `skipBytes`: a header not to keep (a WAV's 44 bytes).
 */
export function sealClearFile(clearPath: string, sealedPath: string, key: Uint8Array, skipBytes = 0): void {
  const input = openSync(clearPath, 'r');
  const writer = SealedFileWriter.create(`${sealedPath}.migrating`, key);
  try {
    const buffer = Buffer.alloc(256 * 1024);
    for (let position = skipBytes; ; ) {
      const read = readSync(input, buffer, 0, buffer.length, position);
      if (read === 0) break;
      writer.append(buffer.subarray(0, read));
      position += read;
    }
    writer.finish();
  } catch (error) {
    writer.abandon();
    rmSync(`${sealedPath}.migrating`, { force: true });
    throw error;
  } finally {
    closeSync(input);
  }
  renameSync(`${sealedPath}.migrating`, sealedPath);
  rmSync(clearPath, { force: true });
}
