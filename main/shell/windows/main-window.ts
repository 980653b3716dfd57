/** The app's single window: sandboxed, isolated, with the bridge preload. */
import { BrowserWindow } from 'electron';
import { DEVELOPMENT_BUILD } from '../../core/build-kind';
import { log } from '../log';

export interface MainWindowOptions {
  preloadPath: string;
  url: string;
}

export function createMainWindow({ preloadPath, url }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 880,
    minHeight: 600,
    show: false,
    title: 'Scribe Desk',
    backgroundColor: '#f6f7f9',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: DEVELOPMENT_BUILD,
      // The doctor records by shortcut from another program: the page plays the start cue and
      // reports its end at once, not at a throttled timer's next tick behind the EMR.
      backgroundThrottling: false,
    },
  });
  window.once('ready-to-show', () => {
    window.show();
    log.info('window: shown');
  });
  void window.loadURL(url);
  return window;
}

/** Brings the window to the front, e.g. when a second copy of the app is launched. */
export function focusWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
