/**
 * AES_128_CBC_HMAC_SHA_256 (RFC 7518 §5.2.2) on node:crypto. The sandbox plays the
 * service's side of JWE with it, independently of the client's jose, so that every
 * encrypted exchange in the tests is an interoperability check.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface CbcHmacSealed {
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

function authenticationTag(macKey: Buffer, aad: Buffer, iv: Buffer, ciphertext: Buffer): Buffer {
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length) * 8n);
  return createHmac('sha256', macKey).update(aad).update(iv).update(ciphertext).update(aadBits).digest().subarray(0, 16);
}

export function encryptCbcHmac(key: Buffer, plaintext: Buffer, aad: Buffer, iv: Buffer = randomBytes(16)): CbcHmacSealed {
  if (key.length !== 32) throw new Error('A128CBC-HS256 needs a 32-byte key.');
  const cipher = createCipheriv('aes-128-cbc', key.subarray(16), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: authenticationTag(key.subarray(0, 16), aad, iv, ciphertext) };
}

/** Verifies the tag first; returns null when it does not verify. */
export function decryptCbcHmac(key: Buffer, parts: CbcHmacSealed, aad: Buffer): Buffer | null {
  if (key.length !== 32) throw new Error('A128CBC-HS256 needs a 32-byte key.');
  const expected = authenticationTag(key.subarray(0, 16), aad, parts.iv, parts.ciphertext);
  if (parts.tag.length !== expected.length || !timingSafeEqual(parts.tag, expected)) return null;
  try {
    const decipher = createDecipheriv('aes-128-cbc', key.subarray(16), parts.iv);
    return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
  } catch {
    return null;
  }
}
