/**
 * One JSON document sealed with the master key, read once and replaced atomically on each
 * change (the patients). Like the item keyrings, a file still sealed by the key being replaced
 * (a master key moving into a keyring) is read with it and sealed again with the new one before
 * the constructor returns, so the old key can then be destroyed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-file';
import { SealedDataError, openSealedBytes, sealBytes } from './sealed-file';

export class DocumentUnreadable extends Error {}

export class SealedDocument {
  /** What the file held when opened; null when there was no file. */
  readonly initial: unknown;

  /** Throws DocumentUnreadable when the file exists but cannot be opened with either key. */
  constructor(
    private readonly file: string,
    private readonly masterKey: Buffer,
    previousKey: Buffer | null,
    what: string,
  ) {
    if (!existsSync(file)) {
      this.initial = null;
      return;
    }
    try {
      const sealed = readFileSync(file);
      let plain: Buffer;
      let resealed = false;
      try {
        plain = openSealedBytes(masterKey, sealed);
      } catch (error) {
        if (!(error instanceof SealedDataError) || !previousKey) throw error;
        plain = openSealedBytes(previousKey, sealed);
        resealed = true;
      }
      this.initial = JSON.parse(plain.toString('utf8')) as unknown;
      if (resealed) this.write(this.initial);
    } catch (error) {
      const why = error instanceof SealedDataError ? error.message : 'it is not in a form this version knows';
      throw new DocumentUnreadable(`The ${what} on this computer (${file}) cannot be read: ${why}. Nothing has been deleted.`);
    }
  }

  write(value: unknown): void {
    writeFileAtomic(this.file, sealBytes(this.masterKey, Buffer.from(JSON.stringify(value), 'utf8')));
  }
}
