/**
 * The app's one window, as the features see it: whether it exists, events sent to its page,
 * and the parent for dialogs. Features get this object, never a variable assigned later.
 */
import { BrowserWindow, type WebContents } from 'electron';
import type { EventName, EventPayload } from '../../contract/ipc';
import { sendEvent } from '../ipc/register-operations';
import { createMainWindow, focusWindow, type MainWindowOptions } from './main-window';

export class AppWindow {
  private window: BrowserWindow | null = null;

  open(options: MainWindowOptions): BrowserWindow {
    this.window = createMainWindow(options);
    this.window.on('closed', () => {
      this.window = null;
    });
    return this.window;
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
export type WindowEvents = Pick<AppWindow, 'send' | 'current'>;
