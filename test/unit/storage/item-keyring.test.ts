/**
 * The item keyring's file: kept in columns (version 2), and a file an earlier version kept as
 * one object per item (version 1) read as it is, then kept in columns at its next change; a
 * file whose columns do not line up is refused, never half read; a new item's keys appended to
 * a journal beside it, read back after a crash at any point. Real files, real encryption.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ItemKeyring, KeyringUnreadable, MOST_JOURNAL_RECORDS } from '../../../main/storage/item-keyring';
import { openSealedBytes, sealBytes } from '../../../main/storage/sealed-file';
import { tempFolder } from '../../support/temp-folder';

const master = randomBytes(32);
const PATIENT = '6f1d2c3b-4a59-4e87-9b1a-2c3d4e5f6a7b';
const opened = (file: string) => JSON.parse(openSealedBytes(master, readFileSync(file)).toString('utf8')) as Record<string, unknown>;

describe('the item keyring file', () => {
  it('keeps every field in columns and reads them back: keys, label, patient, consent, a deleted audio key', () => {
    const file = join(tempFolder(), 'keys.sealed');
    const ring = new ItemKeyring(file, master);
    const first = ring.create('a', 'Bed 1', true, PATIENT);
    ring.setConsent('a', { kind: 'given', noticeLanguage: 'hi' });
    ring.create('b', 'Report.pdf', false);
    ring.create('c', 'Bed 3', true);
    ring.forgetAudio('c');
    expect(opened(file)).toMatchObject({ version: 2, ids: ['a', 'b', 'c'], l: ['Bed 1', 'Report.pdf', 'Bed 3'], p: [PATIENT, null, null] });
    const again = new ItemKeyring(file, master);
    expect(again.keysOf('a')).toEqual(first);
    expect([again.labelOf('a'), again.patientOf('a'), again.consentOf('a')]).toEqual(['Bed 1', PATIENT, { kind: 'given', noticeLanguage: 'hi' }]);
    expect(again.keysOf('b')?.audioKey).toBeNull();
    expect(again.keysOf('c')?.audioKey).toBeNull();
    expect(again.patientOf('b')).toBeNull();
  });

  it('reads a file kept as one object per item, and keeps it in columns from its next change', () => {
    const file = join(tempFolder(), 'keys.sealed');
    const key = randomBytes(32).toString('base64');
    writeFileSync(file, sealBytes(master, Buffer.from(JSON.stringify({ version: 1, items: { old: { k: key, l: 'Bed 9', p: PATIENT } } }))));
    const ring = new ItemKeyring(file, master);
    expect([ring.labelOf('old'), ring.patientOf('old'), ring.keysOf('old')?.key.toString('base64')]).toEqual(['Bed 9', PATIENT, key]);
    ring.setLabel('old', 'Bed 10');
    expect(opened(file)).toMatchObject({ version: 2, ids: ['old'], k: [key], l: ['Bed 10'] });
  });

  it('refuses columns that do not line up, or a field of the wrong kind', () => {
    for (const columns of [
      { version: 2, ids: ['a', 'b'], k: ['x'], a: [null, null], l: ['', ''], p: [null, null], c: [null, null] },
      { version: 2, ids: ['a'], k: ['x'], a: [null], l: [7], p: [null], c: [null] },
      { version: 2, ids: ['a'], k: ['x'], a: [null], l: [''], p: [null] },
    ]) {
      const file = join(tempFolder(), 'keys.sealed');
      writeFileSync(file, sealBytes(master, Buffer.from(JSON.stringify(columns))));
      expect(() => new ItemKeyring(file, master)).toThrow(KeyringUnreadable);
    }
  });

  it('writes a batch of new items once, as one record of its journal, also with a batch inside it', () => {
    const file = join(tempFolder(), 'keys.sealed');
    const ring = new ItemKeyring(file, master);
    ring.batch(() => {
      ring.create('a', 'Bed 1', true);
      ring.batch(() => ring.create('b', 'Bed 2', true));
      ring.setConsent('b', { kind: 'given' });
      expect(existsSync(`${file}.journal`)).toBe(false);
    });
    expect(existsSync(file)).toBe(false);
    expect(journal(file)).toMatchObject([{ g: 0, items: [['a', { l: 'Bed 1' }], ['b', { l: 'Bed 2', c: { kind: 'given' } }]] }]);
    const again = new ItemKeyring(file, master);
    expect(again.ids()).toEqual(['a', 'b']);
    expect(again.consentOf('b')).toEqual({ kind: 'given' });
  });
});

/** A new keyring with items a and b, each a record of its journal. */
function twoNewItems(): { file: string; ring: ItemKeyring } {
  const file = join(tempFolder(), 'keys.sealed');
  const ring = new ItemKeyring(file, master);
  ring.create('a', 'Bed 1', true);
  ring.create('b', 'Bed 2', true);
  return { file, ring };
}

/** The journal's records, opened: each its length (4 bytes) and its sealed JSON. */
function journal(file: string): Array<Record<string, unknown>> {
  const bytes = readFileSync(`${file}.journal`);
  const records = [];
  for (let at = 0; at < bytes.length; at += 4 + bytes.readUInt32BE(at)) {
    records.push(JSON.parse(openSealedBytes(master, bytes.subarray(at + 4, at + 4 + bytes.readUInt32BE(at))).toString('utf8')) as Record<string, unknown>);
  }
  return records;
}

