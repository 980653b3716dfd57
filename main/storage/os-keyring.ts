/** Electron's safeStorage as the app uses it, and whether it is backed by a real OS keyring. Plain Node. */

/** The part of Electron's safeStorage the app uses. */
export interface OsEncryption {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend?(): string;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

const UNPROTECTED_BACKENDS = new Set(['basic_text', 'unknown']);

/** The safeStorage backend on Linux (`gnome_libsecret`, `kwallet`, `basic_text`, ...); the OS name elsewhere. */
export function keyringBackend(encryption: OsEncryption, platform: NodeJS.Platform): string {
  return platform === 'linux' ? (encryption.getSelectedStorageBackend?.() ?? 'unknown') : platform;
}

/** True when what safeStorage encrypts is protected by an OS keyring (not Linux's `basic_text` fallback). */
export function keyringProtects(encryption: OsEncryption, platform: NodeJS.Platform): boolean {
  return encryption.isEncryptionAvailable() && !UNPROTECTED_BACKENDS.has(keyringBackend(encryption, platform));
}
