/**
 * Keys pressed and released anywhere on the desktop, and keys pressed on the user's behalf,
 * through uiohook-napi (libuiohook: XRecord and XTest on X11, a low-level keyboard hook and
 * SendInput on Windows, an event tap on macOS). Electron's globalShortcut sees presses only;
 * hold-to-record needs the releases, and pasting into another program needs a synthesized
 * Ctrl+V. The hook runs only while a shortcut's press is followed (`begin` until its keys are
 * let go), never while the app sits idle; the native library is loaded at the first press
 * that needs it. Where the desktop gives no program such access, `problem()` says why.
 */
import { createRequire } from 'node:module';
import type { Clock, ClockTimer } from '../core/clock';
import { Emitter } from '../core/emitter';
import type { EventLog } from '../core/event-log';
import { KEY, type ModifiersDown } from './accelerator-keys';
import { desktopKeyProblem } from './desktop-key-access';
import { KeysDown } from './held-keys';

interface UiohookKeyEvent {
  keycode: number;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/** The part of uiohook-napi this app uses. */
interface Uiohook {
  on(event: 'keydown' | 'keyup', listener: (event: UiohookKeyEvent) => void): unknown;
  start(): void;
  stop(): void;
  keyTap(key: number, modifiers?: number[]): void;
}

/** What the hook needs of the desktop app (Electron's: electron-desktop.ts). */
export interface KeyboardDesktop {
  /** macOS: whether the OS lets the app follow keys; `ask`: the OS asks the user, and opens the right pane of System Settings. */
  isTrusted(ask: boolean): boolean;
  /** Runs `run` when the app is about to quit. */
  beforeQuit(run: () => void): void;
}

export interface KeyListener {
  keyDown(code: number): void;
  /** `down`: the modifiers still down after this key went up, as the OS says. */
  keyUp(code: number, down: ModifiersDown): void;
}

const loadCommonJs = createRequire(import.meta.url);

/** The hook stops this long after the last followed press was let go. */
const STOP_AFTER_MS = 2_000;

export class KeyboardHook {
  /** What is down now; kept while the hook runs. */
  readonly keys = new KeysDown();
  private library: Uiohook | null = null;
  private loadProblem: string | null = null;
  private running = false;
  private asked = false;
  /** Presses followed now; the hook stops when none is. */
  private sessions = 0;
  private stopTimer: ClockTimer | null = null;
  private readonly downs = new Emitter<number>();
  private readonly ups = new Emitter<{ code: number; down: ModifiersDown }>();

  constructor(
    private readonly desktop: KeyboardDesktop,
    private readonly log: EventLog,
    private readonly clock: Clock,
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly env: Partial<Record<string, string>> = process.env,
  ) {}

  private trusted(): boolean {
    return this.platform !== 'darwin' || this.desktop.isTrusted(false);
  }

  /** Why the hook cannot run here (the desktop, the OS's permission, the library), or null. */
  problem(): string | null {
    return desktopKeyProblem(this.platform, this.env, this.trusted()) ?? this.loadProblem;
  }

  /**
   * Starts following the keys: the hook starts right after what is under way now (starting it
   * takes tens of milliseconds, which must not delay the press that asked for it); `end` lets
   * go, and the hook stops once nothing follows the keys. Null when no hook can run here.
   */
  begin(): { end(): void } | null {
    if (this.problem() !== null) {
      this.askOnce();
      return null;
    }
    this.sessions += 1;
    this.clock.clearTimeout(this.stopTimer);
    this.stopTimer = null;
    if (!this.running) {
      setImmediate(() => {
        if (this.sessions > 0 && !this.running) this.start();
      });
    }
    let ended = false;
    return {
      end: () => {
        if (ended) return;
        ended = true;
        this.sessions -= 1;
        if (this.sessions === 0) this.stopSoon();
      },
    };
  }

  /** macOS asks the user once, from the app, and opens the right pane of System Settings. */
  private askOnce(): void {
    if (this.platform === 'darwin' && !this.asked) {
      this.asked = true;
      this.desktop.isTrusted(true);
    }
  }

  /** Loads the library the first time and starts the hook; true once it runs. */
  private start(): boolean {
    try {
      this.library ??= this.load();
      this.keys.clear();
      this.library.start();
      this.running = true;
      this.loadProblem = null;
      this.log.info('keyboard: hook started');
      return true;
    } catch (error) {
      this.log.warn(`keyboard: the hook could not be started (${(error as Error).message})`);
      this.loadProblem = 'The keyboard library could not be started on this computer.';
      return false;
    }
  }

  isRunning(): boolean {
    return this.running;
  }

  onKey(listener: KeyListener): () => void {
    const offDown = this.downs.on((code) => listener.keyDown(code));
    const offUp = this.ups.on(({ code, down }) => listener.keyUp(code, down));
    return () => {
      offDown();
      offUp();
    };
  }

  /** Presses the OS's paste keys (Cmd+V on macOS, Ctrl+V elsewhere) in whatever program has focus. */
  paste(): void {
    if (!this.library || !this.running) throw new Error('The keyboard hook is not running.');
    this.library.keyTap(KEY.V, [this.platform === 'darwin' ? KEY.Meta : KEY.Ctrl]);
  }

  /**
   * Stopped a moment after the last press was let go, not at once: on X11 a hook stopped
   * while the press's recording starts holds up the window's next update by about a second.
   */
  private stopSoon(): void {
    this.clock.clearTimeout(this.stopTimer);
    this.stopTimer = this.clock.setTimeout(() => {
      this.stopTimer = null;
      if (this.sessions === 0) this.stop();
    }, STOP_AFTER_MS);
  }

  dispose(): void {
    this.clock.clearTimeout(this.stopTimer);
    this.sessions = 0;
    this.stop();
    this.downs.clear();
    this.ups.clear();
  }

  private stop(): void {
    if (!this.running) return;
    this.running = false;
    this.keys.clear();
    try {
      this.library?.stop();
      this.log.info('keyboard: hook stopped');
    } catch (error) {
      this.log.warn(`keyboard: the hook did not stop cleanly (${(error as Error).message})`);
    }
  }

  private load(): Uiohook {
    const { uIOhook } = loadCommonJs('uiohook-napi') as { uIOhook: Uiohook };
    uIOhook.on('keydown', ({ keycode }) => {
      this.keys.keyDown(keycode, this.clock.now());
      this.downs.emit(keycode);
    });
    uIOhook.on('keyup', ({ keycode, ctrlKey, altKey, shiftKey, metaKey }) => {
      this.keys.keyUp(keycode);
      this.ups.emit({ code: keycode, down: { ctrl: ctrlKey, alt: altKey, shift: shiftKey, meta: metaKey } });
    });
    // The hook's thread must be gone before the process exits.
    this.desktop.beforeQuit(() => this.stop());
    return uIOhook;
  }
}
