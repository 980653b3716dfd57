import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { launchApp, newDataFolder, screenshot } from './support/launch-app';
import { startVirtualMicrophone } from './support/virtual-microphone';

test.setTimeout(120_000);

const ARTIFACT = 'Scribe-Desk-0.2.0.AppImage';

/** A generic update server on loopback: latest-linux.yml and the artifact, as electron-builder publishes them. */
async function updateServer(artifact: Buffer, advertised: Buffer = artifact) {
  const sha512 = createHash('sha512').update(advertised).digest('base64');
  const metadata = [
    'version: 0.2.0',
    'files:',
    `  - url: ${ARTIFACT}`,
    `    sha512: ${sha512}`,
    `    size: ${advertised.length}`,
    `path: ${ARTIFACT}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    '',
  ].join('\n');
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/latest-linux.yml') res.writeHead(200, { 'content-type': 'text/yaml' }).end(metadata);
    else if (path === `/${ARTIFACT}`) res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': artifact.length }).end(artifact);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * electron-updater installs on Linux only into an AppImage; the test says the app runs as
 * one (APPIMAGE) so that the real updater finds, downloads and verifies the update.
 */
function appImageEnvironment() {
  const folder = newDataFolder();
  const current = join(folder, 'Scribe-Desk-0.1.0.AppImage');
  writeFileSync(current, 'current build');
  return { APPIMAGE: current, XDG_CACHE_HOME: join(folder, 'cache') };
}

test('an update is found and downloaded with its sha512 verified; restart waits for a recording to end', async () => {
  const artifact = randomBytes(2 * 1024 * 1024);
  const server = await updateServer(artifact);
  const env = appImageEnvironment();
  const microphone = startVirtualMicrophone();
  const { app, page } = await launchApp({ env, policy: { updateUrl: server.url, updateChannel: 'latest', autoSync: false } });
  try {
    const status = await page.evaluate(() => window.scribe.checkForUpdates());
    expect(status).toMatchObject({ state: 'ready', version: '0.2.0', progress: 1 });
    expect(server.requests).toEqual(['/latest-linux.yml', `/${ARTIFACT}`]);
    const downloaded = join(env.XDG_CACHE_HOME, 'scribe-desk-updater', 'pending', ARTIFACT);
    expect(createHash('sha512').update(readFileSync(downloaded)).digest('hex')).toBe(createHash('sha512').update(artifact).digest('hex'));

    const banner = page.getByTestId('update-banner');
    await expect(banner).toContainText('Scribe Desk 0.2.0 is ready to install.');
    await page.getByRole('button', { name: '● Record' }).click();
    await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
    await banner.getByRole('button', { name: 'Restart now' }).click();
    await expect(banner).toContainText('A dictation is being recorded. Restart when it has finished.');
    await screenshot(page, 'update-ready');
    expect(app.process().exitCode).toBeNull();
    await page.getByRole('button', { name: '■ Stop' }).click();
    await banner.getByRole('button', { name: 'Later' }).click();
    await expect(banner).toHaveCount(0);
  } finally {
    microphone.stop();
    await app.close();
    await server.close();
  }
});

test('a tampered artifact is refused', async () => {
  const genuine = randomBytes(1024 * 1024);
  const tampered = Buffer.from(genuine);
  tampered.writeUInt8(tampered.readUInt8(4096) ^ 0xff, 4096);
  const server = await updateServer(tampered, genuine);
  const env = appImageEnvironment();
  const { app, page } = await launchApp({ env, policy: { updateUrl: server.url } });
  const status = await page.evaluate(() => window.scribe.checkForUpdates());
  expect(status.state).toBe('error');
  expect(status.message).toMatch(/sha512 checksum mismatch/);
  expect(existsSync(join(env.XDG_CACHE_HOME, 'scribe-desk-updater', 'pending', ARTIFACT))).toBe(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('update-status')).toContainText('The last update check failed.');
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
  await app.close();
  await server.close();
});

test('the policy can turn updates off entirely', async () => {
  const server = await updateServer(randomBytes(1024));
  const { app, page } = await launchApp({ env: appImageEnvironment(), policy: { updatesEnabled: false, updateUrl: server.url } });
  const status = await page.evaluate(() => window.scribe.checkForUpdates());
  expect(status).toMatchObject({ state: 'off', message: expect.stringMatching(/turned off/) });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('checkbox', { name: /Check for updates/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Check now' })).toBeDisabled();
  expect(server.requests).toEqual([]);
  await app.close();
  await server.close();
});
