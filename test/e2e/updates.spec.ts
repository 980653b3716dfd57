/**
 * Updates against real update servers (on this computer): releases signed with the release
 * script and a test publisher key, and hostile servers offering unsigned, wrongly signed,
 * older or tampered releases. The app gets the test public key through
 * SCRIBE_UPDATE_PUBLIC_KEY_FILE, which only an unpackaged build honours.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { screenshot, type LaunchOptions, type LaunchedApp } from '../support/e2e/launch-app';
import { labReportPdf } from '../fixtures/documents';
import { customService } from '../support/e2e/policies';
import { showScreen } from '../support/e2e/screens';
import { UNTOUCHED, appImageMachine, makeReleaseKeys, releaseFolder, updateServer, type Release } from '../support/e2e/update-release';

test.setTimeout(120_000);

const publisher = makeReleaseKeys();
const stranger = makeReleaseKeys();
const appImageEnvironment = () => appImageMachine(publisher.publicKey);

/**
 * A launch whose attach stalled is retried (launch-app.ts); the stalled instance may have made
 * its automatic first check (15 s after start) before it was ended. Count only this instance's.
 */
function forgetRequestsBeforeLaunch(server: { requests: string[]; headers: unknown[] }): void {
  server.requests.length = 0;
  server.headers.length = 0;
}

/** Update servers the test started, closed after it, passed or failed. */
const servers: Array<Awaited<ReturnType<typeof updateServer>>> = [];

async function startUpdateServer(folder: string, host?: string) {
  const server = await updateServer(folder, host);
  servers.push(server);
  return server;
}

test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

test('a signed newer version is downloaded with its sha512 verified and offered; it installs only on "Restart now", which waits for a recording', async ({
  launch,
  microphone: _microphone,
}) => {
  const artifact = randomBytes(2 * 1024 * 1024);
  const { folder, artifactName } = releaseFolder({ version: '0.2.0', artifact, signedWith: publisher });
  const server = await startUpdateServer(folder);
  const machine = appImageEnvironment();
  const { app, page, userDataDir } = await launch({ env: machine.env, policy: { updateUrl: server.url, updateChannel: 'latest', autoSync: false } });
  forgetRequestsBeforeLaunch(server);
  try {
    const status = await bridgeValue(page, 'checkForUpdates');
    expect(status).toMatchObject({ state: 'ready', version: '0.2.0', progress: 1 });
    expect(server.requests).toEqual(['/latest-linux.yml', '/latest-linux.yml.sig', `/${artifactName}`]);
    // No request says which install asks (electron-updater's x-user-staging-id), and no such id is kept.
    expect(server.headers.flatMap((headers) => Object.keys(headers))).not.toContain('x-user-staging-id');
    expect(server.headers.flatMap((headers) => Object.values(headers).flat()).join('\n')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(existsSync(join(userDataDir, '.updaterId'))).toBe(false);
    const downloaded = join(machine.pendingFolder, artifactName);
    expect(createHash('sha512').update(readFileSync(downloaded)).digest('hex')).toBe(createHash('sha512').update(artifact).digest('hex'));

    const banner = page.getByTestId('update-banner');
    await expect(banner).toContainText('Scribe Desk 0.2.0 is ready to install.');
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    await expect(page.getByTestId('recorder-state')).toHaveText('Recording — speak now', { timeout: 15_000 });
    await banner.getByRole('button', { name: 'Restart now' }).click();
    await expect(banner).toContainText('A dictation is being recorded. Restart when it has finished.');
    await screenshot(page, 'update-ready');
    expect(app.process().exitCode).toBeNull();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await banner.getByRole('button', { name: 'Later' }).click();
    await expect(banner).toHaveCount(0);
  } finally {
    await app.close();
  }
  // Quitting without "Restart now" installs nothing: the running AppImage is untouched.
  expect(machine.appImages()).toEqual(UNTOUCHED);
});

/** Starts the app against `release`, checks, and expects a refusal with nothing kept or installed. */
async function expectRefused(launch: (options: LaunchOptions) => Promise<LaunchedApp>, release: Release, expected: { message: RegExp; requests: (artifactName: string) => string[]; screenshot?: string }) {
  const { folder, artifactName } = releaseFolder(release);
  const server = await startUpdateServer(folder);
  const machine = appImageEnvironment();
  const { app, page } = await launch({ env: machine.env, policy: { updateUrl: server.url, updateChannel: release.channel ?? 'latest' } });
  forgetRequestsBeforeLaunch(server);
  try {
    const status = await bridgeValue(page, 'checkForUpdates');
    expect(status.state).toBe('error');
    expect(status.message).toMatch(expected.message);
    expect(server.requests).toEqual(expected.requests(artifactName));
    expect(machine.pendingFiles()).toEqual([]);
    await showScreen(page, 'Settings');
    await expect(page.getByTestId('update-status')).toContainText('The last update check failed.');
    await expect(page.getByTestId('update-status')).toContainText(status.message!);
    await expect(page.getByTestId('update-banner')).toHaveCount(0);
    if (expected.screenshot) await screenshot(page, expected.screenshot);
    expect(app.process().exitCode).toBeNull();
  } finally {
    await app.close();
  }
  expect(machine.appImages()).toEqual(UNTOUCHED);
}

test('a signed but older version is refused, on another channel too', async ({ launch }) => {
  await expectRefused(
    launch,
    { version: '0.0.9', channel: 'beta', artifact: randomBytes(64 * 1024), signedWith: publisher },
    {
      message: /^The update server offers version 0\.0\.9, which is not newer than this version \(0\.1\.0\); refused\./,
      requests: () => ['/beta-linux.yml', '/beta-linux.yml.sig'],
    },
  );
});

test('unsigned release information is refused before anything is downloaded', async ({ launch }) => {
  await expectRefused(
    launch,
    { version: '0.2.0', artifact: randomBytes(64 * 1024), signedWith: null },
    {
      message: /^The update server's release information is not signed by the publisher \(latest-linux\.yml\.sig is missing\); nothing was downloaded\.$/,
      requests: () => ['/latest-linux.yml', '/latest-linux.yml.sig'],
      screenshot: 'update-refused-unsigned',
    },
  );
});

test('release information signed by another key is refused before anything is downloaded', async ({ launch }) => {
  await expectRefused(
    launch,
    { version: '0.2.0', artifact: randomBytes(64 * 1024), signedWith: stranger },
    {
      message: /^The update server's release information is not signed by the publisher \(the signature in latest-linux\.yml\.sig does not match\)/,
      requests: () => ['/latest-linux.yml', '/latest-linux.yml.sig'],
    },
  );
});

test('a tampered installer under signed release information is refused and deleted', async ({ launch }) => {
  const genuine = randomBytes(1024 * 1024);
  const tampered = Buffer.from(genuine);
  tampered.writeUInt8(tampered.readUInt8(4096) ^ 0xff, 4096);
  await expectRefused(
    launch,
    { version: '0.2.0', artifact: genuine, served: tampered, signedWith: publisher },
    {
      message: /does not match the publisher's signed release information \(sha512 checksum mismatch\); it was deleted/,
      requests: (artifactName) => ['/latest-linux.yml', '/latest-linux.yml.sig', `/${artifactName}`],
    },
  );
});

/** An address of this machine that is not loopback, so plain http to it is not allowed. */
function nonLoopbackAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    const address = addresses?.find((candidate) => candidate.family === 'IPv4' && !candidate.internal);
    if (address) return address.address;
  }
  return null;
}

