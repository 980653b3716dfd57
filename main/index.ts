/** Composition root: secure the app, open the window, build the features, connect them to the page. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, net, session } from 'electron';
import { parseAppArguments } from './app-arguments';
import { createDictationFeature } from './dictations/dictation-feature';
import { registerOperations, type OperationHandlers } from './ipc/register-operations';
import { isTrustedFrame } from './ipc/trusted-sender';
import { initLog, log } from './log';
import { createRecordsFeature } from './records/records-feature';
import { createRegistrationFeature } from './registration/registration-feature';
import { createServiceFeature } from './service/service-feature';
import { createSettingsFeature } from './settings/settings-feature';
import { createStatusFeature } from './status/status-feature';
import { createUpdatesFeature } from './updates/updates-feature';
import { registerAppScheme, serveRenderer } from './windows/app-protocol';
import { AppWindow } from './windows/app-window';
import { APP_ORIGIN, developmentCsp } from './windows/content-security-policy';
import { guardAllContents, guardSession } from './windows/web-guards';

const here = dirname(fileURLToPath(import.meta.url));
const args = parseAppArguments(process.argv, process.cwd());
if (args.userDataDir) app.setPath('userData', args.userDataDir);
initLog(app.getPath('userData'));
registerAppScheme();
// Sandbox every renderer, unless Chromium's sandbox was switched off (as root in CI), where
// forcing it makes the network service crash in a loop.
if (!app.commandLine.hasSwitch('no-sandbox')) app.enableSandbox();

const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
const appOrigin = devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN;

async function start(): Promise<void> {
  await app.whenReady();
  const userData = app.getPath('userData');
  const window = new AppWindow();
  const isOnline = () => net.isOnline();

  const settings = createSettingsFeature({ userData, policyFile: args.policyFile, packaged: app.isPackaged, window });
  const service = await createServiceFeature({ settings: settings.settings, vault: settings.vault });
  const dictations = createDictationFeature({ userData, builtDir: here, service, settings: settings.settings, isOnline, window });
  const records = createRecordsFeature({ userData, service, isOnline, window });
  const registration = createRegistrationFeature({ service, settings: settings.settings, window });
  const updates = createUpdatesFeature({
    settings: settings.settings,
    busyReasons: [dictations.busyReason, records.busyReason],
    window,
    packaged: app.isPackaged,
    version: app.getVersion(),
    userData,
  });
  const status = createStatusFeature({ settings: settings.settings, service, outboxes: [dictations, records], window });

  const defaultSession = session.defaultSession;
  guardSession(defaultSession);
  if (devServerUrl) {
    defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [developmentCsp(appOrigin)] } });
    });
  }
  serveRenderer(defaultSession, join(here, '../renderer'), dictations.recordingPath);
  guardAllContents(app, (url) => isTrustedFrame({ url, isMainFrame: true }, appOrigin));

  const handlers: OperationHandlers = {
    ...settings.handlers,
    ...service.handlers,
    ...status.handlers,
    ...dictations.handlers,
    ...records.handlers,
    ...registration.handlers,
    ...updates.handlers,
    takeReloadNotice: () => window.takeReloadNotice(),
  };
  registerOperations(handlers, { appOrigin, isAppWindow: (contents) => window.isAppWindow(contents) });
  const shown = window.open({ preloadPath: join(here, '../preload/index.cjs'), url: devServerUrl ?? `${APP_ORIGIN}/index.html` });

  // The first screen needs none of this: it starts once the page has loaded, not in its way.
  shown.webContents.once('did-finish-load', () => {
    status.start();
    dictations.start();
    records.start();
    updates.start();
    service.start();
  });

  app.on('second-instance', () => window.focus());
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    status.stop();
    dictations.dispose();
    records.dispose();
    updates.stop();
    void service.stop();
  });
  log.info(`app: started ${app.getVersion()} (Electron ${process.versions.electron})`);
}

if (app.requestSingleInstanceLock()) {
  start().catch((error: unknown) => {
    log.error('app: failed to start', error);
    app.exit(1);
  });
} else {
  app.quit();
}
