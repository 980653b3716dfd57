/**
 * The global shortcut that copies the newest note and, when the setting asks, pastes it into
 * the field that has focus in the other program: by the OS's paste keys (Ctrl+V, Cmd+V)
 * once the shortcut's own keys are let go, since a Ctrl+V pressed while Alt is still held
 * reaches that program as Ctrl+Alt+V.
 */
import { keyBindingOf, type KeyBinding } from './accelerator-keys';
import { GlobalShortcut } from './global-shortcut';
import { log } from '../log';
import type { KeyboardHook } from './keyboard-hook';

/** How long the shortcut's keys may stay down before the paste is given up (the note stays copied). */
const RELEASE_WAIT_MS = 3_000;
/** The hook may report the shortcut's keys going down a moment after the shortcut fired. */
const SETTLE_MS = 50;

export interface CopyNoteActions {
  /** Copies the note of the dictation in view, else the newest; `which` names it (label, time); why not, for the user. */
  copyLatest(): Promise<{ copied: true; which: string } | { copied: false; reason: string }>;
  /** True when a window of this app has focus: there is no other program to paste into. */
  appHasFocus(): boolean;
  /** Tells the user what happened (the app may be in the background). Never patient data. */
  tell(title: string, body: string): void;
}

function anyDown(hook: KeyboardHook, binding: KeyBinding): boolean {
  return hook.keys.anyOf(binding.key) || binding.modifiers.some((codes) => hook.keys.anyOf(codes));
}

/** Resolves true once none of the binding's keys is down, false after `timeoutMs`. */
function released(hook: KeyboardHook, binding: KeyBinding, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unlisten();
      resolve(value);
    };
    const check = () => {
      if (!anyDown(hook, binding)) finish(true);
    };
    const unlisten = hook.onKey({ keyDown: () => undefined, keyUp: () => setImmediate(check) });
    const timer = setTimeout(() => finish(false), timeoutMs);
    setTimeout(check, SETTLE_MS);
  });
}

export class CopyNoteShortcut {
  private readonly shortcut = new GlobalShortcut(() => this.pressed());
  private binding: KeyBinding | null = null;
  private insert = false;

  constructor(
    private readonly actions: CopyNoteActions,
    private readonly hook: KeyboardHook,
  ) {}

  /** Registers `accelerator` (empty: none); `insert`: also paste (where the keyboard hook runs). Returns a message when the OS refuses the shortcut. */
  apply(accelerator: string, insert: boolean): string | null {
    const problem = this.shortcut.apply(accelerator);
    this.binding = keyBindingOf(accelerator, process.platform);
    this.insert = insert;
    return problem;
  }

  current(): string | null {
    return this.shortcut.current();
  }

  dispose(): void {
    this.shortcut.dispose();
  }

  private pressed(): void {
    void this.copyAndPaste().catch((error: unknown) => {
      log.warn(`copy: the note could not be copied (${(error as Error).message})`);
      this.actions.tell('Note not copied', 'The note could not be put on the clipboard.');
    });
  }

  private async copyAndPaste(): Promise<void> {
    const copy = await this.actions.copyLatest();
    if (!copy.copied) {
      this.actions.tell('Note not copied', copy.reason);
      return;
    }
    const copied = `The note of ${copy.which} is on the clipboard.`;
    if (!this.insert || !this.binding || !this.hook.isRunning() || this.actions.appHasFocus()) {
      this.actions.tell('Note copied', copied);
      return;
    }
    if (!(await released(this.hook, this.binding, RELEASE_WAIT_MS)) || !this.hook.isRunning()) {
      this.actions.tell('Note copied, not pasted', `${copied} The shortcut's keys were held too long to paste it; paste it yourself.`);
      return;
    }
    try {
      this.hook.paste();
      log.info('copy: the note was pasted into the program that has focus');
    } catch (error) {
      log.warn(`copy: the paste keys could not be pressed (${(error as Error).message})`);
      this.actions.tell('Note copied, not pasted', `${copied} It could not be pasted; paste it yourself.`);
    }
  }
}
