/**
 * One place for what a page may not do: navigate away, open windows, embed <webview>,
 * or obtain a permission the app does not use. https links go to the OS browser.
 */
import { shell, type App, type Session, type WebContents } from 'electron';
import { log } from '../log';
import { isExternalLinkAllowed, isPermissionAllowed } from './security-rules';

export function guardPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    const allowed = isPermissionAllowed(permission);
    if (!allowed) log.warn(`security: refused permission "${permission}"`);
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback({}));
}

function guardContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  const refuseNavigation = (event: Electron.Event, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    log.warn('security: blocked navigation away from the app');
    if (isExternalLinkAllowed(url)) void shell.openExternal(url);
  };
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLinkAllowed(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function guardAllContents(app: App, isAppUrl: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents, isAppUrl));
}
