import { spawn } from 'node:child_process';
import { expect, test } from '../support/e2e/fixtures';
import { EVENT_NAMES, OPERATION_NAMES } from '../../contract/ipc';
import { appArguments } from '../support/e2e/launch-app';
// @ts-expect-error: plain JavaScript helper shared with the npm scripts.
import { electronExecutable } from '../../scripts/electron-path.mjs';


test('every window is isolated, sandboxed and without Node', async ({ launch }) => {
  const launched = await launch();
  const preferences = await launched.app.evaluate(({ BrowserWindow }) =>
    // getLastWebPreferences is missing from Electron's typings but present at run time.
    BrowserWindow.getAllWindows().map((window) =>
      (window.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> | null }).getLastWebPreferences(),
    ),
  );
  expect(preferences.length).toBeGreaterThan(0);
  for (const prefs of preferences) {
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(prefs?.nodeIntegrationInSubFrames ?? false).toBe(false);
  }
});

test('the page has no require, process or ipcRenderer; the bridge has one method per operation', async ({ launch }) => {
  const launched = await launch();
  const globals = await launched.page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return {
      require: typeof w.require,
      process: typeof w.process,
      ipcRenderer: typeof w.ipcRenderer,
      electron: typeof w.electron,
      bridge: Object.keys(w.scribe as object).sort(),
      events: Object.keys((w.scribe as { on: object }).on).sort(),
    };
  });
  expect(globals).toEqual({
    require: 'undefined',
    process: 'undefined',
    ipcRenderer: 'undefined',
    electron: 'undefined',
    bridge: [...OPERATION_NAMES, 'on'].sort(),
    events: [...EVENT_NAMES].sort(),
  });
});

test('the page is served with a strict CSP, and injected scripts are refused', async ({ launch }) => {
  const launched = await launch();
  const headers = await launched.app.evaluate(async ({ net }) => {
    const response = await net.fetch('app://scribe/index.html');
    return Object.fromEntries([...(response.headers as unknown as Iterable<[string, string]>)]);
  });
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // Playwright's own evaluate runs outside the page's CSP, so probe with what an attacker
  // would use: an injected inline script and an inline event handler.
  const probe = await launched.page.evaluate(async () => {
    const violations: string[] = [];
    // Resolves once the three refusals expected below have been reported.
    const allReported = new Promise<void>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(event.violatedDirective);
        if (violations.length >= 3) resolve();
      });
    });
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true';
    document.head.append(script);
    const image = document.createElement('img');
    image.setAttribute('onerror', 'window.inlineHandlerRan = true');
    // The image's error event comes after its (refused) inline handler would have run.
    const imageFailed = new Promise((resolve) => image.addEventListener('error', resolve, { once: true }));
    image.src = 'data:,not-an-image';
    document.body.append(image);
    const remote = document.createElement('script');
    remote.src = 'https://cdn.example.org/x.js';
    document.head.append(remote);
    await Promise.all([allReported, imageFailed]);
    image.remove();
    return { script: w.injectedScriptRan ?? false, handler: w.inlineHandlerRan ?? false, violations: [...new Set(violations)].sort() };
  });
  expect(probe).toEqual({ script: false, handler: false, violations: ['script-src-attr', 'script-src-elem'] });
});

test('invalid bridge input is rejected in main with a clear message, as a value', async ({ launch }) => {
  const launched = await launch();
  const answer = await launched.page.evaluate(() => (window.scribe.updateSettings as (input: unknown) => Promise<unknown>)({ isAdmin: true }));
  expect(answer).toEqual({ ok: false, error: { kind: 'invalid-input', message: expect.stringMatching(/isAdmin/), retryable: false } });
});

test('navigation, new windows and permissions are refused; https links go to the OS browser', async ({ launch }) => {
  const launched = await launch();
  // The OS browser cannot be opened here: record what would have been opened instead.
  await launched.app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as Record<string, unknown>).openedExternally = opened;
    shell.openExternal = async (url: string) => {
      opened.push(url);
    };
  });
  const { page, app } = launched;
  const popup = await page.evaluate(() => window.open('https://example.org/help') === null);
  expect(popup).toBe(true);
  await page.evaluate(() => window.open('file:///etc/passwd'));
  await page.evaluate(() => {
    window.location.href = 'https://example.org/elsewhere';
  });
  // The navigation has been handled once it reached the OS browser instead.
  await expect.poll(() => app.evaluate(() => (globalThis as Record<string, unknown>).openedExternally)).toEqual([
    'https://example.org/help',
    'https://example.org/elsewhere',
  ]);
  expect(page.url()).toBe('app://scribe/index.html');
  expect(app.windows()).toHaveLength(1);

  const permissions = await page.evaluate(async () => ({
    notifications: await Notification.requestPermission(),
    microphone: (await navigator.permissions.query({ name: 'microphone' })).state,
    geolocation: (await navigator.permissions.query({ name: 'geolocation' })).state,
  }));
  expect(permissions).toEqual({ notifications: 'denied', microphone: 'denied', geolocation: 'denied' });
});

test('a second launch with the same data folder hands over to the first and exits', async ({ launch }) => {
  const launched = await launch();
  const second = spawn(electronExecutable() as string, appArguments(launched.userDataDir, launched.policyFile), {
    stdio: 'ignore',
    env: { ...process.env, SCRIBE_LOG_CONSOLE: '0' },
  });
  const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
  expect(code).toBe(0);
  expect(launched.app.windows()).toHaveLength(1);
  expect(await launched.page.getByTestId('service-badge').isVisible()).toBe(true);
});
