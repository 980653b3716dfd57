/**
 * The publisher's signature over update metadata: `<channel>.yml.sig` beside each channel
 * file holds the base64 of a raw Ed25519 signature over a fixed line, the channel file's name
 * and the file's exact bytes (scripts/sign-release.mjs). The name is signed with the bytes, so
 * metadata signed for one channel (`beta-linux.yml`) is refused when served as another
 * (`latest-linux.yml`). Pure: node:crypto only.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

const ED25519_SIGNATURE_BYTES = 64;

/** The publisher's public key from PEM; throws unless it is an Ed25519 public key. */
export function publisherKeyFromPem(pem: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`The update public key is a ${key.asymmetricKeyType} key; an Ed25519 key is needed.`);
  return key;
}

/** The raw signature in a `.sig` file's text, or null when the text is not one. */
export function parseSignatureFile(text: string): Buffer | null {
  const base64 = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const signature = Buffer.from(base64, 'base64');
  return signature.length === ED25519_SIGNATURE_BYTES ? signature : null;
}

/** What is signed for the channel file `channelFile`: the same in scripts/sign-release.mjs. */
export function signedMessage(channelFile: string, data: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`scribe-desk update metadata\n${channelFile}\n`, 'utf8'), data]);
}

/** Whether `signatureText` (a `.sig` file's content) is the publisher's signature over `data` as the channel file `channelFile`. */
export function isSignedByPublisher(channelFile: string, data: Uint8Array, signatureText: string, publisherKey: KeyObject): boolean {
  const signature = parseSignatureFile(signatureText);
  if (!signature) return false;
  try {
    return verify(null, signedMessage(channelFile, data), publisherKey, signature);
  } catch {
    return false;
  }
}
