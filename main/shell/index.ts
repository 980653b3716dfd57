/**
 * Entry and composition root: secure the app, start the recorder's process, open the window,
 * then build the features (main/shell/features.ts) while the page's process starts. Only what
 * the window needs is loaded before it opens.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, session } from 'electron';
import { debuggingSwitches, parseAppArguments } from '../core/app-arguments';
import { auditCommandOf } from '../audit/audit-command';
import { DEVELOPMENT_BUILD } from '../core/build-kind';
import { RecorderHost } from './adapters/recorder-host';
import { unpacked } from '../audio/unpacked-path';
import { appClock, processClock } from '../core/clock';
import { atUsualPriority } from '../core/usual-priority';
import { STARTUP_LINE, StartupMarks } from '../core/startup-marks';
import { compileFromCodeCache } from './code-cache';
import type { Features } from './features';
import { loadFeatureCode } from './feature-code';
import { openOperationGate } from './ipc/operation-gate';
import { isTrustedFrame } from './ipc/trusted-sender';
import { initLog, log } from './log';
import { checkDataFolder, openDataFolder, refuseDataFolder } from './data-folder-start';
import { PAGE_ASSETS_SERVED, registerAppScheme, serveRenderer } from './windows/app-protocol';
import { AppWindow } from './windows/app-window';
import { useReleaseMenu } from './windows/release-menu';
import { compositesOnGraphics, drawInSoftwareFromTheStart, noteGraphics } from './windows/software-drawing';
import { APP_ORIGIN, developmentCsp } from './windows/content-security-policy';
import { guardAllContents, guardPermissions } from './windows/web-guards';

const here = dirname(fileURLToPath(import.meta.url));
const codeCache = compileFromCodeCache(here);
const args = parseAppArguments(process.argv, process.cwd());
if (args.userDataDir) app.setPath('userData', args.userDataDir);
// Before anything writes in the data folder: a folder a newer version wrote is not touched.
const dataFolder = checkDataFolder(app.getPath('userData'));
// `--audit-verify`, `--audit-export=<file>`: printed and done, with no window and nothing written in the data folder.
const auditCommand = auditCommandOf(process.argv, process.cwd());
if (dataFolder.kind === 'open' && !auditCommand) initLog(app.getPath('userData'));
registerAppScheme();
// Sandbox every renderer, unless Chromium's sandbox was switched off (as root in CI), where
// forcing it makes the network service crash in a loop.
if (!app.commandLine.hasSwitch('no-sandbox')) app.enableSandbox();
// Before "ready": where the graphics could not composite at an earlier start, the page's first
// frame does not wait for the graphics processor to fail again (windows/software-drawing.ts).
const inSoftwareFromTheStart = dataFolder.kind === 'open' && !auditCommand && drawInSoftwareFromTheStart(app.getPath('userData'), process.versions.chrome, appClock.now());
if (inSoftwareFromTheStart) app.disableHardwareAcceleration();

/** The latest the features are built, and start, counted from the window's opening, whatever the page does. */
const FEATURES_BUILD_LATEST_MS = 2_000;
const FEATURES_START_LATEST_MS = 4_000;
/** The longest quitting waits for the features to stop. */
const QUIT_WAIT_MS = 3_000;
/** The features start this long after the window has been drawn. */
const START_AFTER_DRAWN_MS = 300;

const devServerUrl = DEVELOPMENT_BUILD ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
const appOrigin = devServerUrl ? new URL(devServerUrl).origin : APP_ORIGIN;

const startup = new StartupMarks(processClock);
/**
 * The recorder's process takes longest to start (a new process and the audio library, about
 * half a second): it starts first, on the core that making the window leaves free, so that even
 * the first Record, pressed as soon as the window shows, finds it ready. It holds no microphone
 * until then. `settled`: once it is ready, or could not start.
 */
function startRecorderAhead(): { recorderHost: RecorderHost; settled: Promise<void> } {
  const recorderHost = new RecorderHost(unpacked(join(here, 'recorder-process.cjs')));
  const settled = recorderHost.ensure().then(
    () => startup.mark('recorder ready'),
    (error: unknown) => log.warn(`recorder: not started ahead (${(error as Error).message})`),
  );
  return { recorderHost, settled };
}

