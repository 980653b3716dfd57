/**
 * Stand-in for Electron's safeStorage, which exists only inside Electron with an OS keyring.
 * The end-to-end tests use the real one (basic_text under Xvfb, and gnome-libsecret).
 * It really transforms the bytes, so a test can tell ciphertext from the secret.
 */
import type { OsEncryption } from '../../main/settings/secret-vault';

export function osEncryptionDouble(backend: string, available = true): OsEncryption & { failDecrypt: boolean } {
  const mask = (data: Buffer) => Buffer.from(data.map((byte) => byte ^ 0x5a));
  return {
    failDecrypt: false,
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString(plain: string) {
      return Buffer.concat([Buffer.from('v11'), mask(Buffer.from(plain, 'utf8'))]);
    },
    decryptString(encrypted: Buffer) {
      if (this.failDecrypt || encrypted.subarray(0, 3).toString() !== 'v11') throw new Error('Error while decrypting the ciphertext');
      return mask(encrypted.subarray(3)).toString('utf8');
    },
  };
}
