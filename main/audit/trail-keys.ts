/**
 * What the trail keeps sealed with the master key, in `keys/audit.sealed` (moved with the
 * other keys when the master key moves into a keyring: storage/data-keys.ts): the trail's id
 * and own key, which every entry is sealed with and which never changes (so a year of entries
 * is never sealed again); this hour's tag key (trail-tags.ts), moved on and the one before
 * erased; the last checkpoint (the chain's end as last made durable) and the newest entry a
 * checkpoint in the system log covers; the time the trail has seen pass (what retention reads,
 * not the computer's clock); and the patients' pseudonyms.
 *
 * A pseudonym is random (`P-` and ten letters and digits), made the first time an entry names
 * the patient, and kept here by patient id: nothing about the patient can be worked out from
 * it, and nobody holding a patient's id (from a backup, say) can compute it. Deleting the
 * patient destroys their line here, so their pseudonym, still in the entries, no longer leads
 * to anyone, even with the master key. Pure apart from the sealed file it is given.
 */
import { randomBytes } from 'node:crypto';
import { newKey } from '../storage/sealed-file';
import { nextTagKey, periodAt, verificationKeyText } from './trail-tags';

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

/** The trail's folder holds entries but its key is gone: no new key takes its place in silence. */
export class TrailKeyLost extends TrailKeysUnreadable {}

/** The key opens none of the trail's entries: another trail's key was put in its place. */
export class TrailKeyMismatch extends TrailKeysUnreadable {}

/** An entry's number and the fingerprint of its line. */
export interface ChainPoint {
  seq: number;
  hash: string;
}

/** This hour's tag key: the hour counted from `start`, when tagging began. */
export interface TagKey {
  start: number;
  period: number;
  key: Buffer;
}

interface KeptV1 {
  version: 1;
  key: string;
  pseudonyms: Record<string, string>;
}

interface Kept {
  version: 2;
  trail: string;
  key: string;
  pseudonyms: Record<string, string>;
  tagKey: { start: number; period: number; key: string };
  checkpoint: ChainPoint | null;
  loggedSeq: number;
  witnessed: number;
}

const isRecordOfStrings = (value: unknown) => typeof value === 'object' && value !== null && Object.values(value).every((each) => typeof each === 'string');

function isKeptV1(value: unknown): value is KeptV1 {
  const kept = value as Partial<KeptV1> | null;
  return typeof kept === 'object' && kept !== null && kept.version === 1 && typeof kept.key === 'string' && isRecordOfStrings(kept.pseudonyms);
}

function isKept(value: unknown): value is Kept {
  const kept = value as Partial<Kept> | null;
  const tagKey = kept?.tagKey;
  const checkpoint = kept?.checkpoint;
  return (
    typeof kept === 'object' &&
    kept !== null &&
    kept.version === 2 &&
    typeof kept.trail === 'string' &&
    /^[0-9a-f]{32}$/.test(kept.trail) &&
    typeof kept.key === 'string' &&
    isRecordOfStrings(kept.pseudonyms) &&
    typeof tagKey === 'object' &&
    tagKey !== null &&
    Number.isSafeInteger(tagKey.start) &&
    Number.isSafeInteger(tagKey.period) &&
    typeof tagKey.key === 'string' &&
    (checkpoint === null || (typeof checkpoint === 'object' && checkpoint !== undefined && Number.isSafeInteger(checkpoint.seq) && typeof checkpoint.hash === 'string')) &&
    Number.isSafeInteger(kept.loggedSeq) &&
    Number.isFinite(kept.witnessed)
  );
}

export interface TrailKeysOptions {
  /** The command line reads a trail: it never starts one, nor brings keys up to this version. */
  readOnly?: boolean;
  /** The trail's folder holds files: keys that are not there are lost, not to be made anew. */
  trailExists?: boolean;
  /** Now, for when tagging begins (new keys, or keys of an earlier version). */
  now?: number;
  /** Keeps the verification key (made now, with the trail's key) for IT to take once; called before the keys are kept. */
  handOut?(trailKey: Buffer, verificationKey: string): void;
}

export class TrailKeys {
  readonly key: Buffer;
  /** The trail's id (random): what its checkpoints name; null for keys of an earlier version read as they are. */
  readonly trail: string | null;
  /** True when the keys were made now: no trail was begun here before. */
  readonly made: boolean;
  private tagKeyNow: TagKey | null;
  private lastCheckpoint: ChainPoint | null = null;
  private logged = 0;
  private seen: number | null = null;
  private readonly pseudonyms: Map<string, string>;
  private readonly patients = new Map<string, string>();
  private unsaved = false;

