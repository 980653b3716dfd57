/**
 * The trail's forward-secure tags, after systemd-journald's Forward Secure Sealing: each line
 * carries a tag (HMAC-SHA256) made with the key of the hour it was written in. The tag key moves
 * on every hour, k(n+1) = SHA-256(label, k(n)), and the one before is erased, so whoever holds
 * this hour's key cannot tag an earlier hour's line again. The first key (the seed) is handed
 * to the clinic's IT once, as the verification key, and erased from the computer: from it,
 * verify works out every hour's key. Pure.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long one tag key is used. */
export const TAG_PERIOD_MS = 60 * 60 * 1000;

const LABEL = 'scribe-desk audit tag key';
const VERIFICATION_KEY = /^SDAV1-([0-9a-f]{32})-([0-9a-f]{64})$/;

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

/** What the clinic's IT keeps: the trail it is for and the seed, as one line of text. */
export function verificationKeyText(trail: string, seed: Uint8Array): string {
  return `SDAV1-${trail}-${Buffer.from(seed).toString('hex')}`;
}

export function parseVerificationKey(text: string): { trail: string; seed: Buffer } | null {
  const match = VERIFICATION_KEY.exec(text.trim());
  return match ? { trail: match[1]!, seed: Buffer.from(match[2]!, 'hex') } : null;
}

/** Every period's key from the seed, worked out forward as the walk over the trail asks for them. */
export class TagChecker {
  private period = 0;
  private key: Buffer;

  constructor(seed: Uint8Array) {
    this.key = Buffer.from(seed);
  }

  /** True when the tag was made with the period's key (periods are asked for in order: never an earlier one than the last). */
  verifies(period: number, body: Uint8Array, tag: string): boolean {
    if (period < this.period) return false;
    for (; this.period < period; this.period += 1) this.key = nextTagKey(this.key);
    const expected = Buffer.from(tagOf(this.key, period, body), 'hex');
    const given = Buffer.from(tag, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
