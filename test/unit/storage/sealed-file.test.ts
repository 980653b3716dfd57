import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SealedDataError, SealedFileWriter, checkSealedFile, parcelNoncesOf, completeSealedFile, nonceOf, openSealedBytes, readWholeSealedFile, sealBytes, sealedParcelsOf, sealedSizeOf } from '../../../main/storage/sealed-file';
import { tempFolder } from '../../support/temp-folder';
import { readSealed } from '../../support/sealed-reading';

const key = randomBytes(32);
const HEADER = 16;
const PARCEL = 12 + 16_000 + 16;

/** Four half-second parcels of distinct bytes, as the recorder writes them, never finished (a crash). */
function cutOffRecording(): { path: string; plain: Buffer } {
  const path = join(tempFolder(), 'audio.sealed');
  const plain = Buffer.concat([0, 1, 2, 3].map((value) => Buffer.alloc(16_000, value + 1)));
  const writer = SealedFileWriter.create(path, key, { parcelBytes: 16_000 });
  writer.append(plain);
  writer.flush();
  return { path, plain };
}

describe('files encrypted in parcels', () => {
  it('reads back what was written, and nothing of it is on disk in clear', async () => {
    const path = join(tempFolder(), 'a.sealed');
    const plain = Buffer.from('Paracetamol 500 mg '.repeat(5000));
    const writer = SealedFileWriter.create(path, key, { parcelBytes: 16_000 });
    writer.append(plain);
    writer.finish();
    expect(readFileSync(path).includes('Paracetamol')).toBe(false);
    expect(await readSealed(path, key)).toEqual(plain);
    expect(checkSealedFile(path, key)).toMatchObject({ plainBytes: plain.length, damagedParcels: 0, complete: true });
  });

  it('a file cut off by a crash keeps every whole parcel; a torn last write is dropped, and the file is completed', async () => {
    const { path, plain } = cutOffRecording();
    appendFileSync(path, randomBytes(700)); // half a parcel that never made it
    expect(checkSealedFile(path, key)).toMatchObject({ plainBytes: plain.length, complete: false, tornBytes: 700 });
    expect(completeSealedFile(path, key)).toMatchObject({ plainBytes: plain.length, damagedParcels: 0, complete: true });
    expect(checkSealedFile(path, key)).toMatchObject({ plainBytes: plain.length, complete: true, tornBytes: 0 });
    expect(await readSealed(path, key)).toEqual(plain);
  });

  it("a repair never seals with a nonce used before under the file's key, not even the torn parcel's", async () => {
    const path = join(tempFolder(), 'audio.sealed');
    const writer = SealedFileWriter.create(path, key, { parcelBytes: 16_000 });
    writer.append(Buffer.alloc(5 * 16_000, 7));
    writer.flush();
    // The crash tore the fifth parcel: half of it, encrypted under its nonce, is on the disk.
    truncateSync(path, statSync(path).size - 8_000);
    const header = readFileSync(path).subarray(0, HEADER);
    const torn = nonceOf(header, 4);
    completeSealedFile(path, key);
    const nonces = parcelNoncesOf(path);
    expect(nonces).toHaveLength(5);
    const all = [...nonces, torn].map((nonce) => nonce.toString('hex'));
    expect(new Set(all).size).toBe(all.length);
    expect(await readSealed(path, key)).toEqual(Buffer.alloc(4 * 16_000, 7));
  });

  it('a flipped byte in one parcel is detected and counted; the parcels around it are kept', async () => {
    const { path, plain } = cutOffRecording();
    const bytes = readFileSync(path);
    bytes[HEADER + PARCEL + 12 + 5]! ^= 0x40; // the second parcel's ciphertext
    writeFileSync(path, bytes);
    expect(checkSealedFile(path, key)).toMatchObject({ plainBytes: 48_000, damagedParcels: 1 });
    const read = await readSealed(path, key);
    expect(read).toEqual(Buffer.concat([plain.subarray(0, 16_000), plain.subarray(32_000)]));
  });

  it('a damaged parcel header costs only that parcel: the next one is found again', async () => {
    const { path, plain } = cutOffRecording();
    const bytes = readFileSync(path);
    bytes[HEADER + PARCEL + 5]! ^= 0xff; // the second parcel's length
    writeFileSync(path, bytes);
    expect(checkSealedFile(path, key)).toMatchObject({ plainBytes: 48_000, damagedParcels: 1 });
    expect((await readSealed(path, key)).subarray(16_000)).toEqual(plain.subarray(32_000));
  });

  it('parcels cannot be moved between files, reordered, or read with another key', async () => {
    const first = cutOffRecording();
    const second = cutOffRecording();
    const a = readFileSync(first.path);
    const b = readFileSync(second.path);
    b.copy(a, HEADER + PARCEL, HEADER + PARCEL, HEADER + 2 * PARCEL); // the other file's second parcel
    writeFileSync(first.path, a);
    expect(checkSealedFile(first.path, key).damagedParcels).toBe(1);
    expect(checkSealedFile(second.path, randomBytes(32))).toMatchObject({ plainBytes: 0, damagedParcels: 4 });
  });

  it('walks the parcels in order: index, flags, plain bytes, or damaged where one does not verify or comes out of order', () => {
    const { path } = cutOffRecording();
    const bytes = readFileSync(path);
    bytes[HEADER + PARCEL + 12 + 5]! ^= 0x40; // the second parcel's ciphertext
    bytes.copy(bytes, HEADER + 3 * PARCEL, HEADER, HEADER + PARCEL); // the first parcel again where the fourth was
    writeFileSync(path, bytes);
    completeSealedFile(path, key);
    const parcels = [...sealedParcelsOf(path, key)].map(({ index, last, repaired, plain }) => ({ index, last, repaired, plain: plain instanceof Buffer ? [...new Set(plain)] : plain }));
    expect(parcels).toEqual([
      { index: 0, last: false, repaired: false, plain: [1] },
      { index: 1, last: false, repaired: false, plain: 'damaged' },
      { index: 2, last: false, repaired: false, plain: [3] },
      { index: 0, last: false, repaired: false, plain: 'damaged' },
      { index: 3, last: true, repaired: true, plain: [] },
    ]);
    // Without a key, the headers only: each parcel's nonce, nothing read.
    const headers = [...sealedParcelsOf(path, null)];
    expect(headers.map((parcel) => parcel.plain)).toEqual([null, null, null, null, null]);
    expect(headers.map((parcel) => parcel.nonce)).toEqual(parcelNoncesOf(path));
  });

  it('a small file sealed whole opens only whole and with its key', () => {
    const sealed = sealBytes(key, Buffer.from('{"medicine":"Amoxicillin"}'));
    expect(sealed.includes('Amoxicillin')).toBe(false);
    expect(openSealedBytes(key, sealed).toString()).toBe('{"medicine":"Amoxicillin"}');
    expect(() => openSealedBytes(randomBytes(32), sealed)).toThrow(/another key/);
    expect(() => openSealedBytes(key, sealed.subarray(0, sealed.length - 1))).toThrow(/damaged/);
  });

  describe('a finished file read whole, decrypted once (what an upload sends)', () => {
    function finished(): { path: string; plain: Buffer } {
      const path = join(tempFolder(), 'document.sealed');
      const plain = Buffer.concat([0, 1, 2].map((value) => Buffer.alloc(16_000, value + 1)));
      const writer = SealedFileWriter.create(path, key, { parcelBytes: 16_000 });
      writer.append(plain);
      writer.finish();
      return { path, plain };
    }
    const readAll = async (path: string, withKey = key) => {
      const parts: Buffer[] = [];
      try {
        for await (const part of readWholeSealedFile(path, withKey)) parts.push(part);
      } catch (error) {
        return { parts, error };
      }
      return { parts, error: null };
    };

    it('knows its size from the parcel headers alone, and reads it back parcel by parcel', async () => {
      const { path, plain } = finished();
      expect(sealedSizeOf(path)).toEqual({ plainBytes: plain.length, whole: true });
      const { parts, error } = await readAll(path);
      expect(error).toBeNull();
      expect(Buffer.concat(parts)).toEqual(plain);
    });

    it('its size needs no key: a byte flipped inside a parcel is found only when that parcel is read, which then stops with an error', async () => {
      const { path } = finished();
      const bytes = readFileSync(path);
      bytes[HEADER + 2 * PARCEL + 100]! ^= 0xff; // inside the third parcel's ciphertext
      writeFileSync(path, bytes);
      expect(sealedSizeOf(path).whole).toBe(true);
      const { parts, error } = await readAll(path);
      expect(parts).toHaveLength(2);
      expect(error).toBeInstanceOf(SealedDataError);
      expect((await readAll(path, randomBytes(32))).error).toBeInstanceOf(SealedDataError);
    });

    it('a file cut off, or missing a parcel, is not whole by its headers', () => {
      const torn = finished();
      truncateSync(torn.path, statSync(torn.path).size - 10);
      expect(sealedSizeOf(torn.path).whole).toBe(false);
      const unfinished = cutOffRecording();
      expect(sealedSizeOf(unfinished.path).whole).toBe(false);
      const gap = finished();
      const bytes = readFileSync(gap.path);
      writeFileSync(gap.path, Buffer.concat([bytes.subarray(0, HEADER + PARCEL), bytes.subarray(HEADER + 2 * PARCEL)]));
      expect(sealedSizeOf(gap.path)).toEqual({ plainBytes: 32_000, whole: false });
    });
  });
});
