/**
 * The menu of a release build: the OS's usual File, Edit (copy and paste need it on macOS)
 * and Window menus, without View's reload and developer tools.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';

export function useReleaseMenu(platform: NodeJS.Platform): void {
  const template: MenuItemConstructorOptions[] = [...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : []), { role: 'fileMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
