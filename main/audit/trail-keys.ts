/**
 * What the trail keeps sealed with the master key, in `keys/audit.sealed` (moved with the
 * other keys when the master key moves into a keyring: storage/data-keys.ts): the trail's own
 * key, which every entry is sealed with and which never changes (so a year of entries is never
 * sealed again), and the patients' pseudonyms.
 *
 * A pseudonym is random (`P-` and ten letters and digits), made the first time an entry names
 * the patient, and kept here by patient id: nothing about the patient can be worked out from
 * it, and nobody holding a patient's id (from a backup, say) can compute it. Deleting the
 * patient destroys their line here, so their pseudonym, still in the entries, no longer leads
 * to anyone, even with the master key. Pure apart from the sealed file it is given.
 */
import { randomBytes } from 'node:crypto';
import { newKey } from '../storage/sealed-file';

/** The sealed file the keys live in (storage/sealed-document.ts). */
export interface KeptDocument {
  readonly initial: unknown;
  write(value: unknown): void;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function newPseudonym(): string {
  const bytes = randomBytes(10);
  return `P-${Array.from(bytes, (byte) => CROCKFORD[byte & 31]).join('')}`;
}

export class TrailKeysUnreadable extends Error {}

interface Kept {
  version: 1;
  key: string;
  pseudonyms: Record<string, string>;
}

function isKept(value: unknown): value is Kept {
  const kept = value as Partial<Kept> | null;
  return (
    typeof kept === 'object' &&
    kept !== null &&
    kept.version === 1 &&
    typeof kept.key === 'string' &&
    typeof kept.pseudonyms === 'object' &&
    kept.pseudonyms !== null &&
    Object.values(kept.pseudonyms).every((value) => typeof value === 'string')
  );
}

export class TrailKeys {
  readonly key: Buffer;
  private readonly pseudonyms: Map<string, string>;
  private readonly patients = new Map<string, string>();
  private unsaved = false;

  /**
   * Opens the kept keys; without any, makes the trail's key and keeps it at once (never when
   * `readOnly`: the command line reads a trail, it never starts one). Throws
   * TrailKeysUnreadable for a file of a form this version does not know.
   */
  constructor(
    private readonly document: KeptDocument,
    options: { readOnly?: boolean } = {},
  ) {
    if (document.initial === null) {
      if (options.readOnly) throw new TrailKeysUnreadable('This data folder has no audit trail key: no trail was written here.');
      this.key = newKey();
      this.pseudonyms = new Map();
      this.unsaved = true;
      this.save();
    } else {
      if (!isKept(document.initial)) throw new TrailKeysUnreadable('The audit trail key was written by a newer version of Scribe Desk.');
      this.key = Buffer.from(document.initial.key, 'base64');
      this.pseudonyms = new Map(Object.entries(document.initial.pseudonyms));
    }
    for (const [patientId, pseudonym] of this.pseudonyms) this.patients.set(pseudonym, patientId);
  }

  /** The patient's pseudonym, made now when they have none (kept at the next `save`). */
  pseudonymOf(patientId: string): string {
    const known = this.pseudonyms.get(patientId);
    if (known) return known;
    let pseudonym = newPseudonym();
    while (this.patients.has(pseudonym)) pseudonym = newPseudonym();
    this.pseudonyms.set(patientId, pseudonym);
    this.patients.set(pseudonym, patientId);
    this.unsaved = true;
    return pseudonym;
  }

  /** The patient id a pseudonym stands for, or null (a deleted patient's, or unknown). */
  patientOf(pseudonym: string): string | null {
    return this.patients.get(pseudonym) ?? null;
  }

  /** Destroys the patient's pseudonym line, kept at once: their entries no longer lead to them. */
  forget(patientId: string): void {
    const pseudonym = this.pseudonyms.get(patientId);
    if (pseudonym === undefined) return;
    this.pseudonyms.delete(patientId);
    this.patients.delete(pseudonym);
    this.unsaved = true;
    this.save();
  }

  /** Destroys the lines of patients no longer on this computer (a crash between deleting a patient and this); how many. */
  keepOnly(patientIds: ReadonlySet<string>): number {
    const gone = [...this.pseudonyms.keys()].filter((id) => !patientIds.has(id));
    for (const id of gone) {
      this.patients.delete(this.pseudonyms.get(id)!);
      this.pseudonyms.delete(id);
    }
    if (gone.length > 0) {
      this.unsaved = true;
      this.save();
    }
    return gone.length;
  }

  /** True when a pseudonym was made since the last save. */
  get changed(): boolean {
    return this.unsaved;
  }

  /** Keeps what changed (throws when the disk cannot take it; kept in memory and tried again at the next save). */
  save(): void {
    if (!this.unsaved) return;
    const kept: Kept = { version: 1, key: this.key.toString('base64'), pseudonyms: Object.fromEntries(this.pseudonyms) };
    this.document.write(kept);
    this.unsaved = false;
  }
}
