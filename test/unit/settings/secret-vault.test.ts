import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretVault } from '../../../main/settings/secret-vault';
import { tempFolder } from '../../support/temp-folder';
import { osEncryptionDouble } from '../../support/os-encryption-double';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.payload-for-test.signature';

describe('SecretVault', () => {
  it('persists only ciphertext when the OS keyring protects secrets, and reads it back', () => {
    const folder = tempFolder();
    const file = join(folder, 'secrets.json');
    const vault = new SecretVault(file, osEncryptionDouble('gnome_libsecret'), 'linux');
    vault.set('accessToken', TOKEN);
    expect(vault.protection()).toMatchObject({ persisted: true, backend: 'gnome_libsecret', warning: null });
    const onDisk = readFileSync(file, 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    expect(onDisk).not.toContain('payload-for-test');
    expect(new SecretVault(file, osEncryptionDouble('gnome_libsecret'), 'linux').get('accessToken')).toBe(TOKEN);
    expect(readdirSync(folder)).toEqual(['secrets.json']);
  });

  it.each([
    ['basic_text', true],
    ['gnome_libsecret', false],
  ])('keeps secrets in memory only with backend %s (encryption available: %s)', (backend, available) => {
    const file = join(tempFolder(), 'secrets.json');
    const vault = new SecretVault(file, osEncryptionDouble(backend, available), 'linux');
    vault.set('accessToken', TOKEN);
    expect(vault.get('accessToken')).toBe(TOKEN);
    expect(existsSync(file)).toBe(false);
    const protection = vault.protection();
    expect(protection.persisted).toBe(false);
    expect(protection.warning).toMatch(/not protected/);
    expect(protection.warning).toMatch(/A client secret, access token or encryption client key entered here is kept in memory only and must be entered again/);
    // What the administrator's policy supplies comes back at every start: not said to be lost.
    expect(vault.protection(['clientSecret']).warning).toMatch(/An access token or encryption client key entered here/);
    expect(vault.protection(['clientSecret', 'accessToken', 'jweClientKey']).warning).toMatch(/come from your administrator's policy at every start, so none has to be entered again/);
  });

  it('removes a secret when set to an empty value', () => {
    const file = join(tempFolder(), 'secrets.json');
    const vault = new SecretVault(file, osEncryptionDouble('kwallet5'), 'linux');
    vault.set('jweClientKey', '0123456789abcdef');
    vault.set('jweClientKey', '');
    expect(vault.get('jweClientKey')).toBeNull();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({});
  });

  it('reports, and survives, a secret that cannot be decrypted', () => {
    const file = join(tempFolder(), 'secrets.json');
    new SecretVault(file, osEncryptionDouble('gnome_libsecret'), 'linux').set('accessToken', TOKEN);
    const broken = osEncryptionDouble('gnome_libsecret');
    broken.failDecrypt = true;
    const problems: string[] = [];
    const vault = new SecretVault(file, broken, 'linux', (message) => problems.push(message));
    expect(vault.get('accessToken')).toBeNull();
    expect(problems).toEqual(['A stored secret (accessToken) could not be decrypted; it must be entered again.']);
  });
});
