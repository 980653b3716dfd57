/**
 * A clinic's own apt repository, as its IT would run one: a flat repository made by
 * apt-ftparchive, its Release signed by a throwaway gpg key (InRelease and Release.gpg),
 * served over HTTP on loopback.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

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
  /** The paths asked for so far. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * The repository's web server: a Node process of its own, since apt is run synchronously from
 * the test (a server in the test's own event loop would not answer meanwhile). Serves the
 * folder's files read-only on 127.0.0.1 and prints each path asked for.
 */
const SERVER = `
const { createServer } = require('node:http');
const { createReadStream, statSync } = require('node:fs');
const { join, normalize } = require('node:path');
const folder = process.argv[1];
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url || '/', 'http://127.0.0.1').pathname));
  console.log('GET ' + path);
  const file = join(folder, path);
  let size = -1;
  try { if (file.startsWith(folder) && statSync(file).isFile()) size = statSync(file).size; } catch {}
  if (size < 0) { response.writeHead(404).end(); return; }
  response.writeHead(200, { 'Content-Length': size });
  createReadStream(file).pipe(response);
});
server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export async function serveRepository(folder: string): Promise<RepositoryServer> {
  const child = spawn(process.execPath, ['-e', SERVER, folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  const requests: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('PORT ')) resolve(Number(line.slice(5)));
        else if (line.startsWith('GET ')) requests.push(line.slice(4));
      }
    });
    child.once('exit', (code) => reject(new Error(`The repository server exited (${code}).`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function removeRepository(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}
