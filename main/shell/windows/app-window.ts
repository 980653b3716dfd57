/**
 * The app's one window, as the features see it: whether it exists, events sent to its page,
 * and the parent for dialogs. Features get this object, never a variable assigned later.
 */
import { BrowserWindow, type WebContents } from 'electron';
import type { EventName, EventPayload } from '../../../contract/ipc';
import type { Clock } from '../../core/clock';
import { sendEvent } from '../ipc/send-event';
import { log } from '../log';
import { createMainWindow, focusWindow, type MainWindowOptions } from './main-window';
import { ReloadPolicy } from './reload-policy';

export class AppWindow {
  private window: BrowserWindow | null = null;
  private readonly reloads = new ReloadPolicy();
  private reloadNotice = false;

  /** `clock`: when the page's process ended, and the wait before its reload. */
  constructor(private readonly clock: Pick<Clock, 'now' | 'setTimeout'>) {}

  open(options: MainWindowOptions): BrowserWindow {
    const window = createMainWindow(options);
    this.window = window;
    window.on('closed', () => {
      this.window = null;
    });
    // Everything the page shows lives in main, so a new page loses nothing.
    window.webContents.on('render-process-gone', (_event, details) => {
      const delay = this.reloads.afterExit(details.reason, this.clock.now());
      if (delay === null) return;
      log.warn(`window: the page's process ended (${details.reason}); reloading${delay > 0 ? ` in ${delay} ms` : ''}`);
      this.reloadNotice = true;
      this.clock.setTimeout(() => {
        if (!window.isDestroyed()) void window.webContents.loadURL(options.url);
      }, delay);
    });
    return window;
  }

  /** True once after the window was reloaded because its page's process died. */
  takeReloadNotice(): boolean {
    const notice = this.reloadNotice;
    this.reloadNotice = false;
    return notice;
  }

  get current(): BrowserWindow | null {
    return this.window && !this.window.isDestroyed() ? this.window : null;
  }

  /** Tells the page; nothing happens before the window exists or after it closed. */
  send<K extends EventName>(name: K, payload: EventPayload<K>): void {
    const window = this.current;
    if (window) sendEvent(window.webContents, name, payload);
  }

  isAppWindow(contents: WebContents): boolean {
    const window = this.current;
    return window !== null && BrowserWindow.fromWebContents(contents) === window;
  }

  focus(): void {
    const window = this.current;
    if (window) focusWindow(window);
  }
}

/** What features use of the window. */
export type WindowEvents = Pick<AppWindow, 'send' | 'current' | 'focus'>;
