import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataKeys } from '../../../main/storage/data-keys';
import { ItemKeyring, KeyringUnreadable } from '../../../main/storage/item-keyring';
import { openMasterKey } from '../../../main/storage/master-key';
import { osEncryptionDouble } from '../../support/os-encryption-double';
import { tempFolder } from '../../support/temp-folder';

/** The OS keyring as it is after a reset: it can no longer open what it encrypted before. */
function resetKeyring(backend: string) {
  const double = osEncryptionDouble(backend);
  double.failDecrypt = true;
  return double;
}

describe('the master key', () => {
  it('is kept by the keyring when there is one, and opened again at the next start', () => {
    const file = join(tempFolder(), 'master.json');
    const first = openMasterKey({ file, encryption: osEncryptionDouble('gnome_libsecret'), platform: 'linux', requireKeyring: false });
    expect(first.protection).toEqual({ keptBy: 'keyring', warning: null, problem: null });
    expect(JSON.parse(readFileSync(file, 'utf8')).keptBy).toBe('keyring');
    const again = openMasterKey({ file, encryption: osEncryptionDouble('gnome_libsecret'), platform: 'linux', requireKeyring: false });
    expect(again.key).toEqual(first.key);
  });

  it('without a keyring (basic_text): in a file only the user can read, with a warning; replaced by a new key in the keyring once there is one', () => {
    const file = join(tempFolder(), 'master.json');
    const plain = openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: false });
    expect(plain.protection).toMatchObject({ keptBy: 'file', warning: expect.stringContaining('not by a system keyring'), problem: null });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const moved = openMasterKey({ file, encryption: osEncryptionDouble('kwallet5'), platform: 'linux', requireKeyring: false });
    if (!moved.key || !moved.move) throw new Error('the key did not move');
    expect(moved.key).not.toEqual(plain.key);
    expect(moved.protection.keptBy).toBe('keyring');
    expect(moved.move.previousKey).toEqual(plain.key);
    moved.move.complete();
    expect(existsSync(`${file}.next`)).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8')).keptBy).toBe('keyring');
    expect(readFileSync(file, 'utf8').includes(plain.key!.toString('base64'))).toBe(false);
    expect(openMasterKey({ file, encryption: osEncryptionDouble('kwallet5'), platform: 'linux', requireKeyring: false }).key).toEqual(moved.key);
  });

  it('the policy requireProtectedStorage refuses a key without a keyring, saying why', () => {
    const file = join(tempFolder(), 'master.json');
    const refused = openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: true });
    expect(refused.key).toBeNull();
    expect(refused.protection.problem).toMatch(/administrator.*requireProtectedStorage/);
    expect(existsSync(file)).toBe(false);
  });

  it('a policy file that cannot be used requires a keyring too (its safest value), saying why, and leaves an existing key file untouched', () => {
    const file = join(tempFolder(), 'master.json');
    const refused = openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: 'broken-policy' });
    expect(refused.key).toBeNull();
    expect(refused.protection.problem).toMatch(/policy file cannot be used, so its safest setting applies \(protected storage required\)/);
    expect(existsSync(file)).toBe(false);
    const kept = openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: false });
    const before = readFileSync(file);
    expect(openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: 'broken-policy' }).key).toBeNull();
    expect(readFileSync(file)).toEqual(before);
    expect(openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: false }).key).toEqual(kept.key);
  });

  it('a changed keyring never replaces the key: the user is told, and the old key opens again with the old keyring', () => {
    const file = join(tempFolder(), 'master.json');
    const first = openMasterKey({ file, encryption: osEncryptionDouble('gnome_libsecret'), platform: 'linux', requireKeyring: false });
    const before = readFileSync(file);
    const changed = openMasterKey({ file, encryption: resetKeyring('gnome_libsecret'), platform: 'linux', requireKeyring: false });
    expect(changed.key).toBeNull();
    expect(changed.protection.problem).toMatch(/keyring was changed or reset\). Nothing has been deleted/);
    const gone = openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: false });
    expect(gone.protection.problem).toMatch(/not available now/);
    expect(readFileSync(file)).toEqual(before);
    expect(openMasterKey({ file, encryption: osEncryptionDouble('gnome_libsecret'), platform: 'linux', requireKeyring: false }).key).toEqual(first.key);
  });
});

describe('the keys folder', () => {
  it('is readable by its user only, also when an earlier version made it with the default mode', () => {
    const userData = tempFolder();
    mkdirSync(join(userData, 'keys'), { mode: 0o755 });
    chmodSync(join(userData, 'keys'), 0o755);
    const keys = openDataKeys({ userData, encryption: osEncryptionDouble('gnome_libsecret'), platform: 'linux', requireKeyring: false });
    expect(keys.protection.problem).toBeNull();
    expect(statSync(join(userData, 'keys')).mode & 0o777).toBe(0o700);
    const fresh = tempFolder();
    openDataKeys({ userData: fresh, encryption: osEncryptionDouble('gnome_libsecret'), platform: 'linux', requireKeyring: false });
    expect(statSync(join(fresh, 'keys')).mode & 0o777).toBe(0o700);
  });
});

