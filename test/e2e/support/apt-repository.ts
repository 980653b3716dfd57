/**
 * A clinic's own apt repository, as its IT would run one: a flat repository made by
 * apt-ftparchive, its Release signed by a throwaway gpg key (InRelease and Release.gpg),
 * served over HTTP on loopback by this test process.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, normalize } from 'node:path';

export interface SigningKey {
  /** The public key as a binary keyring, for apt's signed-by. */
  publicKeyring: string;
  homedir: string;
}

/** A new Ed25519 signing key in its own gpg home (no agent left behind: gpgconf kills it at dispose). */
export function makeSigningKey(name: string): SigningKey {
  const homedir = mkdtempSync(join(tmpdir(), 'scribe-gpg-'));
  const gpg = (...args: string[]) => execFileSync('gpg', ['--batch', '--quiet', '--homedir', homedir, ...args], { stdio: 'pipe' });
  gpg('--passphrase', '', '--quick-gen-key', `${name} <apt-test@scribedesk.invalid>`, 'ed25519', 'sign', 'never');
  const publicKeyring = join(homedir, 'public.gpg');
  writeFileSync(publicKeyring, gpg('--export'));
  return { publicKeyring, homedir };
}

export function disposeSigningKey(key: SigningKey): void {
  try {
    execFileSync('gpgconf', ['--homedir', key.homedir, '--kill', 'all'], { stdio: 'ignore' });
  } catch {
    // no agent was started
  }
  rmSync(key.homedir, { recursive: true, force: true });
}

/** A flat repository holding `packages`, its Release signed by `key`. */
export function makeRepository(packages: string[], key: SigningKey): string {
  const folder = mkdtempSync(join(tmpdir(), 'scribe-apt-repo-'));
  for (const file of packages) copyFileSync(file, join(folder, basename(file)));
  const inFolder = (command: string, args: string[]) => execFileSync(command, args, { cwd: folder, stdio: 'pipe' });
  writeFileSync(join(folder, 'Packages'), inFolder('apt-ftparchive', ['packages', '.']));
  execFileSync('gzip', ['-k', '-9', join(folder, 'Packages')]);
  const release = inFolder('apt-ftparchive', ['-o', 'APT::FTPArchive::Release::Origin=Scribe Desk test clinic', '-o', 'APT::FTPArchive::Release::Suite=stable', 'release', '.']);
  writeFileSync(join(folder, 'Release'), release);
  const gpg = ['--batch', '--quiet', '--homedir', key.homedir, '--yes'];
  inFolder('gpg', [...gpg, '--clearsign', '-o', 'InRelease', 'Release']);
  inFolder('gpg', [...gpg, '--detach-sign', '--armor', '-o', 'Release.gpg', 'Release']);
  return folder;
}

export interface RepositoryServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** Serves `folder` read-only on 127.0.0.1. */
export async function serveRepository(folder: string): Promise<RepositoryServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)).replace(/^(\.\.[/\\])+/, '');
    requests.push(path);
    const file = join(folder, path);
    if (!file.startsWith(folder) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Length': statSync(file).size });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function removeRepository(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}