async function start(): Promise<void> {
  await app.whenReady();
  startup.mark('app ready');
  const { recorderHost, settled: recorderSettled } = startRecorderAhead();
  if (!DEVELOPMENT_BUILD) useReleaseMenu(process.platform);
  const userData = app.getPath('userData');
  const defaultSession = session.defaultSession;
  guardPermissions(defaultSession);
  if (devServerUrl) {
    log.info(`window: page from the development server ${devServerUrl}`);
    defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [developmentCsp(appOrigin)] } });
    });
  }
  guardAllContents(app, (url) => isTrustedFrame({ url, isMainFrame: true }, appOrigin));

  const window = new AppWindow(appClock);
  let built: Features | null = null;
  let settle: { resolve(features: Features): void; reject(error: unknown): void } | null = null;
  const features = new Promise<Features>((resolve, reject) => (settle = { resolve, reject }));
  // A failure to build is reported once, by start()'s caller, which ends the app.
  const ignoreFailure = () => {};
  const dispatcher = features.then((value) => value.dispatcher);
  dispatcher.catch(ignoreFailure);
  openOperationGate(dispatcher, (name) => {
    if (name !== 'getRecorder' || startup.has('Record answered')) return;
    startup.mark('Record answered');
    // Start-up in one line of the log, once the recorder's process is there too.
    void recorderSettled.then(() => log.info(`${STARTUP_LINE}${startup}`));
    built?.firstAnswered(); // the features that sleep may wake now (feature-wakes.ts)
  });
  serveRenderer(
    defaultSession,
    join(here, '../renderer'),
    (id) => built?.recording(id) ?? null,
    (pathname) => {
      startup.mark(`${pathname} served`);
      if (pathname === PAGE_ASSETS_SERVED) setImmediate(() => buildFeatures());
    },
  );
  const shown = window.open({ preloadPath: join(here, '../preload/index.cjs'), url: devServerUrl ?? `${APP_ORIGIN}/index.html` });
  startup.mark('window opened');

  // Built while the page compiles and runs its script, when main is otherwise idle: from the
  // moment its files are served (at dom-ready from the development server; a little later
  // should the page never get that far). The page's calls wait at the gate until then.
  const buildFeatures = () => {
    const pending = settle;
    settle = null;
    if (!pending) return;
    startup.mark('features asked for');
    // The page's first frames do not wait on this work: it runs at the usual priority, not the display's (usual-priority.ts).
    atUsualPriority(async () => {
      const { buildFeatures: buildAll, loadBeforeFeatures } = await loadFeatureCode();
      startup.mark('features loaded');
      await loadBeforeFeatures(process.platform);
      built = buildAll({ userData, builtDir: here, recorderHost, policyFile: args.policyFile, appOrigin, window, clock: appClock });
      startup.mark('features built');
      return built;
    }, (problem) => log.warn(`features: ${problem}`)).then(pending.resolve, pending.reject);
  };
  shown.webContents.once('dom-ready', () => {
    startup.mark('page ran its script');
    buildFeatures();
  });
  setTimeout(buildFeatures, FEATURES_BUILD_LATEST_MS);

  // Their work starts a moment after the window has been drawn, so as not to compete with
  // the page's first moments.
  let started = false;
  const startFeatures = () => {
    startup.mark('window drawn');
    if (started) return;
    started = true;
    buildFeatures();
    features.then((value) => setTimeout(() => value.start(), START_AFTER_DRAWN_MS), ignoreFailure);
    // Drawn: the graphics processor has started or failed to.
    setImmediate(noteHowDrawn);
  };
  shown.once('ready-to-show', startFeatures);
  setTimeout(startFeatures, FEATURES_START_LATEST_MS);

  app.on('second-instance', () => window.focus());
  app.on('window-all-closed', () => app.quit());
  stopBeforeQuitting(() => (built ? built.stop() : Promise.resolve(recorderHost.dispose())));
  await features;
  sayStarted();
}

/** What this start found the graphics can do, for the next start; nothing to find when it did not try them. */
function noteHowDrawn(): void {
  if (inSoftwareFromTheStart) {
    log.info('window: drawn in software from the start: the graphics could not composite at an earlier start');
    return;
  }
  const composites = compositesOnGraphics(app.getGPUFeatureStatus().gpu_compositing);
  const changed = noteGraphics(app.getPath('userData'), process.versions.chrome, composites, appClock.now());
  if (changed) log.info(`window: ${changed}`);
}

/** Quitting waits for the features to stop (a copied note taken off the clipboard, connections closed), at most a few seconds; each step is in the log. */
function stopBeforeQuitting(stop: () => Promise<void>): void {
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping) return;
    stopping = true;
    event.preventDefault();
    log.info('app: quitting');
    const began = processClock.now();
    // Whatever stopping throws, even at once, the app still quits.
    const stopped = Promise.resolve().then(stop).then(() => true);
    const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), QUIT_WAIT_MS));
    void Promise.race([stopped, timeout])
      .then((inTime) => log.info(inTime ? `app: stopped in ${Math.round(processClock.now() - began)} ms` : `app: not every feature had stopped after ${QUIT_WAIT_MS / 1000} s; quitting all the same`))
      .catch((error: unknown) => log.warn(`app: a feature did not stop cleanly (${(error as Error).name})`))
      .finally(() => app.quit());
  });
  app.once('will-quit', () => log.info('app: windows closed, ending'));
}

/** The app's version and runtime, and whether main's code came from the build's code cache (code-cache.ts). */
function sayStarted(): void {
  log.info(`app: started ${app.getVersion()} (Electron ${process.versions.electron}); ${codeCache.used} chunks of main's code from its code cache`);
  if (codeCache.refused.length > 0) log.warn(`app: the code cache of ${codeCache.refused.join(', ')} was made by another Electron: compiled at start instead`);
}

// However the switch is spelled (app-arguments.ts), and before the app's first event: Electron
// starts the DevTools endpoint only after this script has run.
const refusedSwitches = DEVELOPMENT_BUILD ? [] : debuggingSwitches(app.commandLine, process.argv, process.platform);
// Taken off the command line Chromium acts on as well, so that nothing starts one on the way out.
for (const name of refusedSwitches) app.commandLine.removeSwitch(name);
if (refusedSwitches.length > 0) {
  log.warn(`app: not started: a release build does not run with ${refusedSwitches.map((name) => `--${name}`).join(', ')}`);
  app.exit(1);
} else if (auditCommand) {
  const userData = app.getPath('userData');
  import('./audit-command-start')
    .then(({ runAuditCommand }) => runAuditCommand(auditCommand, userData, dataFolder, args.policyFile))
    .catch((error: unknown) => {
      process.stderr.write(`The audit command could not start: ${(error as Error).message}\n`);
      app.exit(1);
    });
} else if (dataFolder.kind !== 'open') {
  refuseDataFolder(app.getPath('userData'), dataFolder);
} else if (app.requestSingleInstanceLock()) {
  // One instance at a time brings an older folder up to this version's format.
  Promise.resolve()
    .then(() => openDataFolder(app.getPath('userData'), dataFolder))
    .then(start)
    .catch((error: unknown) => {
      log.error('app: failed to start', error);
      app.exit(1);
    });
} else {
  app.quit();
}