describe("the item keyring's journal (Record waits for a new item's keys only)", () => {
  it("takes a new item's keys without writing the file; any other change replaces the file and empties the journal, so nothing destroyed lingers", () => {
    const file = join(tempFolder(), 'keys.sealed');
    const ring = new ItemKeyring(file, master);
    const a = ring.create('a', 'Bed 1', true, PATIENT);
    ring.create('b', 'Bed 2', true);
    expect(existsSync(file)).toBe(false);
    expect(journal(file)).toHaveLength(2);
    expect(new ItemKeyring(file, master).keysOf('a')).toEqual(a);

    ring.setLabel('a', 'Bed 1, OPD');
    expect(opened(file)).toMatchObject({ g: 1, ids: ['a', 'b'], l: ['Bed 1, OPD', 'Bed 2'] });
    expect(existsSync(`${file}.journal`)).toBe(false);
    const before = readFileSync(file);
    ring.create('c', 'Bed 3', true);
    expect(readFileSync(file)).toEqual(before);
    expect(journal(file)).toMatchObject([{ g: 1, items: [['c', { l: 'Bed 3' }]] }]);
    expect(new ItemKeyring(file, master).ids()).toEqual(['a', 'b', 'c']);

    const { key } = ring.keysOf('c')!;
    ring.forget('c');
    expect(existsSync(`${file}.journal`)).toBe(false);
    expect(opened(file)).toMatchObject({ g: 2, ids: ['a', 'b'] });
    expect(JSON.stringify(opened(file))).not.toContain(key.toString('base64'));
    expect(new ItemKeyring(file, master).has('c')).toBe(false);
  });

  it('leaves out a last record cut short (the app stopped while writing it) and empties the journal into the file; refuses a damaged record before others', () => {
    const { file } = twoNewItems();
    const whole = readFileSync(`${file}.journal`);
    writeFileSync(`${file}.journal`, whole.subarray(0, whole.length - 5));
    const again = new ItemKeyring(file, master);
    expect(again.ids()).toEqual(['a']);
    expect(existsSync(`${file}.journal`)).toBe(false);
    expect(opened(file)).toMatchObject({ ids: ['a'] });
    again.create('c', 'Bed 3', true);
    expect(new ItemKeyring(file, master).ids()).toEqual(['a', 'c']);

    const damaged = twoNewItems().file;
    const bytes = readFileSync(`${damaged}.journal`);
    bytes[10] = bytes[10]! ^ 0xff;
    writeFileSync(`${damaged}.journal`, bytes);
    expect(() => new ItemKeyring(damaged, master)).toThrow(KeyringUnreadable);
  });

  it('does not read again the records of a file since replaced (the app stopped between the two writes): a forgotten key stays forgotten; a later record is kept', () => {
    const { file, ring } = twoNewItems();
    const left = readFileSync(`${file}.journal`);
    ring.forget('b');
    writeFileSync(`${file}.journal`, left);
    const again = new ItemKeyring(file, master);
    expect(again.ids()).toEqual(['a']);
    expect(existsSync(`${file}.journal`)).toBe(false);

    // The other way round, an older file put back beside a later journal: its new items are kept.
    const older = readFileSync(file);
    again.forget('a');
    again.create('c', 'Bed 3', true);
    writeFileSync(file, older);
    expect(new ItemKeyring(file, master).ids()).toEqual(['a', 'c']);
  });

  it('reads a journal sealed with the previous master key, and seals everything again with the new one', () => {
    const file = join(tempFolder(), 'keys.sealed');
    const previous = randomBytes(32);
    const ring = new ItemKeyring(file, previous);
    ring.create('a', 'Bed 1', true);
    ring.setLabel('a', 'Bed 1, OPD');
    ring.create('b', 'Bed 2', true);
    const keys = [ring.keysOf('a'), ring.keysOf('b')];
    const moved = new ItemKeyring(file, master, previous);
    expect([moved.keysOf('a'), moved.keysOf('b')]).toEqual(keys);
    expect(existsSync(`${file}.journal`)).toBe(false);
    const again = new ItemKeyring(file, master);
    expect([again.keysOf('a'), again.keysOf('b'), again.labelOf('a')]).toEqual([...keys, 'Bed 1, OPD']);
  });

  it(`replaces the file once the journal holds ${MOST_JOURNAL_RECORDS} records, or for a batch of many new items`, () => {
    const file = join(tempFolder(), 'keys.sealed');
    const ring = new ItemKeyring(file, master);
    for (let item = 0; item < MOST_JOURNAL_RECORDS; item += 1) ring.create(`item-${item}`, '', false);
    expect(journal(file)).toHaveLength(MOST_JOURNAL_RECORDS);
    ring.create('one more', '', false);
    expect(existsSync(`${file}.journal`)).toBe(false);
    expect((opened(file).ids as string[]).length).toBe(MOST_JOURNAL_RECORDS + 1);
    // A batch of many new items (a migration) is one write of the whole file, too.
    ring.batch(() => {
      for (let item = 0; item < 100; item += 1) ring.create(`moved-${item}`, 'Bed', false);
    });
    expect(existsSync(`${file}.journal`)).toBe(false);
    expect((opened(file).ids as string[]).length).toBe(MOST_JOURNAL_RECORDS + 101);
  });
});
