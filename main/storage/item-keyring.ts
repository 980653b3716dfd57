/**
 * One random key per dictation and per lab report (and one for a dictation's audio, so the
 * retention rule can destroy the audio and keep the result), with the item's label (it may
 * name a patient) and the patient it is for (an id in the patients' sealed file: which items
 * belong to one person is patient data too), all in one file encrypted with the master key. A single file because
 * start-up reads it once, not thousands of times. A new item's keys are appended to a journal
 * beside it (Record waits for them to be on disk, and the whole file of a clinic's 20,000
 * items takes about 40 ms to write); any other change replaces the file atomically and empties
 * the journal, so that nothing changed or destroyed lingers on disk. Forgetting an item's key
 * first makes every copy of its files unreadable, also with the master key.
 */
import { closeSync, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { syncFolder, writeFileAtomic } from './atomic-file';
import { SealedDataError, newKey, openSealedBytes, sealBytes } from './sealed-file';

interface Entry {
  /** The item's key (results, documents), base64. */
  k: string;
  /** The audio's key, base64; absent once the audio has been deleted. */
  a?: string;
  /** The label (a dictation's label, a document's file name). */
  l: string;
  /** The patient's id, when the item is for a chosen patient. */
  p?: string;
  /** A consultation's consent (who confirmed it, when, the notice read): kept with the item's keys, destroyed with them. */
  c?: Record<string, unknown>;
}

/**
 * The file is authenticated (only this app, with the master key, can have written it), so
 * its entries are checked for shape by hand: a schema library costs more than the rest of
 * reading 5,000 of them.
 */
function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.k === 'string' &&
    (entry.a === undefined || typeof entry.a === 'string') &&
    typeof entry.l === 'string' &&
    (entry.p === undefined || typeof entry.p === 'string') &&
    (entry.c === undefined || (typeof entry.c === 'object' && entry.c !== null))
  );
}

/**
 * The file's entries, in columns (version 2): one array per field, an item's values at its
 * place in `ids`. Thousands of short strings in a few arrays parse about three times faster
 * than as thousands of objects, and start-up reads them all.
 */
interface Columns {
  version: 2;
  /** Which journal records belong to this file: those written with the same number (absent: 0). */
  g?: number;
  ids: string[];
  k: string[];
  a: Array<string | null>;
  l: string[];
  p: Array<string | null>;
  c: Array<Record<string, unknown> | null>;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';
const isRecordOrNull = (value: unknown) => value === null || (typeof value === 'object' && !Array.isArray(value));

function isColumns(value: { version?: unknown }): value is Columns {
  const columns = value as Partial<Record<keyof Columns, unknown>>;
  const ids = columns.ids;
  if (!Array.isArray(ids)) return false;
  const sized = (column: unknown, check: (item: unknown) => boolean) => Array.isArray(column) && column.length === ids.length && column.every(check);
  return sized(ids, isString) && sized(columns.k, isString) && sized(columns.a, isStringOrNull) && sized(columns.l, isString) && sized(columns.p, isStringOrNull) && sized(columns.c, isRecordOrNull);
}

/** The file's entries, read into `items` in one pass (start-up reads thousands), and its journal's number; version 1 kept an object per item. */
function readEntries(text: string, items: Map<string, Entry>): number {
  const parsed = JSON.parse(text) as { version?: unknown; items?: unknown };
  if (parsed.version === 2 && isColumns(parsed)) {
    parsed.ids.forEach((id, at) => {
      const entry: Entry = { k: parsed.k[at]!, l: parsed.l[at]! };
      if (parsed.a[at]) entry.a = parsed.a[at]!;
      if (parsed.p[at]) entry.p = parsed.p[at]!;
      if (parsed.c[at]) entry.c = parsed.c[at]!;
      items.set(id, entry);
    });
    return Number.isSafeInteger(parsed.g) ? parsed.g! : 0;
  }
  if (parsed.version !== 1 || typeof parsed.items !== 'object' || parsed.items === null) throw new Error('unknown form');
  const read = parsed.items as Record<string, unknown>;
  for (const id of Object.keys(read)) {
    const entry = read[id];
    if (!isEntry(entry)) throw new Error('unknown form');
    items.set(id, entry);
  }
  return 0;
}

/** One journal record: new items' entries, for the file of the same number. */
interface JournalRecord {
  g: number;
  items: Array<[string, Entry]>;
}

function isJournalRecord(value: unknown): value is JournalRecord {
  const record = value as Partial<JournalRecord> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    Number.isSafeInteger(record.g) &&
    Array.isArray(record.items) &&
    record.items.every((item) => Array.isArray(item) && item.length === 2 && typeof item[0] === 'string' && isEntry(item[1]))
  );
}

/** Each journal record is its length (4 bytes) and its sealed JSON. */
const LENGTH_BYTES = 4;
/** After this many records the next change replaces the file instead (one Record in this many waits for the whole file). */
export const MOST_JOURNAL_RECORDS = 500;
/** A batch of more new items than this (a migration, seeding) writes the whole file: one write, and a journal kept short. */
const MOST_ITEMS_APPENDED = 64;

