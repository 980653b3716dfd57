/**
 * The global shortcut that copies the note of the dictation in view (else the newest) and,
 * when the setting asks, pastes it into the field that has focus in the other program: by the
 * OS's paste keys (Ctrl+V, Cmd+V) once the shortcut's own keys are let go, since a Ctrl+V
 * pressed while Alt is still held reaches that program as Ctrl+Alt+V. The keyboard hook runs
 * from the press until then only. Right before pasting, focus is asked again: if it moved to
 * Scribe Desk, or to no window at all, nothing is pasted.
 */
import { isBindingKey, keyBindingOf, MODIFIER_CODES, type KeyBinding } from './accelerator-keys';
import { GlobalShortcut } from './global-shortcut';
import { log } from '../log';
import type { KeyboardHook } from './keyboard-hook';

/** Once the shortcut's keys are seen let go, this long without any of them pressed again means all are up. */
const RELEASE_SETTLE_MS = 100;
/** Nothing of the shortcut seen for this long: its keys were let go before the hook could watch (a held key would have repeated). */
const UNSEEN_RELEASE_MS = 1_100;
/** How long the shortcut's keys may stay down before the paste is given up (the note stays copied). */
const RELEASE_WAIT_MS = 4_000;

export interface CopyNoteActions {
  /** Copies the note of the dictation in view, else the newest; `which` names it (label, time); why not, for the user. */
  copyLatest(): Promise<{ copied: true; which: string } | { copied: false; reason: string }>;
  /** True when a window of this app has focus: there is no other program to paste into. */
  appHasFocus(): boolean;
  /** True when some window (of any program) has focus, false when none has, null when the OS cannot be asked. */
  someWindowHasFocus(): boolean | null;
  /** Tells the user what happened (the app may be in the background). */
  tell(title: string, body: string): void;
}

/** Resolves true once the shortcut's keys are let go, false when they are held past `timeoutMs`. */
function released(hook: KeyboardHook, binding: KeyBinding, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settle: NodeJS.Timeout | null = null;
    const finish = (value: boolean) => {
      clearTimeout(unseen);
      clearTimeout(limit);
      if (settle) clearTimeout(settle);
      unlisten();
      resolve(value);
    };
    const unseen = setTimeout(() => finish(true), UNSEEN_RELEASE_MS);
    const limit = setTimeout(() => finish(false), timeoutMs);
    const ofShortcut = (code: number) => isBindingKey(binding, code) || !MODIFIER_CODES.has(code);
    const unlisten = hook.onKey({
      keyDown: (code) => {
        if (!ofShortcut(code)) return;
        clearTimeout(unseen);
        if (settle) clearTimeout(settle);
        settle = null;
      },
      keyUp: (code) => {
        if (!ofShortcut(code)) return;
        clearTimeout(unseen);
        if (settle) clearTimeout(settle);
        settle = setTimeout(() => {
          if (!binding.modifiers.some((codes) => hook.keys.anyOf(codes)) && !hook.keys.anyOf(binding.key)) finish(true);
        }, RELEASE_SETTLE_MS);
      },
    });
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

  /** Registers `accelerator` (empty: none); `insert`: also paste (where the keyboard hook can run). Returns a message when the OS refuses the shortcut. */
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
    // The hook follows the press from the start, so that the release is seen.
    const session = this.insert && this.binding ? this.hook.begin() : null;
    void this.copyAndPaste(session !== null)
      .catch((error: unknown) => {
        log.warn(`copy: the note could not be copied (${(error as Error).message})`);
        this.actions.tell('Note not copied', 'The note could not be put on the clipboard.');
      })
      .finally(() => session?.end());
  }

  private async copyAndPaste(paste: boolean): Promise<void> {
    const copy = await this.actions.copyLatest();
    if (!copy.copied) {
      this.actions.tell('Note not copied', copy.reason);
      return;
    }
    const copied = `The note of ${copy.which} is on the clipboard.`;
    if (!paste || !this.binding) {
      this.actions.tell('Note copied', copied);
      return;
    }
    if (!(await released(this.hook, this.binding, RELEASE_WAIT_MS))) {
      this.actions.tell('Note copied, not pasted', `${copied} The shortcut's keys were held too long to paste it; paste it yourself.`);
      return;
    }
    // Asked again right before pasting: focus may have moved while the keys were held.
    if (this.actions.appHasFocus() || this.actions.someWindowHasFocus() === false) {
      log.info('copy: not pasted, focus is on Scribe Desk or on no window');
      this.actions.tell('Note copied, not pasted', `${copied} No other program's field had the focus, so it was not pasted.`);
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
