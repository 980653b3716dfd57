/**
 * The global shortcut that records while the app is in the background: press to start and
 * press again to stop, or, where the keyboard hook runs, hold to record and release to stop.
 */
import { keyBindingOf } from './accelerator-keys';
import { GlobalShortcut } from './global-shortcut';
import { HeldShortcut } from './held-keys';
import type { KeyboardHook } from './keyboard-hook';
import { ShortcutRecording, type ShortcutRecorder } from './shortcut-recording';

export class RecordShortcut {
  private readonly shortcut: GlobalShortcut;
  private readonly control: ShortcutRecording;
  /** The accelerator held to record, or null when the shortcut toggles. */
  private holdingFor: string | null = null;

  constructor(
    recorder: ShortcutRecorder,
    private readonly hook: KeyboardHook,
  ) {
    this.control = new ShortcutRecording(recorder, () => performance.now());
    this.shortcut = new GlobalShortcut(() => this.control.pressed());
    hook.onKey({ keyDown: (code) => this.control.keyDown(code), keyUp: (code) => this.control.keyUp(code) });
  }

  /**
   * Registers `accelerator` (empty: none) and its mode. Hold works only while the keyboard
   * hook runs; otherwise the shortcut toggles. Returns a message when the OS refuses the shortcut.
   */
  apply(accelerator: string, hold: boolean): string | null {
    const problem = this.shortcut.apply(accelerator);
    const binding = hold && this.hook.isRunning() && this.shortcut.current() ? keyBindingOf(accelerator, process.platform) : null;
    // Only a change of shortcut or mode resets the tracker: a hold in progress survives other settings' changes.
    const holdingFor = binding ? accelerator : null;
    if (holdingFor !== this.holdingFor) {
      this.control.useHold(binding ? new HeldShortcut(binding, this.hook.keys) : null);
      this.holdingFor = holdingFor;
    }
    return problem;
  }

  /** Whether the shortcut records while held (false: it toggles). */
  holds(): boolean {
    return this.holdingFor !== null;
  }

  current(): string | null {
    return this.shortcut.current();
  }

  dispose(): void {
    this.shortcut.dispose();
  }
}
