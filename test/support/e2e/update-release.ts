/**
 * Update releases as a publisher makes them (electron-builder's Linux metadata, signed with
 * the project's release scripts and a test key) and a plain web server that serves them and
 * records every path asked for.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT, newDataFolder } from './launch-app';

function releaseScript(script: string, ...args: string[]): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts', script), ...args], { stdio: 'pipe' });
}

export interface KeyFiles {
  privateKey: string;
  publicKey: string;
}

/** A fresh publisher key pair, made with the project's own script. */
export function makeReleaseKeys(): KeyFiles {
  const folder = join(newDataFolder(), 'keys');
  releaseScript('make-release-key.mjs', folder);
  return { privateKey: join(folder, 'update-private-key.pem'), publicKey: join(folder, 'update-public-key.pem') };
}

export interface Release {
  version: string;
  channel?: string;
  /** The installer as published; its sha512 goes into the metadata. */
  artifact: Buffer;
  /** What the server actually sends for the installer (default: `artifact`). */
  served?: Buffer;
  /** The key that signs the metadata with scripts/sign-release.mjs; null: not signed. */
  signedWith: KeyFiles | null;
}

/** A release folder as electron-builder writes it for Linux, signed as asked. */
export function releaseFolder(release: Release): { folder: string; artifactName: string } {
  const folder = join(newDataFolder(), 'dist');
  mkdirSync(folder);
  const artifactName = `Scribe-Desk-${release.version}.AppImage`;
  const sha512 = createHash('sha512').update(release.artifact).digest('base64');
  const metadata = [
    `version: ${release.version}`,
    'files:',
    `  - url: ${artifactName}`,
    `    sha512: ${sha512}`,
    `    size: ${release.artifact.length}`,
    `path: ${artifactName}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    '',
  ].join('\n');
  writeFileSync(join(folder, `${release.channel ?? 'latest'}-linux.yml`), metadata);
  writeFileSync(join(folder, artifactName), release.served ?? release.artifact);
  if (release.signedWith) releaseScript('sign-release.mjs', release.signedWith.privateKey, folder);
  return { folder, artifactName };
}

/** A plain web server for a folder; records every path asked for, and each request's headers. */
export async function updateServer(folder: string, host = '127.0.0.1') {
  const requests: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    headers.push(req.headers);
    const file = join(folder, decodeURIComponent(path));
    if (!file.startsWith(folder) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': path.endsWith('.yml') ? 'text/yaml' : 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/`,
    requests,
    headers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const CURRENT_BUILD = 'current build';
/** What `appImages()` lists when nothing was installed. */
export const UNTOUCHED = [{ name: 'Scribe-Desk-0.1.0.AppImage', content: CURRENT_BUILD }];

/**
 * electron-updater installs on Linux only into an AppImage; the app is told it runs as one
 * (APPIMAGE) so that the real updater finds, downloads and verifies an update, and would
 * replace that file if it installed anything. Its download cache goes to a fresh folder.
 */
export function appImageMachine(publicKeyFile: string) {
  const folder = newDataFolder();
  const currentAppImage = join(folder, 'Scribe-Desk-0.1.0.AppImage');
  writeFileSync(currentAppImage, CURRENT_BUILD);
  const cache = join(folder, 'cache');
  return {
    env: { APPIMAGE: currentAppImage, XDG_CACHE_HOME: cache, SCRIBE_UPDATE_PUBLIC_KEY_FILE: publicKeyFile },
    pendingFolder: join(cache, 'scribe-desk-updater', 'pending'),
    /** Files in the updater's download cache for the update to install. */
    pendingFiles(): string[] {
      return existsSync(this.pendingFolder) ? readdirSync(this.pendingFolder) : [];
    },
    /** The AppImages where the running one is, with their content: an install would change them. */
    appImages: () =>
      readdirSync(folder)
        .filter((name) => name.endsWith('.AppImage'))
        .map((name) => ({ name, content: readFileSync(join(folder, name)).subarray(0, 64).toString('latin1') })),
  };
}