test('a plain http:// update address on another computer is refused without any request', async ({ launch }) => {
  const host = nonLoopbackAddress();
  test.skip(host === null, 'This machine has no network address besides loopback.');
  const { folder } = releaseFolder({ version: '0.2.0', artifact: randomBytes(1024), signedWith: publisher });
  const server = await startUpdateServer(folder, host!);
  // The server is reachable at that address: a request from the app would be seen.
  await new Promise<void>((resolve, reject) => get(`${server.url}latest-linux.yml`, (res) => res.resume().on('end', resolve)).on('error', reject));
  expect(server.requests).toEqual(['/latest-linux.yml']);
  server.requests.length = 0;

  const machine = appImageEnvironment();
  // The policy cannot be used on this computer, so its safest settings hold (a keyring required): no patient is chosen.
  const { app, page } = await launch({ env: machine.env, policy: { updateUrl: server.url }, patient: null });
  try {
    const status = await bridgeValue(page, 'checkForUpdates');
    // Refused by the update service ("off" with the reason), or, where settings validation
    // already refuses such an address, by the policy check; either way nothing is asked for.
    expect(status.state).toBe('off');
    await showScreen(page, 'Settings');
    await expect(page.getByText(/Plain http:\/\/ is not allowed/).first()).toBeVisible();
    await screenshot(page, 'update-http-refused');
    expect(server.requests).toEqual([]);
    expect(machine.pendingFiles()).toEqual([]);
  } finally {
    await app.close();
  }
});

test('the policy can turn updates off entirely', async ({ launch }) => {
  const { folder } = releaseFolder({ version: '0.2.0', artifact: randomBytes(1024), signedWith: publisher });
  const server = await startUpdateServer(folder);
  const { app, page } = await launch({ env: appImageEnvironment().env, policy: { updatesEnabled: false, updateUrl: server.url } });
  const status = await bridgeValue(page, 'checkForUpdates');
  expect(status).toMatchObject({ state: 'off', message: expect.stringMatching(/turned off/) });
  await showScreen(page, 'Settings');
  await expect(page.getByRole('checkbox', { name: /Check for updates/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Check now' })).toBeDisabled();
  expect(server.requests).toEqual([]);
  await app.close();
});

test('"Restart now" also waits while an upload is under way', async ({ launch, startSandbox }) => {
  // The sandbox takes a minute to answer, so the upload stays under way.
  const sandbox = await startSandbox({ faults: { latencyMs: 60_000 } });
  const { folder } = releaseFolder({ version: '0.2.0', artifact: randomBytes(64 * 1024), signedWith: publisher });
  const server = await startUpdateServer(folder);
  const machine = appImageEnvironment();
  const { app, page } = await launch({
    env: machine.env,
    policy: customService(sandbox, { updateUrl: server.url }),
  });
  try {
    const [staged] = await bridgeValue(page, 'stageLabReportFiles', { files: [{ name: 'cbc.pdf', size: 0, data: new Uint8Array(await labReportPdf()) }] });
    const { visitPatientId } = await bridgeValue(page, 'listPatients');
    await bridgeValue(page, 'uploadLabReports', { ids: [staged!.id], tasks: ['smart'], acceptLowResolution: false, patientId: visitPatientId });
    await expect.poll(async () => (await bridgeValue(page, 'listLabReports'))[0]?.state).toBe('uploading');
    expect(await bridgeValue(page, 'checkForUpdates')).toMatchObject({ state: 'ready', version: '0.2.0' });
    const status = await bridgeValue(page, 'restartToUpdate');
    expect(status).toMatchObject({ state: 'ready', message: 'An upload is under way. Restart when it has finished.' });
    await expect(page.getByTestId('update-banner')).toContainText('An upload is under way. Restart when it has finished.');
    expect(app.process().exitCode).toBeNull();
  } finally {
    await app.close();
  }
  expect(machine.appImages()).toEqual(UNTOUCHED);
});
