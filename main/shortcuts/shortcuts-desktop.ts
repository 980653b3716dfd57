/** What the shortcuts need of the desktop app: Electron's (electron-desktop.ts) is passed in by the shell. Types only. */
import type { AcceleratorRegistry } from './global-shortcut';
import type { KeyboardDesktop } from './keyboard-hook';

export interface ShortcutsDesktop {
  accelerators: AcceleratorRegistry;
  keyboard: KeyboardDesktop;
  /** Runs `run` whenever one of the app's windows gets the focus; returns the disposer. */
  onAppFocus(run: () => void): () => void;
}
