/**
 * The menu of a release build: the OS's usual File, Edit (copy and paste need it on macOS)
 * and Window menus, without View's reload and developer tools. Pure: no Electron.
 */
import type { MenuItemConstructorOptions } from 'electron';

export function releaseMenuTemplate(platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  return [...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : []), { role: 'fileMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }];
}
