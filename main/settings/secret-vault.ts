/**
 * Secrets (client secret, access token, JWE client key, and the service's session tokens)
 * kept only encrypted by the operating system
 * (Electron safeStorage). Where the OS offers no real protection (Linux `basic_text`, or no
 * encryption at all) they are held in memory for this session only and never written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { SECRET_LABELS, SECRET_NAMES, type SecretName } from '../../contract/settings';
import type { SecretProtection } from '../../contract/ipc';
import { writeFileAtomic } from '../storage/atomic-file';
import { keyringBackend, keyringProtects, type OsEncryption } from '../storage/os-keyring';

export type { OsEncryption } from '../storage/os-keyring';

/** What the vault holds: the secrets entered in Settings, and the tokens of the signed-in session. */
export const VAULT_ENTRIES = [...SECRET_NAMES, 'serviceSession'] as const;
export type VaultEntry = (typeof VAULT_ENTRIES)[number];

const fileSchema = z.partialRecord(z.enum(VAULT_ENTRIES), z.string());

/** `supplied`: the secrets the administrator's policy gives at every start; they are never entered, so never lost. */
export function describeProtection(encryption: OsEncryption, platform: NodeJS.Platform, supplied: readonly SecretName[] = []): SecretProtection {
  const backend = keyringBackend(encryption, platform);
  const persisted = keyringProtects(encryption, platform);
  const entered = SECRET_NAMES.filter((name) => !supplied.includes(name)).map((name) => SECRET_LABELS[name].toLowerCase());
  const lost =
    entered.length === 0
      ? ' The secrets come from your administrator\'s policy at every start, so none has to be entered again.'
      : ` ${/^[aeiou]/.test(entered[0]!) ? 'An' : 'A'} ${entered.length > 1 ? `${entered.slice(0, -1).join(', ')} or ${entered.at(-1)}` : entered[0]} entered here is kept in memory only and must be entered again after the app restarts.`;
  return {
    persisted,
    backend,
    warning: persisted
      ? null
      : `Secrets are not protected on this computer: no system keyring is available${backend === 'basic_text' ? ' (the system reports only its unprotected "basic_text" storage)' : ''}.${lost}`,
  };
}

export class SecretVault {
  private readonly memory = new Map<VaultEntry, string>();

  constructor(
    private readonly file: string,
    private readonly encryption: OsEncryption,
    private readonly platform: NodeJS.Platform,
    private readonly onProblem: (message: string) => void = () => {},
  ) {
    this.loadPersisted();
  }

  protection(supplied: readonly SecretName[] = []): SecretProtection {
    return describeProtection(this.encryption, this.platform, supplied);
  }

  get(name: VaultEntry): string | null {
    return this.memory.get(name) ?? null;
  }

  /** Stores a secret; an empty value removes it. */
  set(name: VaultEntry, value: string): void {
    if (value === '') this.memory.delete(name);
    else this.memory.set(name, value);
    this.persist();
  }

  private loadPersisted(): void {
    if (!this.protection().persisted || !existsSync(this.file)) return;
    let stored: Partial<Record<VaultEntry, string>>;
    try {
      stored = fileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')));
    } catch {
      this.onProblem('The stored secrets file is unreadable; secrets must be entered again.');
      return;
    }
    for (const name of VAULT_ENTRIES) {
      const cipher = stored[name];
      if (cipher === undefined) continue;
      try {
        this.memory.set(name, this.encryption.decryptString(Buffer.from(cipher, 'base64')));
      } catch {
        this.onProblem(`A stored secret (${name}) could not be decrypted; it must be entered again.`);
      }
    }
  }

  private persist(): void {
    if (!this.protection().persisted) return;
    const stored: Partial<Record<VaultEntry, string>> = {};
    for (const [name, value] of this.memory) {
      stored[name] = this.encryption.encryptString(value).toString('base64');
    }
    writeFileAtomic(this.file, JSON.stringify(stored));
  }
}
