#!/usr/bin/env node
// Makes the publisher's Ed25519 key pair for signing update metadata:
//   node scripts/make-release-key.mjs <out-folder>
// writes <out-folder>/update-private-key.pem (keep it offline, never in the repository) and
// <out-folder>/update-public-key.pem (copy it to build/update-public-key.pem and rebuild).
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [outArgument] = process.argv.slice(2);
if (!outArgument) {
  console.error('Usage: node scripts/make-release-key.mjs <out-folder>');
  process.exit(2);
}
const out = resolve(outArgument);
const privateFile = join(out, 'update-private-key.pem');
const publicFile = join(out, 'update-public-key.pem');
for (const file of [privateFile, publicFile]) {
  // A replaced key would lock every installed copy out of later updates: never overwrite.
  if (existsSync(file)) {
    console.error(`${file} already exists; nothing was written. Choose another folder.`);
    process.exit(1);
  }
}

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
mkdirSync(out, { recursive: true, mode: 0o700 });
writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }), { flag: 'wx' });
console.log(`Private key: ${privateFile} (keep it offline; anyone holding it can publish updates)`);
console.log(`Public key:  ${publicFile} (copy it to build/update-public-key.pem, then build)`);
