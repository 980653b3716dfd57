import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSignedByPublisher, parseSignatureFile, publisherKeyFromPem, signedMessage } from '../../../main/updates/release-signature';
import { tempFolder } from '../../support/temp-folder';

const ROOT = resolve(import.meta.dirname, '../../..');
const METADATA = Buffer.from("version: 0.2.0\nfiles:\n  - url: Scribe-Desk-0.2.0.AppImage\n    sha512: abc\npath: Scribe-Desk-0.2.0.AppImage\nreleaseDate: '2026-11-20T10:00:00.000Z'\n");

const CHANNEL = 'latest-linux.yml';

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey };
}

describe('isSignedByPublisher', () => {
  it('accepts the publisher signature over the exact bytes, with or without a final newline', () => {
    const { privateKey, publicKey } = keyPair();
    const signature = sign(null, signedMessage(CHANNEL, METADATA), privateKey).toString('base64');
    expect(isSignedByPublisher(CHANNEL, METADATA, signature, publicKey)).toBe(true);
    expect(isSignedByPublisher(CHANNEL, METADATA, `${signature}\n`, publicKey)).toBe(true);
  });

  it('refuses changed bytes, another key, and anything that is not a signature', () => {
    const { privateKey, publicKey } = keyPair();
    const signature = sign(null, signedMessage(CHANNEL, METADATA), privateKey).toString('base64');
    const changed = Buffer.from(METADATA.toString().replace('0.2.0', '0.0.9'));
    expect(isSignedByPublisher(CHANNEL, changed, signature, publicKey)).toBe(false);
    expect(isSignedByPublisher(CHANNEL, Buffer.concat([METADATA, Buffer.from('\n')]), signature, publicKey)).toBe(false);
    expect(isSignedByPublisher(CHANNEL, METADATA, signature, keyPair().publicKey)).toBe(false);
    expect(isSignedByPublisher(CHANNEL, METADATA, '', publicKey)).toBe(false);
    expect(isSignedByPublisher(CHANNEL, METADATA, 'not base64 at all!', publicKey)).toBe(false);
    expect(isSignedByPublisher(CHANNEL, METADATA, Buffer.alloc(64).toString('base64'), publicKey)).toBe(false);
    expect(isSignedByPublisher(CHANNEL, METADATA, signature.slice(0, 40), publicKey)).toBe(false);
  });

  it('holds only for the channel file it was made for: beta metadata served as latest is refused', () => {
    const { privateKey, publicKey } = keyPair();
    const beta = sign(null, signedMessage('beta-linux.yml', METADATA), privateKey).toString('base64');
    expect(isSignedByPublisher('beta-linux.yml', METADATA, beta, publicKey)).toBe(true);
    expect(isSignedByPublisher('latest-linux.yml', METADATA, beta, publicKey)).toBe(false);
    expect(isSignedByPublisher('latest.yml', METADATA, beta, publicKey)).toBe(false);
    // A signature over the bare bytes (the earlier scheme) holds for no channel.
    expect(isSignedByPublisher('latest-linux.yml', METADATA, sign(null, METADATA, privateKey).toString('base64'), publicKey)).toBe(false);
  });

  it('reads a signature file only when it holds exactly 64 bytes of base64', () => {
    expect(parseSignatureFile(Buffer.alloc(64, 1).toString('base64'))?.length).toBe(64);
    expect(parseSignatureFile(Buffer.alloc(63).toString('base64'))).toBeNull();
    expect(parseSignatureFile(`${Buffer.alloc(64).toString('base64')} extra`)).toBeNull();
  });
});

describe('publisherKeyFromPem', () => {
  it('takes the Ed25519 key built into the app', () => {
    const key = publisherKeyFromPem(readFileSync(join(ROOT, 'build', 'update-public-key.pem'), 'utf8'));
    expect(key.asymmetricKeyType).toBe('ed25519');
    expect(key.type).toBe('public');
  });

  it('refuses keys of another kind', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => publisherKeyFromPem(rsa)).toThrow(/Ed25519 key is needed/);
    expect(() => publisherKeyFromPem('not a key')).toThrow();
  });
});

describe('release scripts', () => {
  const run = (script: string, ...args: string[]) => execFileSync(process.execPath, [join(ROOT, 'scripts', script), ...args], { encoding: 'utf8', stdio: 'pipe' });

  it('make a key pair, sign every channel file, and the app verifies what they wrote', () => {
    const keys = tempFolder();
    run('make-release-key.mjs', keys);
    const dist = tempFolder();
    writeFileSync(join(dist, 'latest-linux.yml'), METADATA);
    writeFileSync(join(dist, 'beta.yml'), 'version: 0.3.0-beta.1\n');
    writeFileSync(join(dist, 'builder-debug.yml'), 'x: 1\n');
    writeFileSync(join(dist, 'Scribe-Desk-0.2.0.AppImage'), 'binary');
    run('sign-release.mjs', join(keys, 'update-private-key.pem'), dist);

    const publicKey = publisherKeyFromPem(readFileSync(join(keys, 'update-public-key.pem'), 'utf8'));
    for (const name of ['latest-linux.yml', 'beta.yml']) {
      expect(isSignedByPublisher(name, readFileSync(join(dist, name)), readFileSync(join(dist, `${name}.sig`), 'utf8'), publicKey)).toBe(true);
    }
    // Each holds as its own channel's file only.
    expect(isSignedByPublisher('latest-linux.yml', readFileSync(join(dist, 'beta.yml')), readFileSync(join(dist, 'beta.yml.sig'), 'utf8'), publicKey)).toBe(false);
    expect(existsSync(join(dist, 'builder-debug.yml.sig'))).toBe(false);
    expect(existsSync(join(dist, 'Scribe-Desk-0.2.0.AppImage.sig'))).toBe(false);
    expect(createPublicKey(readFileSync(join(keys, 'update-private-key.pem'))).equals(publicKey)).toBe(true);
  });

  it('never overwrite a key pair, and refuse to sign an empty folder', () => {
    const keys = tempFolder();
    run('make-release-key.mjs', keys);
    const before = readFileSync(join(keys, 'update-private-key.pem'), 'utf8');
    expect(() => run('make-release-key.mjs', keys)).toThrow(/already exists/);
    expect(readFileSync(join(keys, 'update-private-key.pem'), 'utf8')).toBe(before);
    expect(() => run('sign-release.mjs', join(keys, 'update-private-key.pem'), tempFolder())).toThrow(/No update metadata/);
  });
});
