/**
 * What the shortcuts need of Electron, and nothing else: global shortcuts, the permission to
 * follow keys (macOS accessibility), the app's focus and its quitting.
 */
import { app, globalShortcut, systemPreferences } from 'electron';
import type { AcceleratorRegistry } from './global-shortcut';
import type { KeyboardDesktop } from './keyboard-hook';

export const electronAccelerators: AcceleratorRegistry = {
  register: (accelerator, onPressed) => globalShortcut.register(accelerator, onPressed),
  unregister: (accelerator) => globalShortcut.unregister(accelerator),
};

export const electronKeyboardDesktop: KeyboardDesktop = {
  isTrusted: (ask) => systemPreferences.isTrustedAccessibilityClient(ask),
  beforeQuit: (run) => {
    app.once('will-quit', run);
  },
};

/** Runs `run` whenever one of the app's windows gets the focus; returns the disposer. */
export function onAppFocus(run: () => void): () => void {
  app.on('browser-window-focus', run);
  return () => {
    app.off('browser-window-focus', run);
  };
}
