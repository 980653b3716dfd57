/**
 * The system clipboard as patient data uses it: one write of text and HTML (or text only, for
 * a program that takes plain text), with the markers that ask clipboard managers not to keep it
 * where the OS offers them; taken off the clipboard after the set time if it is still there;
 * withdrawn on request (a refused copy, a recording for another patient) when the clipboard
 * still holds exactly what the app put there; and, around a paste into another program, the
 * doctor's earlier content read before and put back after. Only copy-path.ts writes through it.
 */
import type { CopiedText } from '../../contract/copy-heading';
import { ClipboardExpiry, type ExpiringClipboard } from './clipboard-expiry';
import { readEarlier, writeEarlier, type EarlierClipboardDeps, type EarlierContent } from './earlier-clipboard';

/**
 * Electron's clipboard module, passed in by the dictation feature: `ClipboardItem` where this
 * Electron has the W3C-like clipboard, none where it does not (then `write` takes the formats).
 */
export interface SystemClipboard {
  clipboard: ExpiringClipboard & { write(items: unknown[]): Promise<void> };
  ClipboardItem?: new (formats: Record<string, string | Blob>) => unknown;
  nativeImage?: { createFromBuffer(png: Buffer): unknown };
}

/** How the note goes on the clipboard: text and HTML, or text only. */
export type ClipboardForm = 'rich' | 'plain';

/** After a paste: the earlier content is back, the user had copied something else (left alone), or it could not be put back (the note stays, cleared later as any copy). */
export type PutBack = 'restored' | 'changed' | 'unreadable' | 'failed';

/** The synchronous clipboard of Electron before its W3C-like one (the tests' runtime, Electron 33). */
interface FormatsClipboard {
  write(data: { text: string; html?: string }): void;
}

const osFormat = (name: string) => `electron application/osclipboard;format="${name}"`;
const NOTHING = () => new Blob([new Uint32Array([0])]);

/** The markers each OS's clipboard history honours for a password or other secret. */
function keepOutOfHistory(platform: NodeJS.Platform): Record<string, string | Blob> {
  switch (platform) {
    case 'win32':
      return { [osFormat('ExcludeClipboardContentFromMonitorProcessing')]: '', [osFormat('CanIncludeInClipboardHistory')]: NOTHING(), [osFormat('CanUploadToCloudClipboard')]: NOTHING() };
    case 'darwin':
      return { [osFormat('org.nspasteboard.ConcealedType')]: '' };
    default:
      return { [osFormat('x-kde-passwordManagerHint')]: 'secret' };
  }
}

export interface PatientClipboardOptions {
  /** The setting that takes copied text off the clipboard after two minutes. */
  clearLater(): boolean;
  /** Tells the log (never what was copied). */
  log(event: string): void;
  platform?: NodeJS.Platform;
  /** Whether some program holds the clipboard (X11 selection owner, Windows' formats), null when the OS cannot be asked. */
  held?(): boolean | null;
}

export class PatientClipboard {
  private readonly expiry: ClipboardExpiry;
  /** What the app last put on the clipboard, and whose it is (a label), until it is taken off. */
  private last: { text: string; owner: string | null } | null = null;

  constructor(
    private readonly system: SystemClipboard,
    private readonly options: PatientClipboardOptions,
  ) {
    this.expiry = new ClipboardExpiry({
      clipboard: system.clipboard,
      enabled: options.clearLater,
      onCleared: () => {
        this.last = null;
        options.log('copy: the copied text was taken off the clipboard');
      },
    });
  }

  /** Whose the app's copy still on the clipboard may be: its label ('' for none), or null when the app has nothing there. */
  ownerOfLast(): string | null {
    return this.last ? (this.last.owner ?? '') : null;
  }

  /**
   * Puts the text (and its HTML) on the clipboard in one write, so that a program reading either
   * gets the same. `owner`: the label of the patient it belongs to, when it has one.
   */
  async write(content: CopiedText, owner: string | null, form: ClipboardForm = 'rich'): Promise<void> {
    const { ClipboardItem, clipboard } = this.system;
    const html = form === 'rich' ? content.html : undefined;
    const formats = { 'text/plain': content.text, ...(html !== undefined ? { 'text/html': html } : {}) };
    if (ClipboardItem) {
      try {
        await clipboard.write([new ClipboardItem({ ...formats, ...keepOutOfHistory(this.options.platform ?? process.platform) })]);
      } catch {
        // An OS format this clipboard refuses: the text without the history markers.
        await clipboard.write([new ClipboardItem(formats)]);
      }
    } else {
      (clipboard as unknown as FormatsClipboard).write({ text: content.text, ...(html !== undefined ? { html } : {}) });
    }
    this.last = { text: content.text, owner };
    this.expiry.copied(content.text);
  }

  /**
   * Takes the app's last copy off the clipboard if the clipboard still holds exactly it; never
   * what the user copied since. True when it was taken off.
   */
  async withdraw(): Promise<boolean> {
    const last = this.last;
    if (!last) return false;
    this.last = null;
    if ((await this.readTextOrNull()) !== last.text) return false;
    this.system.clipboard.clear();
    return true;
  }

  /**
   * What the clipboard holds before a paste, to put back after it. The app's own earlier copy
   * (a note, maybe another patient's) is not put back: the clipboard is left empty instead.
   */
  async earlier(): Promise<EarlierContent> {
    if (this.last && (await this.readTextOrNull()) === this.last.text) return { kind: 'empty' };
    return readEarlier(this.earlierDeps());
  }

  /** After a paste of the app's last copy: puts `earlier` back if the clipboard still holds that copy. */
  async putBack(earlier: EarlierContent): Promise<PutBack> {
    const last = this.last;
    if (!last || (await this.readTextOrNull()) !== last.text) return 'changed';
    if (earlier.kind === 'unreadable') return 'unreadable';
    try {
      await writeEarlier(this.earlierDeps(), earlier);
    } catch {
      return 'failed';
    }
    this.last = null;
    return 'restored';
  }

  private async readTextOrNull(): Promise<string | null> {
    try {
      return await this.system.clipboard.readText();
    } catch {
      return null;
    }
  }

  private earlierDeps(): EarlierClipboardDeps {
    const { clipboard, ClipboardItem, nativeImage } = this.system;
    return {
      clipboard: clipboard as unknown as EarlierClipboardDeps['clipboard'],
      ...(ClipboardItem ? { ClipboardItem: ClipboardItem as EarlierClipboardDeps['ClipboardItem'] } : {}),
      ...(nativeImage ? { imageFromPng: (png: Buffer) => nativeImage.createFromBuffer(png) } : {}),
      held: () => this.options.held?.() ?? null,
    };
  }

  async dispose(): Promise<void> {
    await this.expiry.dispose();
  }
}
