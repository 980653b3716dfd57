/**
 * Payload encryption as the service defines it: JWE JSON serialization with `alg: dir` and
 * `enc: A128CBC-HS256`, the key being the client key string twice as UTF-8 (32 bytes).
 * Built on jose (loaded with the first encrypted request); the only logic here is the
 * service's conventions around it.
 */
import type { FlattenedJWE } from 'jose';
import { z } from 'zod';
import { ServiceError } from './service-error';

export const JWE_ALG = 'dir';
export const JWE_ENC = 'A128CBC-HS256';

export interface JweKey {
  kid: string;
  /** 32 bytes: HMAC key (first 16) then AES key (last 16). */
  secret: Uint8Array;
}

export interface JweEnvelope {
  protected: string;
  iv: string;
  ciphertext: string;
  tag: string;
  kid: string;
}

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/, 'not Base64URL');

export const encryptedResponseSchema = z.object({
  protected: base64url.optional(),
  iv: base64url,
  ciphertext: base64url,
  tag: base64url,
});
export type EncryptedResponse = z.infer<typeof encryptedResponseSchema>;

/** The service's key rule: the client key repeated, as UTF-8, must make exactly 32 bytes. */
export function deriveJweKey(clientKey: string, kid: string): JweKey {
  const secret = new TextEncoder().encode(clientKey + clientKey);
  if (secret.length !== 32) {
    throw new ServiceError(
      'configuration',
      `The encryption client key must be 16 bytes (it makes ${secret.length} bytes when doubled, not 32). Correct it in Settings.`,
    );
  }
  if (kid.trim() === '') throw new ServiceError('configuration', 'Encryption is on but the key id (kid) is empty. Set it in Settings.');
  return { kid, secret };
}

export async function encryptJson(payload: unknown, key: JweKey): Promise<JweEnvelope> {
  const { FlattenedEncrypt } = await import('jose');
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  const jwe = await new FlattenedEncrypt(plaintext).setProtectedHeader({ alg: JWE_ALG, enc: JWE_ENC }).encrypt(key.secret);
  if (!jwe.protected || !jwe.iv || !jwe.tag) throw new ServiceError('encryption', 'Encryption produced an incomplete envelope.');
  return { protected: jwe.protected, iv: jwe.iv, ciphertext: jwe.ciphertext, tag: jwe.tag, kid: key.kid };
}

/** True when a parsed JSON body is meant as an encrypted answer (its fields are checked when decrypting). */
export function looksEncrypted(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'ciphertext' in body && 'iv' in body && 'tag' in body;
}

async function tryDecrypt(jwe: FlattenedJWE, secret: Uint8Array): Promise<Uint8Array | null> {
  const { flattenedDecrypt } = await import('jose');
  try {
    const { plaintext, protectedHeader } = await flattenedDecrypt(jwe, secret, { keyManagementAlgorithms: [JWE_ALG], contentEncryptionAlgorithms: [JWE_ENC] });
    if (protectedHeader && (protectedHeader.alg !== JWE_ALG || protectedHeader.enc !== JWE_ENC)) return null;
    return plaintext;
  } catch {
    return null;
  }
}

/**
 * Verifies and decrypts an encrypted answer. Without `protected`, the tag tells which
 * additional authenticated data the service used: the request's protected header, or none.
 * A tag that verifies under neither is tampering.
 */
export async function decryptResponse(body: EncryptedResponse, secret: Uint8Array, requestProtected: string | null): Promise<unknown> {
  const parts = { iv: body.iv, ciphertext: body.ciphertext, tag: body.tag };
  const candidates: FlattenedJWE[] = body.protected
    ? [{ ...parts, protected: body.protected }]
    : [
        ...(requestProtected ? [{ ...parts, protected: requestProtected }] : []),
        { ...parts, header: { alg: JWE_ALG, enc: JWE_ENC } },
      ];
  for (const candidate of candidates) {
    const plaintext = await tryDecrypt(candidate, secret);
    if (!plaintext) continue;
    try {
      return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
    } catch {
      throw new ServiceError('malformed_response', 'The service\'s encrypted answer decrypted to something that is not JSON.');
    }
  }
  throw new ServiceError(
    'encryption',
    'The service\'s encrypted answer failed verification (it was altered, or the encryption key does not match). Check the key in Settings.',
  );
}