describe('moving the master key into a keyring', () => {
  const withoutKeyring = () => osEncryptionDouble('basic_text');
  const withKeyring = () => osEncryptionDouble('gnome_libsecret');
  const open = (userData: string, encryption = withKeyring()) => openDataKeys({ userData, encryption, platform: 'linux', requireKeyring: false });
  const keyring = (value: unknown) => {
    if (!(value instanceof ItemKeyring)) throw new Error(`keyring not open: ${JSON.stringify(value)}`);
    return value;
  };

  /** Items in both keyrings under a key kept in a file, and a copy of keys/ as a backup would hold it. */
  function recordedWithoutKeyring() {
    const userData = tempFolder();
    const before = open(userData, withoutKeyring());
    const dictation = keyring(before.dictations).create('d1', 'Test Patient A', true);
    const labReport = keyring(before.labReports).create('r1', 'test-report.pdf', false);
    const oldKey = Buffer.from(JSON.parse(readFileSync(join(userData, 'keys', 'master.json'), 'utf8')).key, 'base64');
    const backup = join(tempFolder(), 'keys');
    cpSync(join(userData, 'keys'), backup, { recursive: true });
    return { userData, dictation, labReport, oldKey, backup };
  }

  function expectEverythingOpens(userData: string, dictation: { key: Buffer }, labReport: { key: Buffer }) {
    const keys = open(userData);
    expect(keys.protection).toEqual({ keptBy: 'keyring', warning: null, problem: null });
    expect(keyring(keys.dictations).keysOf('d1')?.key).toEqual(dictation.key);
    expect(keyring(keys.dictations).labelOf('d1')).toBe('Test Patient A');
    expect(keyring(keys.labReports).keysOf('r1')?.key).toEqual(labReport.key);
    expect(readdirSync(join(userData, 'keys')).sort()).toEqual(['dictations.sealed', 'master.json', 'records.sealed']);
    expect(JSON.parse(readFileSync(join(userData, 'keys', 'master.json'), 'utf8')).keptBy).toBe('keyring');
    return keys;
  }

  it('makes a new key: the keyrings are sealed again under it, and the old key file and an earlier copy of keys/ open nothing recorded later', () => {
    const { userData, dictation, labReport, oldKey, backup } = recordedWithoutKeyring();
    const keys = expectEverythingOpens(userData, dictation, labReport);
    keyring(keys.dictations).create('d2', 'Test Patient B', true);
    for (const name of ['dictations.sealed', 'records.sealed']) {
      expect(() => new ItemKeyring(join(userData, 'keys', name), oldKey)).toThrow(KeyringUnreadable);
    }
    expect(readFileSync(join(userData, 'keys', 'master.json'), 'utf8')).not.toContain(oldKey.toString('base64'));
    // What the earlier copy still opens is what it held when it was taken, and nothing more.
    const copied = new ItemKeyring(join(backup, 'dictations.sealed'), oldKey);
    expect(copied.ids()).toEqual(['d1']);
  });

  it('interrupted before any keyring was sealed again: the next start finishes the move', () => {
    const { userData, dictation, labReport } = recordedWithoutKeyring();
    const interrupted = openMasterKey({ file: join(userData, 'keys', 'master.json'), encryption: withKeyring(), platform: 'linux', requireKeyring: false });
    expect(existsSync(join(userData, 'keys', 'master.json.next'))).toBe(true);
    expect(interrupted.key && interrupted.move).toBeTruthy();
    expectEverythingOpens(userData, dictation, labReport);
  });

  it('interrupted after one keyring was sealed again: the next start reads each under the key that sealed it', () => {
    const { userData, dictation, labReport } = recordedWithoutKeyring();
    const interrupted = openMasterKey({ file: join(userData, 'keys', 'master.json'), encryption: withKeyring(), platform: 'linux', requireKeyring: false });
    if (!interrupted.key || !interrupted.move) throw new Error('no move');
    new ItemKeyring(join(userData, 'keys', 'dictations.sealed'), interrupted.key, interrupted.move.previousKey);
    expect(new ItemKeyring(join(userData, 'keys', 'dictations.sealed'), interrupted.key).ids()).toEqual(['d1']);
    expectEverythingOpens(userData, dictation, labReport);
  });

  it('interrupted after the old key file was overwritten: the new key in the keyring opens everything', () => {
    const { userData, dictation, labReport } = recordedWithoutKeyring();
    const master = join(userData, 'keys', 'master.json');
    const interrupted = openMasterKey({ file: master, encryption: withKeyring(), platform: 'linux', requireKeyring: false });
    if (!interrupted.key || !interrupted.move) throw new Error('no move');
    for (const name of ['dictations.sealed', 'records.sealed']) new ItemKeyring(join(userData, 'keys', name), interrupted.key, interrupted.move.previousKey);
    writeFileSync(master, Buffer.alloc(readFileSync(master).length, 0));
    expectEverythingOpens(userData, dictation, labReport);
  });

  it('the keyring gone again before the move is complete: nothing is opened with the old file, nothing is deleted', () => {
    const { userData } = recordedWithoutKeyring();
    openMasterKey({ file: join(userData, 'keys', 'master.json'), encryption: withKeyring(), platform: 'linux', requireKeyring: false });
    const keys = open(userData, withoutKeyring());
    expect(keys.protection.problem).toMatch(/keyring, which is not available now/);
    expect(existsSync(join(userData, 'keys', 'master.json.next'))).toBe(true);
  });
});
