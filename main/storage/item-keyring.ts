/**
 * One random key per dictation and per lab report (and one for a dictation's audio, so the
 * retention rule can destroy the audio and keep the result), with the item's label (it may
 * name a patient) and the patient it is for (an id in the patients' sealed file: which items
 * belong to one person is patient data too), all in one file encrypted with the master key. A single file because
 * start-up reads it once, not thousands of times; it is replaced atomically on each change.
 * Forgetting an item's key first makes every copy of its files unreadable, also with the
 * master key.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from './atomic-file';
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

/** The file's entries, read into `items` in one pass (start-up reads thousands); version 1 kept an object per item. */
function readEntries(text: string, items: Map<string, Entry>): void {
  const parsed = JSON.parse(text) as { version?: unknown; items?: unknown };
  if (parsed.version === 2 && isColumns(parsed)) {
    parsed.ids.forEach((id, at) => {
      const entry: Entry = { k: parsed.k[at]!, l: parsed.l[at]! };
      if (parsed.a[at]) entry.a = parsed.a[at]!;
      if (parsed.p[at]) entry.p = parsed.p[at]!;
      if (parsed.c[at]) entry.c = parsed.c[at]!;
      items.set(id, entry);
    });
    return;
  }
  if (parsed.version !== 1 || typeof parsed.items !== 'object' || parsed.items === null) throw new Error('unknown form');
  const read = parsed.items as Record<string, unknown>;
  for (const id of Object.keys(read)) {
    const entry = read[id];
    if (!isEntry(entry)) throw new Error('unknown form');
    items.set(id, entry);
  }
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
  private unsaved = false;

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
    if (!existsSync(file)) return;
    try {
      const sealed = readFileSync(file);
      let text: string;
      let resealed = false;
      try {
        text = openSealedBytes(masterKey, sealed).toString('utf8');
      } catch (error) {
        if (!(error instanceof SealedDataError) || !previousKey) throw error;
        text = openSealedBytes(previousKey, sealed).toString('utf8');
        resealed = true;
      }
      readEntries(text, this.items);
      if (resealed) this.persist();
    } catch (error) {
      const why = error instanceof SealedDataError ? error.message : 'it is not in a form this version knows';
      throw new KeyringUnreadable(`The keys of the recordings and results on this computer (${file}) cannot be read: ${why}. Nothing has been deleted.`);
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
    this.persist();
  }

  /** New keys for a new item (kept on disk before anything is written with them). */
  create(id: string, label: string, withAudio: boolean, patientId: string | null = null): ItemKeys {
    const existing = this.keysOf(id);
    if (existing) return existing;
    const entry: Entry = { k: newKey().toString('base64'), l: label };
    if (withAudio) entry.a = newKey().toString('base64');
    if (patientId) entry.p = patientId;
    this.items.set(id, entry);
    this.persist();
    return this.keysOf(id)!;
  }

  setLabel(id: string, label: string): void {
    const entry = this.items.get(id);
    if (!entry || entry.l === label) return;
    entry.l = label;
    this.persist();
  }

  setPatient(id: string, patientId: string | null): void {
    const entry = this.items.get(id);
    if (!entry || (entry.p ?? null) === patientId) return;
    if (patientId) entry.p = patientId;
    else delete entry.p;
    this.persist();
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
      if (this.batching === 0 && this.unsaved) this.persist();
    }
  }

  private persist(): void {
    if (this.batching > 0) {
      this.unsaved = true;
      return;
    }
    this.unsaved = false;
    writeFileAtomic(this.file, sealBytes(this.masterKey, Buffer.from(JSON.stringify(columnsOf(this.items)), 'utf8')));
  }
}
