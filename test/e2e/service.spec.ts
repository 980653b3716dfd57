import type { ElectronApplication } from '@playwright/test';
import { bridgeValue, expect, test } from '../support/e2e/fixtures';
import { showScreen } from '../support/e2e/screens';

async function listeningServers(app: ElectronApplication): Promise<number> {
  return app.evaluate(() => process.getActiveResourcesInfo().filter((name) => name === 'TCPServerWrap').length);
}

test('with the Sandbox selected (the default) the embedded sandbox answers on loopback; with Production it is stopped', async ({ launch }) => {
  const { app, page } = await launch();
  // The sandbox starts just after the window is drawn.
  await expect.poll(() => bridgeValue(page, 'getStatus').then((s) => s.service.baseUrl)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const status = await bridgeValue(page, 'getStatus');
  expect(status.service).toMatchObject({ kind: 'sandbox' });
  const sandboxUrl = status.service.baseUrl!;
  const answer = await fetch(`${sandboxUrl}/voice/api/v3/status/anything`, { headers: { authorization: 'Bearer not-the-sandbox-token' } });
  expect(answer.status).toBe(401);
  expect(await answer.json()).toEqual({ error: 'Unauthorized', message: 'Invalid or missing authentication token' });
  const withSandbox = await listeningServers(app);

  await showScreen(page, 'Settings');
  await page.getByLabel('Transcription service').selectOption('production');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('service-badge')).toHaveText('Production');
  await expect.poll(() => bridgeValue(page, 'getStatus').then((s) => s.service.baseUrl)).toBe('https://api.eka.care');
  await expect(fetch(`${sandboxUrl}/voice/api/v3/status/anything`)).rejects.toThrow();
  expect(await listeningServers(app)).toBe(withSandbox - 1);

  await page.getByLabel('Transcription service').selectOption('sandbox');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('service-badge')).toContainText('Sandbox');
  await expect.poll(() => bridgeValue(page, 'getStatus').then((s) => s.service.baseUrl)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await app.close();
});

test('with a real service set by policy, no sandbox is started', async ({ launch }) => {
  const { app, page } = await launch({ policy: { service: 'development' } });
  const status = await bridgeValue(page, 'getStatus');
  expect(status.service).toEqual({ kind: 'development', label: 'Development', baseUrl: 'https://api.dev.eka.care' });
  // Once the features have started (the service first, then the recorder's global shortcut), still no server.
  await expect.poll(() => bridgeValue(page, 'getRecorder').then((r) => r.shortcut)).not.toBeNull();
  const servers = await listeningServers(app);
  await app.close();
  const other = await launch();
  await expect.poll(() => listeningServers(other.app)).toBe(servers + 1);
  await other.app.close();
});
