/** The service side of payload encryption, as the sandbox implements it. */
import { z } from 'zod';
import { decryptCbcHmac, encryptCbcHmac } from './aes-cbc-hmac';

export const PROTECTED_HEADER = Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A128CBC-HS256' })).toString('base64url');

const envelopeSchema = z.object({
  protected: z.string(),
  iv: z.string(),
  ciphertext: z.string(),
  tag: z.string(),
  kid: z.string(),
});

export type ResponseAad = 'protected' | 'request' | 'empty';

export function keyFromClientKey(clientKey: string): Buffer {
  return Buffer.from(clientKey + clientKey, 'utf8');
}

export type DecryptedRequest =
  | { ok: true; payload: unknown; kid: string; protectedHeader: string }
  | { ok: false; reason: string };

export function decryptRequest(body: unknown, keys: ReadonlyMap<string, string>): DecryptedRequest {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, reason: 'not a JWE envelope' };
  const { kid, iv, ciphertext, tag } = envelope.data;
  const clientKey = keys.get(kid);
  if (!clientKey) return { ok: false, reason: `unknown kid "${kid}"` };
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(envelope.data.protected, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'unreadable protected header' };
  }
  const { alg, enc } = (header ?? {}) as { alg?: unknown; enc?: unknown };
  if (alg !== 'dir' || enc !== 'A128CBC-HS256') return { ok: false, reason: 'unsupported alg or enc' };
  const plaintext = decryptCbcHmac(
    keyFromClientKey(clientKey),
    { iv: Buffer.from(iv, 'base64url'), ciphertext: Buffer.from(ciphertext, 'base64url'), tag: Buffer.from(tag, 'base64url') },
    Buffer.from(envelope.data.protected, 'ascii'),
  );
  if (!plaintext) return { ok: false, reason: 'authentication tag does not verify' };
  try {
    return { ok: true, payload: JSON.parse(plaintext.toString('utf8')), kid, protectedHeader: envelope.data.protected };
  } catch {
    return { ok: false, reason: 'payload is not JSON' };
  }
}

/** An encrypted answer; `aad` chooses whether `protected` is sent and what was authenticated. */
export function encryptResponse(payload: unknown, clientKey: string, aad: ResponseAad, requestProtected: string): Record<string, string> {
  const aadText = aad === 'protected' ? PROTECTED_HEADER : aad === 'request' ? requestProtected : '';
  const parts = encryptCbcHmac(keyFromClientKey(clientKey), Buffer.from(JSON.stringify(payload), 'utf8'), Buffer.from(aadText, 'ascii'));
  return {
    ...(aad === 'protected' ? { protected: PROTECTED_HEADER } : {}),
    iv: parts.iv.toString('base64url'),
    ciphertext: parts.ciphertext.toString('base64url'),
    tag: parts.tag.toString('base64url'),
  };
}