/** The first of `keys` that opens a sealed record, and what it holds; null when none does. */
function openWithAny(keys: Buffer[], sealed: Buffer): { text: string; byFirst: boolean } | null {
  for (const [index, key] of keys.entries()) {
    try {
      return { text: openSealedBytes(key, sealed).toString('utf8'), byFirst: index === 0 };
    } catch (error) {
      if (!(error instanceof SealedDataError)) throw error;
    }
  }
  return null;
}

/**
 * Applies the journal of the file of number `generation` to `items`. `clean` is false when it
 * should be emptied into the file: its last record cut short (the app stopped while writing
 * it: its items were never used), a record of another file, or one sealed with a previous key.
 */
function readJournal(path: string, generation: number, keys: Buffer[], items: Map<string, Entry>): { records: number; bytes: number; clean: boolean } {
  if (!existsSync(path)) return { records: 0, bytes: 0, clean: true };
  const bytes = readFileSync(path);
  let clean = true;
  let records = 0;
  for (let at = 0; at < bytes.length; records += 1) {
    const end = bytes.length - at >= LENGTH_BYTES ? at + LENGTH_BYTES + bytes.readUInt32BE(at) : Infinity;
    const opened = end <= bytes.length ? openWithAny(keys, bytes.subarray(at + LENGTH_BYTES, end)) : null;
    if (!opened) {
      if (end >= bytes.length) return { records, bytes: at, clean: false };
      throw new SealedDataError('a record of its journal is damaged');
    }
    const record: unknown = JSON.parse(opened.text);
    if (!isJournalRecord(record)) throw new Error('unknown form');
    // A record of an earlier file is in it, or was destroyed since; one of a later file (an older file put back) is kept.
    if (record.g >= generation) for (const [id, entry] of record.items) items.set(id, entry);
    clean &&= record.g === generation && opened.byFirst;
    at = end;
  }
  return { records, bytes: bytes.length, clean };
}

/** The entries in columns, as the file keeps them. */
function columnsOf(items: Map<string, Entry>): Columns {
  const columns: Columns = { version: 2, ids: [], k: [], a: [], l: [], p: [], c: [] };
  for (const [id, entry] of items) {
    columns.ids.push(id);
    columns.k.push(entry.k);
    columns.a.push(entry.a ?? null);
    columns.l.push(entry.l);
    columns.p.push(entry.p ?? null);
    columns.c.push(entry.c ?? null);
  }
  return columns;
}

export interface ItemKeys {
  key: Buffer;
  audioKey: Buffer | null;
}

export class KeyringUnreadable extends Error {}

export class ItemKeyring {
  private readonly items = new Map<string, Entry>();
  /** Batches open now (one may run inside another): the file is written once the outermost ends. */
  private batching = 0;
  /** In the batch open now: items created (appended at its end), and whether anything else changed (the file replaced). */
  private created = new Set<string>();
  private changed = false;
  private readonly journal: string;
  /** The file's number, which its journal's records carry. */
  private generation = 0;
  private journalRecords = 0;
  private journalBytes = 0;

