/**
 * Secrets (client secret, access token, JWE client key, and the service's session tokens)
 * kept only encrypted by the operating system
 * (Electron safeStorage). Where the OS offers no real protection (Linux `basic_text`, or no
 * encryption at all) they are held in memory for this session only and never written. Each
 * secret entered in Settings is kept with the service it was entered for (its address, in
 * `secret-services.json` beside the secrets: an address is no secret), so that it is never
 * sent to another.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
const servicesSchema = z.partialRecord(z.enum(SECRET_NAMES), z.string().max(2_100));

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
  /** The service each secret was entered for (settings-service.ts names it); none for a secret an earlier version kept. */
  private readonly services = new Map<SecretName, string>();
  private readonly servicesFile: string;

  constructor(
    private readonly file: string,
    private readonly encryption: OsEncryption,
    private readonly platform: NodeJS.Platform,
    private readonly onProblem: (message: string) => void = () => {},
  ) {
    this.servicesFile = join(dirname(file), 'secret-services.json');
    this.loadPersisted();
  }

  /** The service the secret was entered for, or null (none entered, or kept by an earlier version without it). */
  serviceOf(name: SecretName): string | null {
    return this.memory.has(name) ? (this.services.get(name) ?? null) : null;
  }

  /** Keeps the secret `name` for `service` only. */
  bind(name: SecretName, service: string): void {
    if (!this.memory.has(name) || this.services.get(name) === service) return;
    this.services.set(name, service);
    this.persistServices();
  }

  protection(supplied: readonly SecretName[] = []): SecretProtection {
    return describeProtection(this.encryption, this.platform, supplied);
  }

  get(name: VaultEntry): string | null {
    return this.memory.get(name) ?? null;
  }

  /** Stores a secret; an empty value removes it. A secret entered in Settings is then bound to its service (bind). */
  set(name: VaultEntry, value: string): void {
    if (value === '') this.memory.delete(name);
    else this.memory.set(name, value);
    const unbound = (SECRET_NAMES as readonly string[]).includes(name) && this.services.delete(name as SecretName);
    this.persist();
    if (unbound) this.persistServices();
  }

  private loadPersisted(): void {
    if (!this.protection().persisted) return;
    this.loadServices();
    if (!existsSync(this.file)) return;
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

  private loadServices(): void {
    if (!existsSync(this.servicesFile)) return;
    try {
      const stored = servicesSchema.parse(JSON.parse(readFileSync(this.servicesFile, 'utf8')));
      for (const name of SECRET_NAMES) if (stored[name] !== undefined) this.services.set(name, stored[name]);
    } catch {
      // Without it, each secret counts as kept by an earlier version: settings-service.ts binds it again.
      this.onProblem('The file that says which service each secret is for is unreadable; each is taken as entered for the service now chosen.');
    }
  }

  private persistServices(): void {
    if (!this.protection().persisted) return;
    writeFileAtomic(this.servicesFile, JSON.stringify(Object.fromEntries(this.services)));
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
