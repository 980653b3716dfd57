/**
 * Patient text put on the clipboard by the app is taken off it again after a while, if the
 * clipboard still holds it (whatever the user copied since is left alone), and when the app
 * quits. Pure: the clipboard and the clock are passed in.
 */

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
  setTimer?(run: () => void, ms: number): { cancel(): void };
  onCleared?(): void;
}

const nodeTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return { cancel: () => clearTimeout(timer) };
};

export class ClipboardExpiry {
  private pending: { text: string; timer: { cancel(): void } } | null = null;

  constructor(private readonly deps: ClipboardExpiryDeps) {}

  /** `text` was just put on the clipboard. */
  copied(text: string): void {
    this.pending?.timer.cancel();
    this.pending = null;
    if (!this.deps.enabled()) return;
    const timer = (this.deps.setTimer ?? nodeTimer)(() => void this.clearIfStill(text), this.deps.keepMs ?? CLIPBOARD_KEEP_MS);
    this.pending = { text, timer };
  }

  /** The app is quitting: what it copied does not outlive it. */
  async dispose(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    pending.timer.cancel();
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
