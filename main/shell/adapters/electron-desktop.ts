/**
 * What the shortcuts need of Electron, and nothing else: global shortcuts, the permission to
 * follow keys (macOS accessibility), the app's focus and its quitting. The shell passes it to
 * the shortcuts (shortcuts-desktop.ts); nothing below the shell imports it.
 */
import { app, globalShortcut, systemPreferences } from 'electron';
import type { ShortcutsDesktop } from '../../shortcuts/shortcuts-desktop';

export const electronShortcutsDesktop: ShortcutsDesktop = {
  accelerators: {
    register: (accelerator, onPressed) => globalShortcut.register(accelerator, onPressed),
    unregister: (accelerator) => globalShortcut.unregister(accelerator),
  },
  keyboard: {
    isTrusted: (ask) => systemPreferences.isTrustedAccessibilityClient(ask),
    beforeQuit: (run) => {
      app.once('will-quit', run);
    },
  },
  onAppFocus: (run) => {
    app.on('browser-window-focus', run);
    return () => {
      app.off('browser-window-focus', run);
    };
  },
};
