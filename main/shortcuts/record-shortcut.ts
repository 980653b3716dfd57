/**
 * The global shortcut that records while the app is in the background: press to start and
 * press again to stop, or, where the keyboard hook can run, hold to record and release to
 * stop. The hook follows each press until its keys are let go (record-toggle-or-hold.ts).
 */
import type { Clock } from '../core/clock';
import { keyBindingOf } from './accelerator-keys';
import { GlobalShortcut, type AcceleratorRegistry } from './global-shortcut';
import type { KeyboardHook } from './keyboard-hook';
import { ShortcutRecording, type RecordingSwitch } from './record-toggle-or-hold';

export class RecordShortcut {
  private readonly shortcut: GlobalShortcut;
  private readonly control: ShortcutRecording;
  private applied: { accelerator: string; hold: boolean } | null = null;

  constructor(
    recording: RecordingSwitch,
    private readonly hook: KeyboardHook,
    accelerators: AcceleratorRegistry,
    clock: Clock,
  ) {
    this.control = new ShortcutRecording(recording, clock, {
      available: () => hook.problem() === null,
      // After the press has been acted on and its work is on its way.
      begin: () => hook.begin(),
    });
    this.shortcut = new GlobalShortcut(() => this.control.pressed(), accelerators);
    hook.onKey({ keyDown: (code) => this.control.keyDown(code), keyUp: (code) => this.control.keyUp(code) });
  }

  /**
   * Registers `accelerator` (empty: none) and its mode. Hold works only where the keyboard
   * hook can run; otherwise the shortcut toggles. Returns a message when the OS refuses the shortcut.
   */
  apply(accelerator: string, hold: boolean): string | null {
    const problem = this.shortcut.apply(accelerator);
    const holds = hold && this.hook.problem() === null && this.shortcut.current() !== null;
    // Only a change of shortcut or mode resets the tracker: a press followed now survives other settings' changes.
    if (this.applied?.accelerator !== accelerator || this.applied.hold !== holds) {
      this.control.use(accelerator ? keyBindingOf(accelerator, process.platform) : null, holds);
      this.applied = { accelerator, hold: holds };
    }
    return problem;
  }

  /** Whether the shortcut records while held (false: it toggles). */
  holds(): boolean {
    return this.applied?.hold ?? false;
  }

  current(): string | null {
    return this.shortcut.current();
  }

  dispose(): void {
    this.shortcut.dispose();
  }
}