  /**
   * Opens the kept keys; without any, makes the trail's keys and keeps them at once (never
   * when `readOnly`, nor when the trail's folder holds files: TrailKeyLost). Keys of an
   * earlier version begin tagging now. Throws TrailKeysUnreadable for keys of a form this
   * version does not know.
   */
  constructor(
    private readonly document: KeptDocument,
    options: TrailKeysOptions = {},
  ) {
    const initial = document.initial;
    const now = options.now ?? Date.now();
    this.made = initial === null;
    if (initial === null) {
      if (options.readOnly) throw new TrailKeysUnreadable('This data folder has no audit trail key: no trail was written here.');
      if (options.trailExists) {
        throw new TrailKeyLost('The audit trail has entries but its key (keys/audit.sealed) is gone: nothing more is written to it, and no new key replaces it.');
      }
      this.key = newKey();
      this.pseudonyms = new Map();
    } else if (isKept(initial)) {
      this.key = Buffer.from(initial.key, 'base64');
      this.pseudonyms = new Map(Object.entries(initial.pseudonyms));
    } else if (isKeptV1(initial)) {
      this.key = Buffer.from(initial.key, 'base64');
      this.pseudonyms = new Map(Object.entries(initial.pseudonyms));
    } else {
      throw new TrailKeysUnreadable('The audit trail key was written by a newer version of Scribe Desk.');
    }
    if (isKept(initial)) {
      this.trail = initial.trail;
      this.tagKeyNow = { start: initial.tagKey.start, period: initial.tagKey.period, key: Buffer.from(initial.tagKey.key, 'base64') };
      this.lastCheckpoint = initial.checkpoint;
      this.logged = initial.loggedSeq;
      this.seen = initial.witnessed;
    } else if (options.readOnly) {
      this.trail = null;
      this.tagKeyNow = null;
    } else {
      // A new trail, or one an earlier version began: tagging begins now, with a seed IT is handed once.
      this.trail = randomBytes(16).toString('hex');
      const seed = newKey();
      this.tagKeyNow = { start: now, period: 0, key: seed };
      this.seen = now;
      options.handOut?.(this.key, verificationKeyText({ trail: this.trail, seed, start: now }));
      this.unsaved = true;
      this.save();
    }
    for (const [patientId, pseudonym] of this.pseudonyms) this.patients.set(pseudonym, patientId);
  }

  /** This hour's tag key, moved on first when an hour has begun since (the one before erased at the next save); null for keys read as an earlier version left them. */
  tagKeyAt(now: number): TagKey | null {
    const current = this.tagKeyNow;
    if (!current) return null;
    const period = periodAt(current.start, now);
    if (period <= current.period) return current;
    let key = current.key;
    for (let step = current.period; step < period; step += 1) key = nextTagKey(key);
    this.tagKeyNow = { start: current.start, period, key };
    this.unsaved = true;
    return this.tagKeyNow;
  }

  /** The last checkpoint this computer made (the chain's end once durable), or null. */
  get checkpoint(): ChainPoint | null {
    return this.lastCheckpoint;
  }

  /** The newest entry a checkpoint in the system log covers (0: none). */
  get loggedSeq(): number {
    return this.logged;
  }

  /** How far the trail has seen time pass (ms since the epoch), or null for keys read as an earlier version left them. */
  get witnessed(): number | null {
    return this.seen;
  }

  /** A checkpoint made (kept at the next save); `logged`: the system log took it. */
  noteCheckpoint(point: ChainPoint, logged: boolean): void {
    this.lastCheckpoint = point;
    if (logged) this.logged = Math.max(this.logged, point.seq);
    this.unsaved = true;
  }

  /** The time the trail has seen pass, moved on (kept at the next save). */
  noteWitnessed(at: number): void {
    if (this.seen !== null && at <= this.seen) return;
    this.seen = at;
    this.unsaved = true;
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

  /** True when something changed since the last save (a pseudonym, the tag key, a checkpoint). */
  get changed(): boolean {
    return this.unsaved;
  }

  /** Keeps what changed (throws when the disk cannot take it; kept in memory and tried again at the next save). */
  save(): void {
    if (!this.unsaved) return;
    const tagKey = this.tagKeyNow;
    if (!tagKey || this.trail === null || this.seen === null) throw new Error('Keys read as an earlier version left them are not kept again.');
    const kept: Kept = {
      version: 2,
      trail: this.trail,
      key: this.key.toString('base64'),
      pseudonyms: Object.fromEntries(this.pseudonyms),
      tagKey: { start: tagKey.start, period: tagKey.period, key: tagKey.key.toString('base64') },
      checkpoint: this.lastCheckpoint,
      loggedSeq: this.logged,
      witnessed: this.seen,
    };
    this.document.write(kept);
    this.unsaved = false;
  }
}