  /**
   * Throws KeyringUnreadable when the file exists but cannot be read with this master key.
   * A file still sealed by `previousKey` (a master key being replaced) is read with it and
   * sealed again with the new one before the constructor returns.
   */
  constructor(
    private readonly file: string,
    private readonly masterKey: Buffer,
    previousKey: Buffer | null = null,
  ) {
    this.journal = `${file}.journal`;
    const hasFile = existsSync(file);
    // A new keyring's first items may be in its journal alone.
    if (!hasFile && !existsSync(this.journal)) return;
    try {
      const keys = previousKey ? [masterKey, previousKey] : [masterKey];
      let resealed = false;
      if (hasFile) {
        const opened = openWithAny(keys, readFileSync(file));
        if (!opened) throw new SealedDataError('the file is damaged or was encrypted with another key');
        resealed = !opened.byFirst;
        this.generation = readEntries(opened.text, this.items);
      }
      const read = readJournal(this.journal, this.generation, keys, this.items);
      this.journalRecords = read.records;
      this.journalBytes = read.bytes;
      if (resealed || !read.clean || read.records >= MOST_JOURNAL_RECORDS) this.replace();
    } catch (error) {
      throw unreadable(file, error);
    }
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  keysOf(id: string): ItemKeys | null {
    const entry = this.items.get(id);
    if (!entry) return null;
    return { key: Buffer.from(entry.k, 'base64'), audioKey: entry.a ? Buffer.from(entry.a, 'base64') : null };
  }

  labelOf(id: string): string {
    return this.items.get(id)?.l ?? '';
  }

  /** The patient the item is for, or null. */
  patientOf(id: string): string | null {
    return this.items.get(id)?.p ?? null;
  }

  /** What is kept of the item's consent, as it was given (checked by its reader); null when none. */
  consentOf(id: string): Record<string, unknown> | null {
    return this.items.get(id)?.c ?? null;
  }

  setConsent(id: string, consent: Record<string, unknown> | null): void {
    const entry = this.items.get(id);
    if (!entry || JSON.stringify(entry.c ?? null) === JSON.stringify(consent)) return;
    if (consent) entry.c = consent;
    else delete entry.c;
    this.persist(id);
  }

  /** New keys for a new item (kept on disk before anything is written with them). */
  create(id: string, label: string, withAudio: boolean, patientId: string | null = null): ItemKeys {
    const existing = this.keysOf(id);
    if (existing) return existing;
    const entry: Entry = { k: newKey().toString('base64'), l: label };
    if (withAudio) entry.a = newKey().toString('base64');
    if (patientId) entry.p = patientId;
    this.items.set(id, entry);
    this.created.add(id);
    if (this.batching === 0) this.save();
    return this.keysOf(id)!;
  }

  setLabel(id: string, label: string): void {
    const entry = this.items.get(id);
    if (!entry || entry.l === label) return;
    entry.l = label;
    this.persist(id);
  }

  setPatient(id: string, patientId: string | null): void {
    const entry = this.items.get(id);
    if (!entry || (entry.p ?? null) === patientId) return;
    if (patientId) entry.p = patientId;
    else delete entry.p;
    this.persist(id);
  }

  /** Destroys the audio's key: the recording's files are unreadable from now on, wherever a copy lies. */
  forgetAudio(id: string): void {
    const entry = this.items.get(id);
    if (!entry?.a) return;
    delete entry.a;
    this.persist();
  }

  /** Destroys the item's keys and label. */
  forget(id: string): void {
    if (this.items.delete(id)) this.persist();
  }

  /** Keys of items whose folders are gone (a crash between forgetting and deleting, or the reverse). */
  forgetAllBut(ids: Set<string>): number {
    let forgotten = 0;
    for (const id of this.items.keys()) {
      if (!ids.has(id)) {
        this.items.delete(id);
        forgotten += 1;
      }
    }
    if (forgotten > 0) this.persist();
    return forgotten;
  }

  ids(): string[] {
    return [...this.items.keys()];
  }

  /** Makes many changes with one write at the end (moving thousands of labels at the first start). */
  batch(changes: () => void): void {
    this.batching += 1;
    try {
      changes();
    } finally {
      this.batching -= 1;
      if (this.batching === 0) this.save();
    }
  }

  /** Changes an item: appended with it when it is new in the batch open now, otherwise the file is replaced. */
  private persist(id: string | null = null): void {
    if (id === null || !this.created.has(id)) this.changed = true;
    if (this.batching === 0) this.save();
  }

  private save(): void {
    const created = this.created;
    const changed = this.changed;
    this.created = new Set();
    this.changed = false;
    if (changed || this.journalRecords >= MOST_JOURNAL_RECORDS || created.size > MOST_ITEMS_APPENDED) this.replace();
    else if (created.size > 0) this.append(created);
  }

  /** The file written whole, with the next number; the journal, now in it, is emptied. */
  private replace(): void {
    const generation = this.generation + 1;
    writeFileAtomic(this.file, sealBytes(this.masterKey, Buffer.from(JSON.stringify({ ...columnsOf(this.items), g: generation }), 'utf8')));
    this.generation = generation;
    if (this.journalRecords > 0 || existsSync(this.journal)) {
      rmSync(this.journal, { force: true });
      syncFolder(dirname(this.journal));
    }
    this.journalRecords = 0;
    this.journalBytes = 0;
  }

  /** New items' entries appended to the journal and synced; a record cut short by a full disk is taken off again. */
  private append(ids: Set<string>): void {
    const record: JournalRecord = { g: this.generation, items: [...ids].map((id) => [id, this.items.get(id)!]) };
    const sealed = sealBytes(this.masterKey, Buffer.from(JSON.stringify(record), 'utf8'));
    const bytes = Buffer.alloc(LENGTH_BYTES + sealed.length);
    bytes.writeUInt32BE(sealed.length, 0);
    sealed.copy(bytes, LENGTH_BYTES);
    const isNew = this.journalBytes === 0;
    if (isNew) mkdirSync(dirname(this.journal), { recursive: true });
    const fd = openSync(this.journal, isNew ? 'w' : 'r+', 0o600);
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written, this.journalBytes + written);
      fsyncSync(fd);
    } catch (error) {
      try {
        ftruncateSync(fd, this.journalBytes);
      } catch {
        // The torn record is found and left out when the keyring is next read.
      }
      throw error;
    } finally {
      closeSync(fd);
    }
    if (isNew) syncFolder(dirname(this.journal));
    this.journalRecords += 1;
    this.journalBytes += bytes.length;
  }
}

function unreadable(file: string, error: unknown): KeyringUnreadable {
  const why = error instanceof SealedDataError ? error.message : 'it is not in a form this version knows';
  return new KeyringUnreadable(`The keys of the recordings and results on this computer (${file}) cannot be read: ${why}. Nothing has been deleted.`);
}
