/** One global shortcut (the OS's, passed in): works while the app is in the background; sees presses only. Pure. */
import { shortcutTextFor } from '../../contract/shortcut-text';

/** The OS's global shortcuts, by accelerator ("CommandOrControl+Shift+R"): Electron's in the app (electron-desktop.ts). */
export interface AcceleratorRegistry {
  /** False (or a throw) when the OS refuses it. */
  register(accelerator: string, onPressed: () => void): boolean;
  unregister(accelerator: string): void;
}

export class GlobalShortcut {
  private registered: string | null = null;

  constructor(
    private readonly onPressed: () => void,
    private readonly accelerators: AcceleratorRegistry,
  ) {}

  /** Registers `accelerator` (empty: none). Returns a message when the OS refuses it. */
  apply(accelerator: string): string | null {
    if (accelerator === this.registered) return null;
    if (this.registered) this.accelerators.unregister(this.registered);
    this.registered = null;
    if (accelerator === '') return null;
    let ok = false;
    try {
      ok = this.accelerators.register(accelerator, this.onPressed);
    } catch {
      ok = false;
    }
    if (!ok) return `The shortcut ${shortcutTextFor(accelerator, process.platform === 'darwin')} could not be registered (another program may be using it). Choose another in Settings.`;
    this.registered = accelerator;
    return null;
  }

  current(): string | null {
    return this.registered;
  }

  dispose(): void {
    if (this.registered) this.accelerators.unregister(this.registered);
    this.registered = null;
  }
}
