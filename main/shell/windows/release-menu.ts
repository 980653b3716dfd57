/** Puts the release build's menu (release-menu-template.ts) in place. */
import { Menu } from 'electron';
import { releaseMenuTemplate } from './release-menu-template';

export function useReleaseMenu(platform: NodeJS.Platform): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(releaseMenuTemplate(platform)));
}
