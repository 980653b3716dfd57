import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataKeys } from '../../../main/storage/data-keys';
import { openMasterKey } from '../../../main/storage/master-key';
import { osEncryptionDouble } from '../settings/os-encryption-double';
import { tempFolder } from '../temp-folder';

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

  it('without a keyring (basic_text): in a file only the user can read, with a warning; moved into a keyring once there is one', () => {
    const file = join(tempFolder(), 'master.json');
    const plain = openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: false });
    expect(plain.protection).toMatchObject({ keptBy: 'file', warning: expect.stringContaining('not by a system keyring'), problem: null });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const moved = openMasterKey({ file, encryption: osEncryptionDouble('kwallet5'), platform: 'linux', requireKeyring: false });
    expect(moved.key).toEqual(plain.key);
    expect(moved.protection.keptBy).toBe('keyring');
    expect(readFileSync(file, 'utf8').includes(plain.key!.toString('base64'))).toBe(false);
  });

  it('the policy requireProtectedStorage refuses a key without a keyring, saying why', () => {
    const file = join(tempFolder(), 'master.json');
    const refused = openMasterKey({ file, encryption: osEncryptionDouble('basic_text'), platform: 'linux', requireKeyring: true });
    expect(refused.key).toBeNull();
    expect(refused.protection.problem).toMatch(/administrator.*requireProtectedStorage/);
    expect(existsSync(file)).toBe(false);
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
