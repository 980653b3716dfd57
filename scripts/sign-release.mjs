#!/usr/bin/env node
// Signs a release's update metadata with the publisher's Ed25519 key:
//   node scripts/sign-release.mjs <private-key.pem> <dist-folder> [--staging-percentage=<0-100>]
// For every channel file in the folder (latest.yml, latest-mac.yml, latest-linux.yml,
// beta*.yml, …) writes <file>.sig beside it: the base64 of the raw Ed25519 signature over the
// line "scribe-desk update metadata", the file's name and its exact bytes (the app's
// main/updates/release-signature.ts: signedMessage), so that it holds only as that channel's
// file. Publish the .sig files with the rest; the app refuses metadata without.
// --staging-percentage first sets electron-builder's `stagingPercentage` in each channel file:
// the release reaches that share of machines (each decides for itself, main/updates/
// staged-rollout.ts). Being signed, the share cannot be widened by whoever hosts the files. Run
// it again with a larger share to go on, with 100 for everyone, with 0 to halt.
import { createPublicKey, createPrivateKey, sign, verify } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE = 'Usage: node scripts/sign-release.mjs <private-key.pem> <dist-folder> [--staging-percentage=<0-100>]';
const options = process.argv.slice(2).filter((argument) => argument.startsWith('--'));
const [keyArgument, folderArgument, ...extra] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
if (!keyArgument || !folderArgument || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
let stagingPercentage = null;
for (const option of options) {
  const value = /^--staging-percentage=(.*)$/.exec(option)?.[1];
  if (value === undefined) {
    console.error(`Unknown option ${option}. ${USAGE}`);
    process.exit(2);
  }
  stagingPercentage = Number(value);
  if (value.trim() === '' || !Number.isFinite(stagingPercentage) || stagingPercentage < 0 || stagingPercentage > 100) {
    console.error(`--staging-percentage takes a number from 0 to 100, not "${value}".`);
    process.exit(2);
  }
}

/** The channel file with its top-level `stagingPercentage` set to `percentage` (replaced where there was one). */
function withStagingPercentage(text, percentage) {
  const kept = text.replace(/^stagingPercentage:.*(?:\r?\n|$)/gm, '');
  return `${kept.endsWith('\n') || kept === '' ? kept : `${kept}\n`}stagingPercentage: ${percentage}\n`;
}

let privateKey;
try {
  privateKey = createPrivateKey(readFileSync(resolve(keyArgument)));
} catch (error) {
  console.error(`The private key ${keyArgument} cannot be read: ${error.message}`);
  process.exit(1);
}
if (privateKey.asymmetricKeyType !== 'ed25519') {
  console.error(`${keyArgument} is a ${privateKey.asymmetricKeyType} key; an Ed25519 key is needed (scripts/make-release-key.mjs).`);
  process.exit(1);
}

const folder = resolve(folderArgument);
// electron-builder's own debug dump is a .yml too, but no channel file.
const channelFiles = readdirSync(folder, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.yml') && entry.name !== 'builder-debug.yml')
  .map((entry) => entry.name)
  .sort();
if (channelFiles.length === 0) {
  console.error(`No update metadata (*.yml) in ${folder}; build the release first (npm run package).`);
  process.exit(1);
}

const publicKey = createPublicKey(privateKey);
const builtInKeyFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'update-public-key.pem');
if (existsSync(builtInKeyFile) && !createPublicKey(readFileSync(builtInKeyFile)).equals(publicKey)) {
  console.warn(`Warning: this key is not the one built into the app (${builtInKeyFile}); installed copies will refuse this release.`);
}
for (const name of channelFiles) {
  if (stagingPercentage !== null) {
    writeFileSync(join(folder, name), withStagingPercentage(readFileSync(join(folder, name), 'utf8'), stagingPercentage));
    console.log(`${name}: staged rollout to ${stagingPercentage} % of machines`);
  }
  const data = Buffer.concat([Buffer.from(`scribe-desk update metadata\n${name}\n`, 'utf8'), readFileSync(join(folder, name))]);
  const signature = sign(null, data, privateKey);
  if (!verify(null, data, publicKey, signature)) throw new Error(`The signature just made for ${name} does not verify.`);
  writeFileSync(join(folder, `${name}.sig`), `${signature.toString('base64')}\n`);
  console.log(`signed ${name} -> ${name}.sig`);
}
