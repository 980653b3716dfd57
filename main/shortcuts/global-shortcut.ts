/** One global shortcut (Electron's globalShortcut): works while the app is in the background; sees presses only. */
import { shortcutTextFor } from '../../contract/shortcut-text';
import { electronAccelerators } from './electron-desktop';

/** The OS's global shortcuts, by accelerator ("CommandOrControl+Shift+R"). */
export interface AcceleratorRegistry {
  /** False (or a throw) when the OS refuses it. */
  register(accelerator: string, onPressed: () => void): boolean;
  unregister(accelerator: string): void;
}

export class GlobalShortcut {
  private registered: string | null = null;

  constructor(
    private readonly onPressed: () => void,
    private readonly accelerators: AcceleratorRegistry = electronAccelerators,
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
