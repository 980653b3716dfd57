/**
 * Patient text put on the clipboard by the app is taken off it again after a while, if the
 * clipboard still holds it (whatever the user copied since is left alone), and when the app
 * quits. Pure: the clipboard and the clock are passed in.
 */
import type { Clock, ClockTimer } from '../core/clock';

/** How long a copied note stays on the clipboard. */
export const CLIPBOARD_KEEP_MS = 2 * 60 * 1000;

export interface ExpiringClipboard {
  /** The clipboard's plain text (Electron's newer clipboard answers with a promise). */
  readText(): string | Promise<string>;
  clear(): void;
}

export interface ClipboardExpiryDeps {
  clipboard: ExpiringClipboard;
  /** The setting: clear the clipboard after CLIPBOARD_KEEP_MS. */
  enabled(): boolean;
  keepMs?: number;
  /** The clock the two minutes are counted on. */
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  onCleared?(): void;
}

export class ClipboardExpiry {
  private pending: { text: string; timer: ClockTimer } | null = null;

  private readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;

  constructor(private readonly deps: ClipboardExpiryDeps) {
    this.clock = deps.clock;
  }

  /** `text` was just put on the clipboard. */
  copied(text: string): void {
    if (this.pending) this.clock.clearTimeout(this.pending.timer);
    this.pending = null;
    if (!this.deps.enabled()) return;
    const timer = this.clock.setTimeout(() => void this.clearIfStill(text), this.deps.keepMs ?? CLIPBOARD_KEEP_MS);
    this.pending = { text, timer };
  }

  /** The app is quitting: what it copied does not outlive it. */
  async dispose(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    this.clock.clearTimeout(pending.timer);
    await this.clearIfStill(pending.text);
  }

  private async clearIfStill(text: string): Promise<void> {
    if (this.pending?.text !== text) return;
    this.pending = null;
    let current: string;
    try {
      current = await this.deps.clipboard.readText();
    } catch {
      return;
    }
    if (current !== text) return;
    this.deps.clipboard.clear();
    this.deps.onCleared?.();
  }
}
