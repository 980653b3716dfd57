/**
 * The item keyring's file: kept in columns (version 2), and a file an earlier version kept as
 * one object per item (version 1) read as it is, then kept in columns at its next change; a
 * file whose columns do not line up is refused, never half read. Real files, real encryption.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ItemKeyring, KeyringUnreadable } from '../../../main/storage/item-keyring';
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

  it('writes the file once for a batch, also with a batch inside it', () => {
    const file = join(tempFolder(), 'keys.sealed');
    const ring = new ItemKeyring(file, master);
    ring.batch(() => {
      ring.create('a', 'Bed 1', true);
      ring.batch(() => ring.create('b', 'Bed 2', true));
      expect(existsSync(file)).toBe(false);
    });
    expect(opened(file)).toMatchObject({ ids: ['a', 'b'] });
  });
});
