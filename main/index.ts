/** Composition root: build the services, register IPC, open the window. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, net, safeStorage, session } from 'electron';
import type { EventName, EventPayload } from '../contract/ipc';
import { ServiceClient } from './api/service-client';
import { parseAppArguments } from './app-arguments';
import { listMicrophones } from './audio/microphones';
import { createDictationFeature } from './dictations/dictation-feature';
import { createRecordsFeature } from './records/records-feature';
import { RegistrationFlow } from './registration/registration-flow';
import { choosePublisherKey } from './updates/publisher-key';
import { UpdateService } from './updates/update-service';
import { registerOperations, sendEvent } from './ipc/register-operations';
import { isTrustedFrame } from './ipc/trusted-sender';
import { initLog, log } from './log';
import { vaultGrantStore } from './service/grant-store';
import { ServiceHealth } from './service/service-health';
import { ServiceConnection } from './service/service-connection';
import { electronSettingsStore } from './settings/electron-settings-store';
import { effectivePolicy, loadPolicy, machinePolicyPath } from './settings/policy';
import { DEFAULT_PROGRAM_DATA, windowsProgramData } from './settings/windows-program-data';
import { SecretVault } from './settings/secret-vault';
import { SettingsService } from './settings/settings-service';
import { AppStatusMonitor } from './status/app-status';
import { registerAppScheme, serveRenderer } from './windows/app-protocol';
import { APP_ORIGIN, developmentCsp } from './windows/content-security-policy';
import { createMainWindow, focusWindow } from './windows/main-window';
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

function programDataFolder(): string {
  try {
    return windowsProgramData();
  } catch (error) {
    log.error(`policy: the ProgramData folder could not be asked of Windows (${(error as Error).message}); using ${DEFAULT_PROGRAM_DATA}`);
    return DEFAULT_PROGRAM_DATA;
  }
}

async function start(): Promise<void> {
  await app.whenReady();
  const userData = app.getPath('userData');
  const policy = effectivePolicy(
    loadPolicy(machinePolicyPath(process.platform, programDataFolder), false),
    args.policyFile ? loadPolicy(args.policyFile, true) : null,
    app.isPackaged,
  );
  if (policy.error) log.warn(`policy: ${policy.error}`);
  else if (policy.path) log.info(`policy: applied ${policy.path}`);

  const vault = new SecretVault(join(userData, 'secrets.json'), safeStorage, process.platform, (m) => log.warn(`secrets: ${m}`));
  const settings = new SettingsService(electronSettingsStore(), vault, policy);
  let status: AppStatusMonitor | null = null;
  const connection = new ServiceConnection(settings, {
    grantStore: (owner) => vaultGrantStore(vault, owner),
    onAuthChange: () => status?.refresh(),
    onProblem: (message) => log.error(`service: ${message}`),
  });
  await connection.apply();
  const serviceClient = new ServiceClient(() => connection.config());
  const health = new ServiceHealth();

  let window: BrowserWindow | null = null;
  const send = <K extends EventName>(name: K, payload: EventPayload<K>) => {
    if (window) sendEvent(window.webContents, name, payload);
  };
  const dictations = await createDictationFeature({
    userData,
    builtDir: here,
    client: serviceClient,
    health,
    settings,
    isOnline: () => net.isOnline(),
    window: () => window,
    emit: {
      recorder: (recorder) => send('recorderChanged', recorder),
      changed: (summary) => {
        send('dictationChanged', summary);
        status?.refresh();
      },
      removed: (id) => {
        send('dictationRemoved', { id });
        status?.refresh();
      },
    },
  });
  const records = createRecordsFeature({
    userData,
    client: serviceClient,
    health,
    isOnline: () => net.isOnline(),
    encrypting: () => connection.encrypting(),
    window: () => window,
    emit: {
      changed: (summary) => {
        send('recordChanged', summary);
        status?.refresh();
      },
      removed: (id) => {
        send('recordRemoved', { id });
        status?.refresh();
      },
    },
  });
  health.onChange(() => status?.refresh());
  const updates = new UpdateService({
    settings: () => settings.current(),
    busyReason: () =>
      dictations.session.status().state !== 'idle'
        ? 'A dictation is being recorded.'
        : dictations.engine.uploading() || records.outbox.uploading()
          ? 'An upload is under way.'
          : null,
    onStatus: (update) => send('updateChanged', update),
    isPackaged: app.isPackaged,
    userData,
    version: app.getVersion(),
    publisherKey: () => choosePublisherKey({ isPackaged: app.isPackaged, env: process.env, readFile: (path) => readFileSync(path, 'utf8') }),
  });
  const registration = new RegistrationFlow({
    client: serviceClient,
    resendSeconds: () => settings.current().otpResendSeconds,
    audit: (event) => log.info(event),
  });
  status = new AppStatusMonitor({
    isOnline: () => net.isOnline(),
    settings: () => settings.current(),
    sandboxUrl: () => connection.sandboxUrl(),
    pendingSync: () => dictations.engine.pendingCount() + records.outbox.pendingCount(),
    sync: () => dictations.engine.status(),
    auth: () => connection.authStatus(),
  });

  const defaultSession = session.defaultSession;
  guardSession(defaultSession);
  if (devServerUrl) {
    defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [developmentCsp(appOrigin)] } });
    });
  }
  serveRenderer(defaultSession, join(here, '../renderer'), dictations.recordingPath);
  guardAllContents(app, (url) => isTrustedFrame({ url, isMainFrame: true }, appOrigin));

  window = createMainWindow({ preloadPath: join(here, '../preload/index.cjs'), url: devServerUrl ?? `${APP_ORIGIN}/index.html` });
  const mainWindow = window;
  /** Signs in with the stored credentials now; a success lifts a sign-in hold, a failure is shown in the status. */
  const signInNow = async () => {
    await connection.apply();
    try {
      await connection.signInAgain();
      health.credentialsChanged();
      dictations.engine.kick();
      records.outbox.kick();
    } catch (error) {
      log.warn(`auth: sign-in attempt failed (${(error as { kind?: string }).kind ?? 'error'})`);
    }
    status.refresh();
  };
  registerOperations(
    {
      getSettings: () => settings.view(),
      updateSettings: (patch) => settings.update(patch),
      setSecret: ({ name, value }) => settings.setSecret(name, value),
      signIn: async ({ clientId, clientSecret }) => {
        const saved = settings.saveCredentials(clientId, clientSecret);
        if (saved.ok) await signInNow();
        return saved;
      },
      signInAgain: async () => {
        await signInNow();
        return connection.authStatus();
      },
      listMicrophones: () => listMicrophones(),
      getStatus: () => status.current(),
      ...dictations.handlers,
      ...records.handlers,
      getRegistration: () => registration.view(),
      startRegistration: ({ aadhaarNumber, consentText }) => registration.start(aadhaarNumber, consentText),
      resendRegistrationOtp: () => registration.resend(),
      resetRegistration: () => registration.reset(),
      getUpdateStatus: () => updates.current(),
      checkForUpdates: () => updates.check(),
      restartToUpdate: () => updates.restartNow(),
    },
    { appOrigin, isAppWindow: (contents) => BrowserWindow.fromWebContents(contents) === mainWindow },
  );

  settings.onChange((view) => {
    send('settingsChanged', view);
    health.credentialsChanged();
    void connection.apply().then(() => {
      void connection.signInIfNeeded();
      dictations.applySettings();
      records.outbox.kick();
      send('updateChanged', updates.current());
      status.refresh();
    });
  });
  status.onChange((current) => send('statusChanged', current));
  status.start();
  dictations.start();
  records.start();
  updates.start();
  void connection.signInIfNeeded();

  app.on('second-instance', () => focusWindow(mainWindow));
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    status.stop();
    dictations.dispose();
    records.dispose();
    updates.stop();
    void serviceClient.close();
    void connection.stop();
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
