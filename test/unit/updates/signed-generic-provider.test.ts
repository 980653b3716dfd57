/**
 * The provider against a real loopback web folder, with Node's http in place of Electron's
 * net (the only part of electron-updater that needs Electron).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, request, type ClientRequest, type RequestOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpExecutor } from 'builder-util-runtime';
import type { AppUpdater } from 'electron-updater';
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider';
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { OfferedVersions } from '../../../main/updates/offered-versions';
import { signedMessage } from '../../../main/updates/release-signature';
import { SignedGenericProvider } from '../../../main/shell/updater/signed-generic-provider';
import { tempFolder } from '../../support/temp-folder';
import { updateErrorMessage } from '../../../main/updates/update-errors';

class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: unknown) => void): ClientRequest {
    return request(options, callback);
  }
}

function metadata(version: string): string {
  return [`version: ${version}`, 'files:', `  - url: Scribe-Desk-${version}.AppImage`, '    sha512: abc', '    size: 3', `path: Scribe-Desk-${version}.AppImage`, 'sha512: abc', ''].join('\n');
}

const publisher = generateKeyPairSync('ed25519');
const signatureOf = (text: string, key: KeyObject = publisher.privateKey, channelFile = 'latest-linux.yml') =>
  sign(null, signedMessage(channelFile, Buffer.from(text)), key).toString('base64');

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  while (servers.length) servers.pop()!.close();
});

/** A web folder serving `files` (path → body); records the paths asked for. */
async function webFolder(files: Record<string, string>) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const body = files[path];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/yaml' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/updates`, requests };
}

function provider(url: string, channel = 'latest', offered = new OfferedVersions(join(tempFolder(), 'update-offers.json'))) {
  const runtime = { isUseMultipleRangeRequest: true, platform: 'linux', executor: new NodeHttpExecutor() } as unknown as ProviderRuntimeOptions;
  return new SignedGenericProvider(
    { provider: 'custom', updateProvider: SignedGenericProvider, url, channel, publisherKey: publisher.publicKey, runningVersion: '0.1.0', offered },
    {} as AppUpdater,
    runtime,
  );
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return updateErrorMessage(error);
}

describe('SignedGenericProvider', () => {
  it('returns the release information of a signed newer version', async () => {
    const yml = metadata('0.2.0');
    const folder = await webFolder({ '/updates/latest-linux.yml': yml, '/updates/latest-linux.yml.sig': signatureOf(yml) });
    const info = await provider(folder.url).getLatestVersion();
    expect(info.version).toBe('0.2.0');
    expect(folder.requests).toEqual(['/updates/latest-linux.yml', '/updates/latest-linux.yml.sig']);
    expect(provider(folder.url).resolveFiles(info)[0]!.url.href).toBe(`${folder.url}/Scribe-Desk-0.2.0.AppImage`);
  });

  it('reads the file of the chosen channel', async () => {
    const yml = metadata('0.3.0-beta.1');
    const folder = await webFolder({ '/updates/beta-linux.yml': yml, '/updates/beta-linux.yml.sig': signatureOf(yml, publisher.privateKey, 'beta-linux.yml') });
    expect((await provider(folder.url, 'beta').getLatestVersion()).version).toBe('0.3.0-beta.1');
  });

  it('refuses metadata signed for another channel: a beta release served as latest', async () => {
    const yml = metadata('0.3.0-beta.1');
    const folder = await webFolder({ '/updates/latest-linux.yml': yml, '/updates/latest-linux.yml.sig': signatureOf(yml, publisher.privateKey, 'beta-linux.yml') });
    expect(await refusal(provider(folder.url).getLatestVersion())).toMatch(/not signed by the publisher \(the signature in latest-linux.yml.sig does not match\)/);
  });

  it('refuses signed metadata older than what the channel offered before (an old copy replayed), also after a restart', async () => {
    const offers = join(tempFolder(), 'update-offers.json');
    const newer = metadata('0.3.0');
    const older = metadata('0.2.0');
    const first = await webFolder({ '/updates/latest-linux.yml': newer, '/updates/latest-linux.yml.sig': signatureOf(newer) });
    expect((await provider(first.url, 'latest', new OfferedVersions(offers)).getLatestVersion()).version).toBe('0.3.0');
    const replayed = await webFolder({ '/updates/latest-linux.yml': older, '/updates/latest-linux.yml.sig': signatureOf(older) });
    expect(await refusal(provider(replayed.url, 'latest', new OfferedVersions(offers)).getLatestVersion())).toMatch(/offers version 0\.2\.0, older than version 0\.3\.0 it offered before/);
  });

  it('refuses metadata without a signature file', async () => {
    const folder = await webFolder({ '/updates/latest-linux.yml': metadata('0.2.0') });
    expect(await refusal(provider(folder.url).getLatestVersion())).toBe(
      "The update server's release information is not signed by the publisher (latest-linux.yml.sig is missing); nothing was downloaded.",
    );
  });

  it('refuses metadata signed by another key, or changed after signing', async () => {
    const yml = metadata('0.2.0');
    const other = generateKeyPairSync('ed25519').privateKey;
    const byOther = await webFolder({ '/updates/latest-linux.yml': yml, '/updates/latest-linux.yml.sig': signatureOf(yml, other) });
    expect(await refusal(provider(byOther.url).getLatestVersion())).toMatch(/not signed by the publisher \(the signature in latest-linux.yml.sig does not match\)/);
    const changed = await webFolder({ '/updates/latest-linux.yml': metadata('0.2.1'), '/updates/latest-linux.yml.sig': signatureOf(yml) });
    expect(await refusal(provider(changed.url).getLatestVersion())).toMatch(/not signed by the publisher/);
  });

  it('checks the signature before reading the metadata at all', async () => {
    const folder = await webFolder({ '/updates/latest-linux.yml': 'version: [unclosed', '/updates/latest-linux.yml.sig': signatureOf('something else') });
    expect(await refusal(provider(folder.url).getLatestVersion())).toMatch(/not signed by the publisher/);
  });

  it('refuses a signed but older version', async () => {
    const yml = metadata('0.0.9');
    const folder = await webFolder({ '/updates/latest-linux.yml': yml, '/updates/latest-linux.yml.sig': signatureOf(yml) });
    expect(await refusal(provider(folder.url).getLatestVersion())).toBe(
      'The update server offers version 0.0.9, which is not newer than this version (0.1.0); refused. Nothing was downloaded.',
    );
  });

  it('refuses a signed release whose installer is named at a plain http address off this computer', async () => {
    const yml = metadata('0.2.0').replaceAll('Scribe-Desk-0.2.0.AppImage', 'http://downloads.example.org/Scribe-Desk-0.2.0.AppImage');
    const folder = await webFolder({ '/updates/latest-linux.yml': yml, '/updates/latest-linux.yml.sig': signatureOf(yml) });
    const updates = provider(folder.url);
    const info = await updates.getLatestVersion();
    expect(() => updates.resolveFiles(info)).toThrow(/^The release names a download address that is not allowed \(http:\/\/downloads\.example\.org\); nothing was downloaded\. Plain http:\/\/ is not allowed/);
  });

  it('says when the channel has no release information', async () => {
    const folder = await webFolder({});
    expect(await refusal(provider(folder.url).getLatestVersion())).toMatch(/no release information for this channel \(latest-linux.yml\)/);
    expect(folder.requests).toEqual(['/updates/latest-linux.yml']);
  });
});
