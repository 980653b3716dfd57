/**
 * The trail's forward-secure tags, after systemd-journald's Forward Secure Sealing: each line
 * carries a tag (HMAC-SHA256) made with the key of the hour it was written in. The tag key moves
 * on every hour, k(n+1) = SHA-256(label, k(n)), and the one before is erased, so whoever holds
 * this hour's key cannot tag an earlier hour's line again. The first key (the seed) is handed
 * to the clinic's IT once, as the verification key (with the trail's id and when tagging
 * began), and erased from the computer: from it, verify works out every hour's key. A line's
 * hour is the one its time gives, or the latest before it when the clock was set back (the key
 * never moves back): so a line cannot be written again with a later hour's key and keep its
 * time. Pure.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long one tag key is used. */
export const TAG_PERIOD_MS = 60 * 60 * 1000;

const LABEL = 'scribe-desk audit tag key';
const VERIFICATION_KEY = /^SDAV1-([0-9a-f]{32})-([0-9a-f]{64})-([0-9]{1,15})$/;

/** The key of the next period; the one given cannot be worked out from it. */
export function nextTagKey(key: Uint8Array): Buffer {
  return createHash('sha256').update(LABEL).update(key).digest();
}

/** The tag of a line's body, made with its period's key. */
export function tagOf(key: Uint8Array, period: number, body: Uint8Array): string {
  return createHmac('sha256', key).update(`${period}.`).update(body).digest('hex');
}

/** The period a moment falls in, counted from when tagging began. */
export function periodAt(start: number, now: number): number {
  return Math.max(0, Math.floor((now - start) / TAG_PERIOD_MS));
}

/** What the clinic's IT keeps, as one line of text: the trail it is for, the seed, and when tagging began (ms). */
export interface VerificationKey {
  trail: string;
  seed: Buffer;
  start: number;
}

export function verificationKeyText(key: VerificationKey): string {
  return `SDAV1-${key.trail}-${key.seed.toString('hex')}-${key.start}`;
}

export function parseVerificationKey(text: string): VerificationKey | null {
  const match = VERIFICATION_KEY.exec(text.trim());
  return match ? { trail: match[1]!, seed: Buffer.from(match[2]!, 'hex'), start: Number(match[3]) } : null;
}

/** What a line's tag says: made with its hour's key, made in another hour than its time gives, or not made with the hour's key. */
export type TagCheck = 'verifies' | 'other-hour' | 'does-not-verify';

/** Every hour's key from the seed, worked out forward as the walk over the trail (in order) asks for them. */
export class TagChecker {
  private period = 0;
  private key: Buffer;
  /** The latest hour met so far: the key never moves back. */
  private latest = 0;

  constructor(private readonly verification: VerificationKey) {
    this.key = Buffer.from(verification.seed);
  }

  /** The line written at `at` (ms) carries `period` and `tag` over `body`. */
  check(period: number, body: Uint8Array, tag: string, at: number): TagCheck {
    const expected = Math.max(this.latest, periodAt(this.verification.start, at));
    if (period !== expected || period < this.period) return 'other-hour';
    this.latest = period;
    for (; this.period < period; this.period += 1) this.key = nextTagKey(this.key);
    const made = Buffer.from(tagOf(this.key, period, body), 'hex');
    const given = Buffer.from(tag, 'hex');
    return given.length === made.length && timingSafeEqual(given, made) ? 'verifies' : 'does-not-verify';
  }
}
